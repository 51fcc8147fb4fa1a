import { useEffect } from 'react';
import { useStoreInfo } from '../auth/session';
import { useT } from '../i18n';
import { useServerMeta } from './server-render';

/** Sets "<page> - <store>" as the document title, with the "Error: " prefix while a form shows errors. */
export function useDocumentTitle(title: string | undefined, hasError = false): void {
  const t = useT();
  const store = useStoreInfo();
  const brand = store.data?.name ?? t('app.name');
  const full = title === undefined ? undefined : `${hasError ? t('form.titleErrorPrefix') : ''}${title} - ${brand}`;
  // On the server no effect runs: the page's title is handed to the HTML written around the rendered page.
  const serverMeta = useServerMeta();
  if (serverMeta && full !== undefined) serverMeta.title = full;
  useEffect(() => {
    if (full !== undefined) document.title = full;
  }, [full]);
}

/** The page's meta description (search results): written into the server-rendered HTML and kept up in the browser. */
export function usePageDescription(description: string | undefined): void {
  const serverMeta = useServerMeta();
  if (serverMeta && description !== undefined) serverMeta.description = description;
  useEffect(() => {
    if (description === undefined) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
