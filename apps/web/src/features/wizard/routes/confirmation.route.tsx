import { flowBySlug } from '@ventanilla/domain';
import { useParams } from 'react-router';
import { useSession } from '../../../shared/auth';
import { CheckAnswers } from '../components/check-answers';
import { ProductIdResolver, ProductLoader } from '../components/product-loader';
import { pathsByProductId, pathsByUrlKey } from '../lib/wizard-paths';
import { FlowPageRoute } from './wizard-step.route';

/** `/tienda/:urlKey/confirmation`: check your answers before adding to the cart. */
export function ConfirmationRoute() {
  const { store_id } = useSession();
  const { urlKey = '' } = useParams();
  // A dedicated flow names its check-answers page itself (nota simple: step7).
  const flow = flowBySlug(urlKey);
  if (flow) return <FlowPageRoute flow={flow} name="confirmation" />;
  return (
    <ProductLoader storeId={store_id} urlKey={urlKey}>
      {(product) => <CheckAnswers storeId={store_id} product={product} urlKey={urlKey} paths={pathsByUrlKey(urlKey)} />}
    </ProductLoader>
  );
}

/** `/tienda/product/confirmation/:productId`. */
export function ProductConfirmationRoute() {
  const { store_id } = useSession();
  const { productId = '' } = useParams();
  return (
    <ProductIdResolver storeId={store_id} productId={productId}>
      {(urlKey) => (
        <ProductLoader storeId={store_id} urlKey={urlKey}>
          {(product) => (
            <CheckAnswers storeId={store_id} product={product} urlKey={urlKey} paths={pathsByProductId(productId)} />
          )}
        </ProductLoader>
      )}
    </ProductIdResolver>
  );
}
