import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  acceptAllConsent,
  makeConsent,
  OPTIONAL_CONSENT_LEVELS,
  rejectAllConsent,
  type ConsentChoice,
  type OptionalConsentLevel,
} from '@ventanilla/domain';
import { useT } from '../../shared/i18n';
import { Button, Link } from '../../shared/ui';
import { closeConsentSettings, useConsentSettingsOpen } from '../../shared/consent/consent-settings';
import { saveConsent, useConsent } from '../../shared/consent/consent-store';
import './cookie-consent.css';

type Outcome = 'accepted' | 'rejected' | 'saved';

/**
 * The cookie banner (docs/customer-panel.md, "Cookie consent"), GOV.UK's pattern: at the top of the page, before
 * everything else, on a first visit and whenever the footer's "Cookie settings" open it. It never blocks the page nor
 * holds focus: the page can be read and used around it. "Reject all" and "Accept all" are the same button side by
 * side; the levels, each with its own labelled switch (off unless chosen before), are one disclosure away. After a
 * choice made from the banner it says what was chosen (focused, so a keyboard user is not lost) until hidden; from
 * the settings, it closes and focus returns to the opener. Escape closes the settings without changing anything.
 */
export function CookieConsent() {
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dismissed, setDismissed] = useState(false);
  if (consent.state === 'unknown') return null;
  if (outcome && !settingsOpen) return <ConsentConfirmation outcome={outcome} onHide={() => setOutcome(null)} />;
  const firstVisit = consent.state === 'none' && !dismissed;
  if (!firstVisit && !settingsOpen) return null;
  const initial = consent.state === 'chosen' ? consent.choice.levels : null;
  return (
    <ConsentBanner
      initial={initial}
      fromSettings={settingsOpen}
      onChosen={(choice, kind) => {
        // The settings' own opener takes focus back: no message there. Chosen from the banner: say what was chosen.
        setOutcome(settingsOpen ? null : kind);
        saveConsent(choice);
      }}
      onClose={() => {
        setDismissed(true);
        closeConsentSettings();
      }}
    />
  );
}

function ConsentConfirmation({ outcome, onHide }: { outcome: Outcome; onHide: () => void }) {
  const t = useT();
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="cookie-consent" aria-labelledby={`${id}-title`}>
      <div className="page-container">
        <h2 id={`${id}-title`} className="visually-hidden">
          {t('consent.title')}
        </h2>
        <p ref={ref} tabIndex={-1} role="status" className="cookie-consent__confirmation">
          {t(`consent.outcome.${outcome}`)} {t('consent.changeLater')}
        </p>
        <Button type="button" variant="secondary" onClick={onHide}>
          {t('consent.hide')}
        </Button>
      </div>
    </section>
  );
}

function ConsentBanner({
  initial,
  fromSettings,
  onChosen,
  onClose,
}: {
  initial: Record<OptionalConsentLevel, boolean> | null;
  fromSettings: boolean;
  onChosen: (choice: ConsentChoice, outcome: Outcome) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const [levels, setLevels] = useState<Record<OptionalConsentLevel, boolean>>(
    initial ?? { functionality: false, tracking: false, targeting: false },
  );

  // Opened from the footer: the banner is at the top of the page, so focus goes to it (and back when it closes). On a
  // first visit focus stays where the page put it: the banner is simply the first thing in the tab order.
  useEffect(() => {
    if (!fromSettings) return;
    const opener = document.activeElement as HTMLElement | null;
    const title = ref.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-title`)}`);
    title?.focus();
    title?.scrollIntoView?.({ block: 'start' });
    return () => {
      if (opener && opener !== document.body && document.contains(opener)) opener.focus();
    };
  }, [fromSettings, id]);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChosen(
      makeConsent(
        OPTIONAL_CONSENT_LEVELS.filter((level) => levels[level]),
        new Date(),
      ),
      'saved',
    );
  }

  return (
    <section
      ref={ref}
      className="cookie-consent"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && fromSettings) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="page-container">
        <form noValidate onSubmit={save}>
          <h2 id={`${id}-title`} tabIndex={-1}>
            {t('consent.title')}
          </h2>
          <p>
            {t('consent.intro')}{' '}
            <Link to="/legal/cookies" onClick={fromSettings ? onClose : undefined}>
              {t('consent.policyLink')}
            </Link>
          </p>
          <div className="cookie-consent__choices">
            <Button type="button" variant="primary" onClick={() => onChosen(acceptAllConsent(new Date()), 'accepted')}>
              {t('consent.acceptAll')}
            </Button>
            <Button type="button" variant="primary" onClick={() => onChosen(rejectAllConsent(new Date()), 'rejected')}>
              {t('consent.rejectAll')}
            </Button>
          </div>
          <details className="cookie-consent__details" open={fromSettings}>
            <summary>{t('consent.chooseLevels')}</summary>
            <fieldset className="cookie-consent__levels">
              <legend>{t('consent.levelsLegend')}</legend>
              <div className="checkboxes__item">
                <input
                  type="checkbox"
                  id={`${id}-strictly-necessary`}
                  className="checkboxes__input"
                  checked
                  disabled
                  aria-describedby={`${id}-strictly-necessary-hint`}
                />
                <label className="checkboxes__label" htmlFor={`${id}-strictly-necessary`}>
                  {t('consent.level.strictly-necessary')}
                </label>
                <p className="hint" id={`${id}-strictly-necessary-hint`}>
                  {t('consent.levelHint.strictly-necessary')}
                </p>
              </div>
              {OPTIONAL_CONSENT_LEVELS.map((level) => (
                <div className="checkboxes__item" key={level}>
                  <input
                    type="checkbox"
                    id={`${id}-${level}`}
                    name={level}
                    className="checkboxes__input"
                    checked={levels[level]}
                    onChange={(event) => setLevels((prev) => ({ ...prev, [level]: event.target.checked }))}
                    aria-describedby={`${id}-${level}-hint`}
                  />
                  <label className="checkboxes__label" htmlFor={`${id}-${level}`}>
                    {t(`consent.level.${level}`)}
                  </label>
                  <p className="hint" id={`${id}-${level}-hint`}>
                    {t(`consent.levelHint.${level}`)}
                  </p>
                </div>
              ))}
            </fieldset>
            <Button type="submit" variant="secondary">
              {t('consent.save')}
            </Button>
          </details>
        </form>
      </div>
    </section>
  );
}
