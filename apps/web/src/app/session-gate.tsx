import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { sessionQueryOptions } from '../shared/auth';
import { I18nProvider, isLanguage, useT } from '../shared/i18n';
import { Alert, Button, Spinner } from '../shared/ui';

function BootScreen({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="page-container boot-screen" tabIndex={-1}>
      {children}
    </main>
  );
}

function BootError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  useEffect(() => {
    document.title = t('boot.errorTitle');
  }, [t]);
  return (
    <BootScreen>
      <h1>{t('boot.errorTitle')}</h1>
      <Alert>{t('boot.errorBody')}</Alert>
      <Button type="button" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </BootScreen>
  );
}

/**
 * Waits for GET /api/session (store, language, CSRF token) before rendering the app, then provides the store's
 * language. Until the language is known, the default (es) is used.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQueryOptions);
  const language = session.data && isLanguage(session.data.language) ? session.data.language : 'es';

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  if (session.data) return <I18nProvider language={language}>{children}</I18nProvider>;
  return (
    <I18nProvider language={language}>
      {session.isError ? (
        <BootError onRetry={() => void session.refetch()} />
      ) : (
        <BootScreen>
          <Spinner />
        </BootScreen>
      )}
    </I18nProvider>
  );
}
