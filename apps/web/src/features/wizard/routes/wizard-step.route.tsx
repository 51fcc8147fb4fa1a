import { flowBySlug, flowPage, flowStepPath, GENERIC_PRODUCT_MAX_STEP, type ShopFlow } from '@ventanilla/domain';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../../shared/auth';
import { CheckAnswers } from '../components/check-answers';
import { ProductIdResolver, ProductLoader } from '../components/product-loader';
import { WizardStep } from '../components/wizard-step';
import { parseStep } from '../lib/wizard-pages';
import { pathsByFlow, pathsByProductId, pathsByUrlKey } from '../lib/wizard-paths';

/**
 * `/tienda/:urlKey/step:n`, e.g. `/tienda/copia-escritura-notarial/step1`; the spec's dedicated flows use their own
 * page names under their own prefix (`/tienda/nota-simple/step51`, `/tienda/q-propiedades/step7`).
 */
export function WizardStepRoute() {
  const { store_id } = useSession();
  const { urlKey = '', step } = useParams();
  const flow = flowBySlug(urlKey);
  if (flow) return <FlowPageRoute flow={flow} name={step ?? ''} />;
  const stepNumber = parseStep(step);
  if (stepNumber === null) return <Navigate to="/" replace />;
  return (
    <ProductLoader storeId={store_id} urlKey={urlKey}>
      {(product) => (
        // Keyed by page: each step starts with its own form state.
        <WizardStep
          key={`${urlKey}-${stepNumber}`}
          storeId={store_id}
          product={product}
          urlKey={urlKey}
          paths={pathsByUrlKey(urlKey)}
          stepNumber={stepNumber}
        />
      )}
    </ProductLoader>
  );
}

/**
 * A page of a dedicated flow: a wizard page, or the check-answers page under the flow's name for it (nota simple:
 * step7). `/tienda/{flow}/confirmation` keeps working and moves to that name; an unknown name starts again.
 */
export function FlowPageRoute({ flow, name }: { flow: ShopFlow; name: string }) {
  const { store_id } = useSession();
  const location = useLocation();
  const target = flowPage(flow, name);
  const paths = pathsByFlow(flow);
  if (!target) return <Navigate to={flowStepPath(flow, 0)} replace />;
  if (target.kind === 'confirmation' && !target.canonical) {
    return <Navigate to={`${paths.confirmation}${location.search}`} replace state={location.state} />;
  }
  return (
    <ProductLoader storeId={store_id} urlKey={flow.urlKey}>
      {(product) =>
        target.kind === 'confirmation' ? (
          <CheckAnswers storeId={store_id} product={product} urlKey={flow.urlKey} paths={paths} />
        ) : (
          <WizardStep
            key={`${flow.slug}-${target.index}`}
            storeId={store_id}
            product={product}
            urlKey={flow.urlKey}
            paths={paths}
            stepNumber={target.index + 1}
          />
        )
      }
    </ProductLoader>
  );
}

/** `/tienda/product/step1 ... step30/:productId`: the generic product route, looked up by id. */
export function ProductStepRoute() {
  const { store_id } = useSession();
  const { productId = '', step } = useParams();
  const stepNumber = parseStep(step);
  if (stepNumber === null || stepNumber > GENERIC_PRODUCT_MAX_STEP) return <Navigate to="/" replace />;
  return (
    <ProductIdResolver storeId={store_id} productId={productId}>
      {(urlKey) => (
        <ProductLoader storeId={store_id} urlKey={urlKey}>
          {(product) => (
            <WizardStep
              key={`${urlKey}-${stepNumber}`}
              storeId={store_id}
              product={product}
              urlKey={urlKey}
              paths={pathsByProductId(productId)}
              stepNumber={stepNumber}
            />
          )}
        </ProductLoader>
      )}
    </ProductIdResolver>
  );
}
