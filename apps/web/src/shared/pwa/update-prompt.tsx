import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { Button } from '../ui';
import {
  APP_BUILD,
  APP_VERSION,
  CHECK_EVERY_MS,
  FIRST_CHECK_MS,
  isUpdateAvailable,
  parseVersionFile,
  type ServerVersion,
} from './app-version';
import './update-prompt.css';

async function fetchServerVersion(): Promise<ServerVersion | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return parseVersionFile(await response.json());
  } catch {
    return null; // offline, or not JSON: ask again next time
  }
}

/**
 * Polls /version.json (first after 2 s, then every 24 h): whether the server runs another release, and how many checks
 * got an answer (shown as data-checks, so a browser test knows a check happened).
 */
function useUpdateAvailable(): { available: boolean; checks: number } {
  const [available, setAvailable] = useState(false);
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (APP_BUILD === null || available) return;
    let stopped = false;
    const check = async () => {
      const server = await fetchServerVersion();
      if (stopped || server === null) return;
      setChecks((n) => n + 1);
      if (isUpdateAvailable({ version: APP_VERSION, build: APP_BUILD }, server)) setAvailable(true);
    };
    const first = window.setTimeout(() => void check(), FIRST_CHECK_MS);
    const every = window.setInterval(() => void check(), CHECK_EVERY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, [available]);
  return { available, checks };
}

/**
 * A live region, always in the page (so screen readers announce what appears in it), that offers a reload when a
 * newer version of the app was deployed. Nothing is reloaded without the person's say: a form may be half filled.
 */
export function UpdatePrompt() {
  const t = useT();
  const { available, checks } = useUpdateAvailable();
  return (
    <div className="update-prompt" role="status" data-checks={checks}>
      {available ? (
        <div className="update-prompt__box">
          <p className="update-prompt__text">{t('pwa.updateAvailable')}</p>
          <Button type="button" onClick={() => window.location.reload()}>
            {t('pwa.reload')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
