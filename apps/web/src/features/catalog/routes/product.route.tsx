import { useParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { useServerNotFound } from '../../../shared/lib/use-server-not-found';
import { Alert, Spinner } from '../../../shared/ui';
import { useCategories } from '../api/get-categories';
import { useProduct } from '../api/get-product';
import { CatalogNotFound } from '../components/catalog-not-found';
import { ProductDetails } from '../components/product-details';
import '../components/catalog.css';

/** `/tienda/{urlKey}` (e.g. /tienda/nota-simple): the product page; unknown or not sold here -> not found. */
export function ProductRoute() {
  const t = useT();
  const { urlKey } = useParams();
  const { store_id } = useSession();
  const product = useProduct(store_id, urlKey);
  // The category's name for the caption and the back link; the catalogue page has usually loaded it already.
  const categories = useCategories(store_id);

  const notFound = useServerNotFound();

  if (notFound || isApiError(product.error, 404)) return <CatalogNotFound kind="product" />;
  if (product.isPending) return <Spinner />;
  if (product.isError) return <Alert>{errorText(product.error, t)}</Alert>;
  const category = categories.data?.find((c) => c.url_key === product.data.cat_url_key);
  return <ProductDetails product={product.data} category={category} />;
}
