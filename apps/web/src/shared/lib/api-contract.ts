// The web's names for the API's shapes, all derived from the generated api-schema.d.ts (docs/openapi.json, itself
// generated from the server's route schemas): a server schema change that breaks the web breaks the typecheck.
// Never write a response shape by hand here; name a part of the generated types instead (docs/decisions/0010).
import { cents, formatMoneyString, parseMoney, type Language, type MoneyString } from '@ventanilla/domain';
import type { paths } from './api-schema';

export type { Language, MoneyString };

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A route's operation for a method (never when the path does not answer that method). */
export type ApiOperation<Path extends keyof paths, M extends Method> =
  paths[Path] extends Record<M, infer Op> ? Op : never;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body a route answers with a status (200 by default). */
export type ApiResponse<Path extends keyof paths, M extends Method, Status extends number = 200> =
  ApiOperation<Path, M> extends { responses: infer Responses }
    ? Status extends keyof Responses
      ? JsonOf<Responses[Status]>
      : never
    : never;

/** The JSON body a route takes. */
export type ApiBody<Path extends keyof paths, M extends Method> =
  ApiOperation<Path, M> extends {
    requestBody?: infer Body;
  }
    ? JsonOf<NonNullable<Body>>
    : never;

/** The query parameters a GET route takes. */
export type ApiQuery<Path extends keyof paths> =
  ApiOperation<Path, 'get'> extends { parameters: { query?: infer Query } } ? Query : never;

/** The element type of a list in a response. */
export type ApiItem<T> = T extends readonly (infer I)[] ? I : never;

/** The error body every route shares. */
export type ErrorBody = ApiResponse<'/api/cart/items', 'post', 422>;
export type OptionError = NonNullable<ErrorBody['errors']>[number];
export type FieldError = NonNullable<ErrorBody['fields']>[number];
/** A catalogue schema or linter problem (back-office catalogue editing), in the user's language. */
export type CatalogProblem = NonNullable<ErrorBody['problems']>[number];

export type Session = ApiResponse<'/api/session', 'get'>;
export type User = NonNullable<Session['user']>;
export type StoreInfo = ApiResponse<'/api/stores/{storeId}', 'get'>;
/** Who sells in a store (its legal entity). */
export type Seller = ApiResponse<'/api/stores/{storeId}/seller', 'get'>;

export type Category = ApiItem<ApiResponse<'/api/stores/{storeId}/categories', 'get'>['items']>;
export type ProductSummary = ApiItem<ApiResponse<'/api/stores/{storeId}/products', 'get'>['items']>;
export type Product = ApiResponse<'/api/stores/{storeId}/products/{urlKey}', 'get'>;
export type ProductOption = ApiItem<Product['options']>;

export type Evaluation = ApiResponse<'/api/stores/{storeId}/products/{urlKey}/evaluate', 'post'>;
export type EvaluationOutcome = Evaluation['outcome'];
export type PriceBreakdown = Evaluation['price'];
/** The answers as the API takes them (text, value ids, file references). */
export type ApiAnswers = ApiBody<'/api/stores/{storeId}/products/{urlKey}/evaluate', 'post'>['answers'];
/** The answer to a file question: a document uploaded during the wizard (POST /api/uploads). */
export type FileReference = ApiResponse<'/api/uploads', 'post', 201>;

export type Cart = ApiResponse<'/api/cart', 'get'>;
export type CartLine = ApiItem<Cart['items']>;
/** An answered option as carts and orders report it. */
export type AnsweredOption = ApiItem<CartLine['options']>;

/** A cart line's total. */
/** A line's total: the server's unit price times the quantity, in integer cents. */
export function cartLineTotal(line: CartLine): MoneyString {
  const unit = parseMoney(line.price.total);
  return unit === null ? line.price.total : formatMoneyString(cents(unit * line.qty));
}

/** A payment method's code as the API takes it (the screens hold the codes GET .../payment-methods gave). */
export type PaymentMethodCode = ApiBody<'/api/checkout', 'post'>['payment_method'];

export type CustomerOrder = ApiResponse<'/api/me/orders/{orderId}', 'get'>;
export type CustomerItem = ApiItem<CustomerOrder['items']>;
/** POST /api/me/orders/{orderId}/withdraw: the order cancelled, what was refunded, the credit note (docs/withdrawal.md). */
export type WithdrawalDone = ApiResponse<'/api/me/orders/{orderId}/withdraw', 'post'>;

export type PanelStatus = ApiItem<ApiResponse<'/api/backoffice/statuses', 'get'>['items']>;
/** A page of the order search (has_more, and a total that is a lower bound when total_exact is false). */
export type ItemSearchPage = ApiResponse<'/api/backoffice/items', 'get'>;
export type BackofficeListItem = ApiItem<ItemSearchPage['items']>;
export type BackofficeItem = ApiResponse<'/api/backoffice/items/{itemId}', 'get'>;
/** Who holds an item's lock (POST .../lock, and the `lock` of a 423 ITEM_LOCKED). */
export type ItemLockInfo = ApiResponse<'/api/backoffice/items/{itemId}/lock', 'post'>;
