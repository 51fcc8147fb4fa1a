// The catalogue's addresses, in one place: the cards, the headings and the pages link with these.
import { productStartPath } from '@ventanilla/domain';

/** The product page: `/tienda/nota-simple`. */
export const productPagePath = (urlKey: string) => `/tienda/${encodeURIComponent(urlKey)}`;

/** The first step of the product's form: the spec's own flow when it has one (`/tienda/q-propiedades/step1`). */
export const productOrderPath = (urlKey: string) => productStartPath(urlKey);

/** A category page: `/tienda/servicios/registro-de-la-propiedad`. */
export const categoryPagePath = (urlKey: string) => `/tienda/servicios/${encodeURIComponent(urlKey)}`;

export const CATALOGUE_PATH = '/tienda/servicios';

/** The catalogue search's results page (a GET form's address: the server renders it). */
export const SEARCH_PATH = '/tienda/buscar';

/** The results of a search: `/tienda/buscar?q=nota%20simple` (a blank query: the empty search page). */
export const searchPagePath = (query: string) => {
  const q = query.trim();
  return q ? `${SEARCH_PATH}?q=${encodeURIComponent(q)}` : SEARCH_PATH;
};
