import { Navigate, useParams } from 'react-router';
import { useSession } from '../../../shared/auth';
import { ProductIdResolver, ProductLoader } from '../components/product-loader';
import { WizardStep } from '../components/wizard-step';
import { parseStep } from '../lib/wizard-pages';
import { pathsByProductId, pathsByUrlKey } from '../lib/wizard-paths';

/** `/tienda/:urlKey/step:n`, e.g. `/tienda/nota-simple/step1`. */
export function WizardStepRoute() {
  const { store_id } = useSession();
  const { urlKey = '', step } = useParams();
  const stepNumber = parseStep(step);
  if (stepNumber === null) return <Navigate to="/" replace />;
  return (
    <ProductLoader storeId={store_id} urlKey={urlKey}>
      {(product) => (
        // Keyed by page: each step starts with its own form state.
        <WizardStep key={`${urlKey}-${stepNumber}`} storeId={store_id} product={product} urlKey={urlKey} paths={pathsByUrlKey(urlKey)} stepNumber={stepNumber} />
      )}
    </ProductLoader>
  );
}

/** `/tienda/product/step:n/:productId`: the generic product route, looked up by id. */
export function ProductStepRoute() {
  const { store_id } = useSession();
  const { productId = '', step } = useParams();
  const stepNumber = parseStep(step);
  if (stepNumber === null) return <Navigate to="/" replace />;
  return (
    <ProductIdResolver storeId={store_id} productId={productId}>
      {(urlKey) => (
        <ProductLoader storeId={store_id} urlKey={urlKey}>
          {(product) => (
            <WizardStep key={`${urlKey}-${stepNumber}`} storeId={store_id} product={product} urlKey={urlKey} paths={pathsByProductId(productId)} stepNumber={stepNumber} />
          )}
        </ProductLoader>
      )}
    </ProductIdResolver>
  );
}
