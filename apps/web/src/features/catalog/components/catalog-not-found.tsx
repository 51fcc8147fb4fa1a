import { useT, type MessageKey } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Link, PageHeading } from '../../../shared/ui';
import { CATALOGUE_PATH } from '../lib/catalog-paths';

const TEXTS: Record<'product' | 'category', { title: MessageKey; body: MessageKey }> = {
  product: { title: 'catalog.productNotFoundTitle', body: 'catalog.productNotFoundBody' },
  category: { title: 'catalog.categoryNotFoundTitle', body: 'catalog.categoryNotFoundBody' },
};

/** An unknown product or category (or one this store does not offer), with the way back to the catalogue. */
export function CatalogNotFound({ kind }: { kind: keyof typeof TEXTS }) {
  const t = useT();
  useDocumentTitle(t(TEXTS[kind].title));
  return (
    <>
      <PageHeading>{t(TEXTS[kind].title)}</PageHeading>
      <p>{t(TEXTS[kind].body)}</p>
      <p>
        <Link to={CATALOGUE_PATH}>{t('nav.backToCatalogue')}</Link>
      </p>
    </>
  );
}
