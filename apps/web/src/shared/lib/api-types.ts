// Response shapes of docs/api-contract.md. TODO(domain): import these from @ventanilla/domain once it exports them.

/** Money as the API sends it: a decimal string with two decimals ("25.12"). */
export type MoneyString = string;
export type Language = 'es' | 'en' | 'pt';
export type Role = 'customer' | 'agent' | 'admin' | 'notary';

export interface User {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: Role;
}

export interface Session {
  store_id: number;
  language: Language;
  csrf_token: string;
  user: User | null;
}

export interface StoreInfo {
  store_id: number;
  name: string;
  language: Language;
  country: string;
  vat_rate: string | number;
  currency: string;
  order_prefix: string;
}

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

export interface ProductSummary {
  product_id: number;
  name: string;
  url_key: string;
  cat_url_key: string;
  short_description: string;
  base_price: MoneyString;
  /** Catalogue price including VAT (and official fees). */
  price: MoneyString;
  group?: string;
}

export interface Category {
  id: number;
  name: string;
  url_key: string;
  description: string;
  short_name: string;
  position: number;
  products: ProductSummary[];
}

export type OptionType = 'field' | 'area' | 'drop_down' | 'radio' | 'municipio' | (string & {});

export interface OptionValue {
  id: number;
  name: string;
  price: MoneyString;
  /** Province and district lists: the place's official code (INE / DTMN). */
  code?: string;
}

export interface ProductOption {
  option_id: number;
  type: OptionType;
  is_require: boolean | number;
  title: string;
  placeholder: string | null;
  error: string | null;
  price: MoneyString | null;
  index: number;
  previous_steps: { option_id: number; value: string; op?: string }[];
  opt_values: OptionValue[];
  max_length?: number | null;
  /** When any holds, the answer is dropped by the engine. */
  autounset_option_values?: { option_id: number; value: string; op?: string }[];
  validator?: string | null;
  /** Place pickers (docs/geo-data.md): the list's country and the question that narrows it. */
  place?: { country?: 'ES' | 'PT'; parent_option?: number };
}

export interface Product extends ProductSummary {
  description: string;
  image: string | null;
  custom_text: string | null;
  tooltip: string | null;
  tax_rate: string | number;
  official_fee?: MoneyString;
  steps: number[][];
  options: ProductOption[];
  // Flow rules (docs/catalogue-format.md), with the spec's names; optional so older payloads still type-check.
  conditions_to_redirect?: RedirectRule[];
  /** `false` when the product has none. */
  conditions_to_exit?: ExitRule[] | false;
  conditions_to_earlycheckout?: EarlyCheckoutRule | null;
  /** Option ids asked on the check-answers page. */
  questions_on_confirm?: number[];
  /** The option asked before the first page. */
  question_on_start?: number | null;
  related_product?: RelatedProduct[];
}

export interface RuleCondition {
  option_id: number;
  value: string;
  op?: string;
}

export interface RedirectRule extends RuleCondition {
  product_id_in: number;
  product_id_out: number;
  /** 1-based page of the target product to resume at. */
  step_saved: number;
}

export interface ExitRule {
  message: string;
  options: RuleCondition[];
}

export interface EarlyCheckoutRule {
  type: 'or' | 'and' | (string & {});
  options: RuleCondition[];
  confirmationOptions: number[];
}

export interface RelatedProduct {
  product_id: number;
  name: string;
  base_price: MoneyString;
  price: MoneyString;
  vat: boolean;
}

export interface OptionError {
  option_id: number;
  message: string;
}

export interface FieldError {
  field: string;
  message: string;
}

/** A catalogue schema or linter problem (back-office catalogue editing), in the user's language. */
export interface CatalogProblem {
  rule: string;
  url_key: string;
  option_id?: number;
  /** Where in the form JSON: `options[5].previous_steps`, `/options/0/price`. */
  path?: string;
  message: string;
}

/** What the answers lead to; precedence exit > redirect > early_checkout > continue. */
export interface EvaluationOutcome {
  type: 'continue' | 'exit' | 'redirect' | 'early_checkout' | (string & {});
  /** exit: the message to show. */
  message?: string;
  /** redirect: the product to move to, its url_key in this store, the 1-based page to resume at, the answers carried. */
  product_id?: number;
  url_key?: string;
  step_saved?: number;
  answers?: Record<string, string | number[]>;
  /** early_checkout: option ids still asked on the check-answers page. */
  confirmation_options?: number[];
}

/** A fee product added with the line, with its own tax rule (`vat` false: no VAT). */
export interface RelatedFeeLine {
  product_id: number;
  name: string;
  vat: boolean;
  price: MoneyString;
  tax: MoneyString;
  total: MoneyString;
}

export interface PriceBreakdown {
  base: MoneyString;
  options: MoneyString;
  subtotal: MoneyString;
  tax: MoneyString;
  /** Official fees collected for third parties (no VAT); not in the contract yet, sent by the server. */
  fees?: MoneyString;
  /** Related fee lines, included in `total`. */
  related?: RelatedFeeLine[];
  total: MoneyString;
}

/** The answer to a file question: a document uploaded during the wizard (POST /api/uploads). */
export interface FileReference {
  file_id: string;
  filename: string;
  size: number;
  content_type: string;
}

/**
 * An answer as the API takes it: text or a value id for single questions, a list of ids for multi-choice, a file
 * reference for file questions.
 */
export type ApiAnswerValue = string | number[] | FileReference;
export type ApiAnswers = Record<string, ApiAnswerValue>;

export interface Evaluation {
  visible: number[];
  errors: OptionError[];
  outcome: EvaluationOutcome;
  /** The answers that count (visible, non-empty, normalised); hidden answers are dropped by the server. */
  answers?: ApiAnswers;
  price: PriceBreakdown;
}

/** An answered option as orders and carts report it. */
export interface AnsweredOption {
  option_id: number;
  label: string;
  value: unknown;
  print_value?: string | null;
  option_type?: string;
}

export interface CartLine {
  id: number;
  product_id: number;
  url_key: string;
  product_name: string;
  qty: number;
  summary?: string;
  options: AnsweredOption[];
  valid?: boolean;
  /** The contract says a money string; the server sends the line's price breakdown. Both are accepted. */
  price: MoneyString | PriceBreakdown;
}

export interface Cart {
  quote_id: number | string | null;
  store_id: number;
  items: CartLine[];
  totals: { subtotal: MoneyString; tax: MoneyString; fees?: MoneyString; total: MoneyString };
}

/** A cart line's total, whichever of the two price shapes the server sent. */
export function cartLineTotal(line: CartLine): MoneyString {
  return typeof line.price === 'string' ? line.price : line.price.total;
}

export interface CheckoutStarted {
  order_id: string | number;
  redirect_url: string;
}

export interface PaymentState {
  order_id: string | number;
  paid: boolean;
  status: string;
  payment_status: string;
}

export type ClientStatusStyle = 'danger' | 'info' | 'warning' | 'success' | 'gray';

export interface OrderFile {
  id: number;
  filename: string;
  content_type: string;
  size: number;
  created_at: string;
  /** Uploaded by the customer in the wizard (the answer to question option_id), rather than by the staff. */
  uploaded_by_customer?: boolean;
  option_id?: number | null;
}

export interface CustomerItem {
  id: number;
  order_id: string | number;
  product_id: number;
  product_name: string;
  qty: number;
  created_at: string;
  panel_status_id: number;
  referencia: string | null;
  price: MoneyString;
  client_status: { key: string; text: string; style: ClientStatusStyle };
  summary: string;
  options: AnsweredOption[];
  files?: OrderFile[];
}

export interface CustomerOrder {
  order_id: string | number;
  created_at: string;
  store_id: number;
  status: string;
  /** Paid orders have their invoice (invoicing). */
  paid?: boolean;
  total: MoneyString;
  currency: string;
  items: CustomerItem[];
}

export interface PanelStatus {
  id: number;
  text: string;
}

export interface BackofficeListItem {
  item_id: number;
  order_id: string | number;
  product_name: string;
  panel_status_id: number;
  status_text: string;
  email: string;
  customer_name: string;
  created_at: string;
  total: MoneyString;
  notes_count: number;
  files_count: number;
}

export interface BackofficeItem {
  item_id: number;
  order_id: string | number;
  product_id: number;
  product_name: string;
  panel_status_id: number;
  status_text: string;
  created_at: string;
  updated_at: string;
  referencia: string | null;
  product_options: AnsweredOption[];
  customer: { customer_id: number; email: string; firstname: string; lastname: string };
  order: {
    order_id: string | number;
    status: string;
    subtotal: MoneyString;
    tax_amount: MoneyString;
    total: MoneyString;
    store_id: number;
  };
  payments: {
    id: number;
    method: string;
    provider: string;
    provider_ref: string | null;
    amount: MoneyString;
    status: string;
    created_at: string;
  }[];
  history: {
    id: number;
    accion: string | null;
    old_status: number | null;
    new_status: number | null;
    admin_user_id: number | null;
    admin_name: string | null;
    created_at: string;
  }[];
  notes: { id: number; text: string; admin_user_id: number | null; admin_name: string | null; created_at: string }[];
  files: (OrderFile & { visible_to_customer: boolean })[];
}

export interface BackofficeNote {
  id: number;
  text: string;
  admin_user_id: number | null;
  admin_name: string | null;
  created_at: string;
}
