// What the server gives the render (entry-server.tsx) and how it fills the query cache: the API's own answers under
// the keys the pages read. Server only: its imports (the screens' query keys) stay out of the browser's entry.
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '../features/catalog/api/get-categories';
import { categoryQueryKey } from '../features/catalog/api/get-category';
import { popularQueryKey } from '../features/catalog/api/get-popular';
import { searchQueryKey } from '../features/catalog/api/search-catalogue';
import { paymentMethodsKey, paymentMethodsOf } from '../features/checkout/api/payment-methods';
import { evaluateKey } from '../features/wizard/api/evaluate-product';
import type {
  Seller,
  Cart,
  Category,
  Evaluation,
  Language,
  Product,
  ProductSummary,
  Session,
  StoreInfo,
} from '../shared/lib/api-contract';
import { productQuery } from '../shared/lib/product-query';
import { queryKeys } from '../shared/lib/query-keys';

/** What the server gives the render: the API's own answers for the page, read from the catalogue in memory. */
export interface SsrData {
  storeId: number;
  language: Language;
  store: StoreInfo;
  categories?: { items: Category[] };
  category?: { urlKey: string; data: Category };
  /** The start page's most ordered products (GET /api/stores/{store}/popular). */
  popular?: { items: ProductSummary[] };
  /** The search page: its query and GET /api/stores/{store}/search's answer for it. */
  search?: { query: string; data: { query: string; items: ProductSummary[] } };
  product?: { urlKey: string; data: Product };
  /** A wizard step's page: the product's evaluation with no answers (the first question and its price). */
  evaluation?: { urlKey: string; data: Evaluation };
  /**
   * A signed-in customer's own page (checkout, never cached): that session's GET /api/session (its CSRF token left
   * out), GET /api/cart and the store's GET /api/stores/{store}/payment-methods. Absent: the public stand-in session.
   */
  session?: Session;
  cart?: Cart;
  paymentMethods?: unknown;
  /** GET /api/stores/{store}/seller (the legal pages). */
  seller?: Seller;
  /** The server answers this address with a 404 (unknown product or category, or no such page). */
  notFound: boolean;
  /** No cookie choice came with the request: the page carries the cookie dialog. */
  consentAsked?: boolean;
  /**
   * The page is hydrated as islands (docs/decisions/0028-home-page-islands.md): its state carries what the frame
   * reads (app/layout/shop-frame.tsx, `isFrameQuery`), not the answers its content was rendered from.
   */
  islands?: boolean;
}

/**
 * Fills a fresh query cache with the page's data under the keys the pages read. The session is a public stand-in
 * (no user, no CSRF token), the same for every visitor, so the page can be cached, unless the page is a customer's
 * own (never cached); either way the browser fetches its session again.
 */
export function seedQueries(queryClient: QueryClient, data: SsrData): void {
  const session: Session = data.session ?? {
    store_id: data.storeId,
    language: data.language,
    csrf_token: '',
    user: null,
    remembered: false,
  };
  queryClient.setQueryData(queryKeys.session, session);
  if (data.cart) queryClient.setQueryData(queryKeys.cart, data.cart);
  if (data.paymentMethods !== undefined) {
    queryClient.setQueryData(paymentMethodsKey(session.store_id), paymentMethodsOf(data.paymentMethods));
  }
  queryClient.setQueryData(queryKeys.store(data.storeId), data.store);
  if (data.seller) queryClient.setQueryData(queryKeys.seller(data.storeId), data.seller);
  if (data.categories) queryClient.setQueryData(categoriesQueryKey(data.storeId), data.categories);
  if (data.category) {
    queryClient.setQueryData(categoryQueryKey(data.storeId, data.category.urlKey), data.category.data);
  }
  if (data.popular) queryClient.setQueryData(popularQueryKey(data.storeId), data.popular);
  if (data.search) queryClient.setQueryData(searchQueryKey(data.storeId, data.search.query), data.search.data);
  if (data.product) {
    queryClient.setQueryData(productQuery(data.storeId, data.product.urlKey).queryKey, data.product.data);
  }
  if (data.evaluation) {
    queryClient.setQueryData(evaluateKey(data.storeId, data.evaluation.urlKey, {}), data.evaluation.data);
  }
}
