import type { ReactNode } from 'react';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { Product } from '../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useProduct, useUrlKeyOfProduct } from '../api/get-product';

/** "This procedure is not offered here": a product missing from the store, or an unknown address. */
export function ProductNotFound() {
  const t = useT();
  useDocumentTitle(t('wizard.notFoundTitle'));
  return (
    <>
      <PageHeading>{t('wizard.notFoundTitle')}</PageHeading>
      <p>{t('wizard.notFoundBody')}</p>
      <p>
        <Link to="/tienda/servicios">{t('nav.backToCatalogue')}</Link>
      </p>
    </>
  );
}

/** Loads the product of a wizard route and renders its page once it is there. */
export function ProductLoader({
  storeId,
  urlKey,
  children,
}: {
  storeId: number;
  urlKey: string;
  children: (product: Product) => ReactNode;
}) {
  const t = useT();
  const product = useProduct(storeId, urlKey);
  if (product.isPending) return <Spinner />;
  if (isApiError(product.error, 404)) return <ProductNotFound />;
  if (product.isError) return <Alert>{errorText(product.error, t)}</Alert>;
  return <>{children(product.data)}</>;
}

/** For the generic `/tienda/product/...{productId}` routes: resolves the product's url_key first. */
export function ProductIdResolver({
  storeId,
  productId,
  children,
}: {
  storeId: number;
  productId: string;
  children: (urlKey: string) => ReactNode;
}) {
  const t = useT();
  const urlKey = useUrlKeyOfProduct(storeId, productId);
  if (urlKey.isPending) return <Spinner />;
  if (urlKey.isError) return <Alert>{errorText(urlKey.error, t)}</Alert>;
  if (!urlKey.data) return <ProductNotFound />;
  return <>{children(urlKey.data)}</>;
}
