import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { sessionQueryOptions } from '../shared/auth/session'; // not the index, which needs the router (islands.tsx)
import {
  I18nProvider,
  isCompleteCatalogue,
  isLanguage,
  loadCatalogue,
  loadedCatalogue,
  loadMoreTexts,
  pageTextsMissed,
  useT,
} from '../shared/i18n';
import { queryKeys } from '../shared/lib/query-keys';
import { Alert, Button, Spinner } from '../shared/ui';
import { recoverFromChunkError } from './lazy-route';

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

/** The language the page was served in (`<html lang>`), whose catalogue the boot loads beside the session. */
export function pageLanguage(): 'es' | 'en' | 'pt' {
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : 'es';
}

/**
 * Waits for GET /api/session (store, language, CSRF token) and the language's texts (a chunk per language) before
 * rendering the app, then provides the store's language. Until the language is known, the page's is used.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQueryOptions);
  const language = session.data && isLanguage(session.data.language) ? session.data.language : pageLanguage();
  const catalogue = useQuery({
    queryKey: queryKeys.texts(language),
    queryFn: () =>
      loadCatalogue(language).catch((error: unknown) => {
        recoverFromChunkError(); // a chunk name of an older build: reload once
        throw error;
      }),
    // Already here (the boot loaded it, or the server render provided it): the first render has the texts.
    initialData: () => loadedCatalogue(language),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: session.isSuccess,
    // A change of store keeps the page (in the old texts for a moment) instead of the boot screen.
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // The texts a server-rendered page carried are only its own (catalogues.ts): the whole catalogue (on a page
  // hydrated as islands, the frame's texts) follows the hydration. It answers every later translation; the screens
  // render again with it only when one of them asked for a text the page did not carry (a signed-in header whose
  // session came first).
  const queryClient = useQueryClient();
  const pageTextsOnly = catalogue.data !== undefined && !isCompleteCatalogue(catalogue.data);
  useEffect(() => {
    if (!pageTextsOnly) return;
    let live = true;
    loadMoreTexts(language).then(
      (more) => {
        if (live && pageTextsMissed(language)) queryClient.setQueryData(queryKeys.texts(language), more);
      },
      () => {
        recoverFromChunkError(); // a chunk name of an older build: reload once
      },
    );
    return () => {
      live = false;
    };
  }, [pageTextsOnly, language, queryClient]);

  if (session.data && catalogue.data) {
    return (
      <I18nProvider language={language} catalogue={catalogue.data}>
        {children}
      </I18nProvider>
    );
  }
  const failed = session.isError || catalogue.isError;
  return (
    <I18nProvider language={language} catalogue={undefined}>
      {failed ? (
        <BootError onRetry={() => void (session.isError ? session.refetch() : catalogue.refetch())} />
      ) : (
        <BootScreen>
          <Spinner />
        </BootScreen>
      )}
    </I18nProvider>
  );
}
