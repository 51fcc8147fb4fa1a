// The catalogue's addresses, in one place: the cards, the headings and the pages link with these.

/** The product page: `/tienda/nota-simple`. */
export const productPagePath = (urlKey: string) => `/tienda/${encodeURIComponent(urlKey)}`;

/** The first step of the product's form (the wizard's address). */
export const productOrderPath = (urlKey: string) => `/tienda/${encodeURIComponent(urlKey)}/step1`;

/** A category page: `/tienda/servicios/registro-de-la-propiedad`. */
export const categoryPagePath = (urlKey: string) => `/tienda/servicios/${encodeURIComponent(urlKey)}`;

export const CATALOGUE_PATH = '/tienda/servicios';
