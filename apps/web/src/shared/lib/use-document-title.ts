import { useEffect } from 'react';
import { useStoreInfo } from '../auth/session';
import { useT } from '../i18n';

/** Sets "<page> - <store>" as the document title, with the "Error: " prefix while a form shows errors. */
export function useDocumentTitle(title: string | undefined, hasError = false): void {
  const t = useT();
  const store = useStoreInfo();
  const brand = store.data?.name ?? t('app.name');
  useEffect(() => {
    if (title === undefined) return;
    document.title = `${hasError ? t('form.titleErrorPrefix') : ''}${title} - ${brand}`;
  }, [title, hasError, brand, t]);
}
