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
}

export interface OptionError {
  option_id: number;
  message: string;
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The contract defines only "continue"; the server's schema already carries `message` and `product_id` for the
 * spec's exit ("stop with a message") and redirect ("move to product X") rules.
 */
export interface EvaluationOutcome {
  type: 'continue' | 'exit' | 'redirect' | (string & {});
  message?: string;
  product_id?: number;
}

export interface PriceBreakdown {
  base: MoneyString;
  options: MoneyString;
  subtotal: MoneyString;
  tax: MoneyString;
  /** Official fees collected for third parties (no VAT); not in the contract yet, sent by the server. */
  fees?: MoneyString;
  total: MoneyString;
}

/** An answer as the API takes it: text or a value id for single questions, a list of ids for multi-choice. */
export type ApiAnswerValue = string | number[];
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
