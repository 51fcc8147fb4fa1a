/** Where each wizard page lives: `/tienda/{urlKey}/stepN` or the generic `/tienda/product/stepN/{productId}`. */
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

/** Query flag on a step opened from a "Cambiar" link: after it, go back to the check-answers page. */
export const RETURN_TO_CONFIRMATION = 'return=confirmation';
