import { flowConfirmationPath, flowOfProduct, flowStepPath, type ShopFlow } from '@ventanilla/domain';

/**
 * Where each wizard page lives: `/tienda/{urlKey}/stepN`, the generic `/tienda/product/stepN/{productId}`, or a
 * dedicated flow of the spec (`/tienda/q-propiedades/step3`, `/tienda/nota-simple/step51`).
 */
export interface WizardPaths {
  step: (n: number) => string;
  confirmation: string;
  catalogue: string;
}

export function pathsByUrlKey(urlKey: string): WizardPaths {
  const base = `/tienda/${encodeURIComponent(urlKey)}`;
  return { step: (n) => `${base}/step${n}`, confirmation: `${base}/confirmation`, catalogue: '/tienda/servicios' };
}

export function pathsByProductId(productId: string | number): WizardPaths {
  const id = encodeURIComponent(String(productId));
  return {
    step: (n) => `/tienda/product/step${n}/${id}`,
    confirmation: `/tienda/product/confirmation/${id}`,
    catalogue: '/tienda/servicios',
  };
}

/** A dedicated flow's pages: page n (1-based) has the flow's own name (step51, step21...). */
export function pathsByFlow(flow: ShopFlow): WizardPaths {
  return {
    step: (n) => flowStepPath(flow, n - 1),
    confirmation: flowConfirmationPath(flow),
    catalogue: '/tienda/servicios',
  };
}

/** The wizard of a product as the shop links to it: its dedicated flow when it has one. */
export function pathsForProduct(urlKey: string): WizardPaths {
  const flow = flowOfProduct(urlKey);
  return flow ? pathsByFlow(flow) : pathsByUrlKey(urlKey);
}

/** Query flag on a step opened from a "Cambiar" link: after it, go back to the check-answers page. */
export const RETURN_TO_CONFIRMATION = 'return=confirmation';
