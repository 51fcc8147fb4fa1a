// The catalogue's addresses, in one place: the cards, the headings and the pages link with these.
import { productStartPath } from '@ventanilla/domain';

/** The product page: `/tienda/nota-simple`. */
export const productPagePath = (urlKey: string) => `/tienda/${encodeURIComponent(urlKey)}`;

/** The first step of the product's form: the spec's own flow when it has one (`/tienda/q-propiedades/step1`). */
export const productOrderPath = (urlKey: string) => productStartPath(urlKey);

/** A category page: `/tienda/servicios/registro-de-la-propiedad`. */
export const categoryPagePath = (urlKey: string) => `/tienda/servicios/${encodeURIComponent(urlKey)}`;

export const CATALOGUE_PATH = '/tienda/servicios';
