import type { DomainMessage } from '../i18n/domain-messages.js';
import { CLIENT_STATUS_BY_ID, type ClientStatusKey } from '../orders/customer-status.js';
import { isPanelStatusId, type PanelStatusId } from '../orders/panel-status.js';
import { validateIsoDate } from '../validators/dates.js';

/**
 * The back office's order search filter (spec: "Order search filter": page, size, order_by, order_id, referencia, email,
 * product_id, status, status_client, date_start, date_end, text, provider). Every parameter is checked; an unknown or
 * malformed one is an error value, never silently ignored (docs/backoffice.md, "Search filter").
 */
export const SEARCH_FILTER_PARAMS = [
  'page',
  'size',
  'order_by',
  'order_id',
  'referencia',
  'email',
  'product_id',
  'status',
  'status_client',
  'date_start',
  'date_end',
  'text',
  'provider',
] as const;

export type SearchFilterParam = (typeof SEARCH_FILTER_PARAMS)[number];

/** The spec's shared list page size. */
export const DEFAULT_SEARCH_PAGE_SIZE = 10;
/** Largest page an agent can ask for. */
export const MAX_SEARCH_PAGE_SIZE = 100;
/** Offset pagination gets slow deep down: past this page, narrow the filter instead. */
export const MAX_SEARCH_PAGE = 10_000;
/** Substring filters (text, email) need 3 characters: shorter ones match nearly everything and no trigram index helps. */
export const MIN_SUBSTRING_LENGTH = 3;

/**
 * The upper-cased reference prefix a text term stands for, or null. A term shaped like the start of a registry
 * reference (letters, a hyphen, two to four digits, then optionally a slash and digits: `ns-2025/`, `NS-2025/0045`)
 * is searched as the start of the items' references, not as a substring of their whole text: agents paste or type a
 * reference from its start, and a common prefix matched by tens of thousands of old items is a range of one index
 * (milliseconds) where the trigram scan took seconds (docs/backoffice.md, "Search").
 */
export function referencePrefixOf(text: string): string | null {
  return /^[a-z]{1,6}-\d{2,4}(?:\/\d{0,12})?$/i.test(text) ? text.toUpperCase() : null;
}

/** Longest value each free-text parameter accepts. */
export const SEARCH_TEXT_LIMITS = { referencia: 100, email: 254, text: 200, provider: 64 } as const;

/** The columns a search can be ordered by. */
export const SEARCH_ORDER_FIELDS = [
  'created_at',
  'updated_at',
  'order_id',
  'item_id',
  'priority',
  'deadline_at',
  'status',
] as const;
export type SearchOrderField = (typeof SEARCH_ORDER_FIELDS)[number];

export interface SearchOrder {
  field: SearchOrderField;
  direction: 'asc' | 'desc';
}

/** The spec's default order: date descending. */
export const DEFAULT_SEARCH_ORDER: SearchOrder = { field: 'created_at', direction: 'desc' };

/** A checked search: every field typed and normalised; absent filters are undefined. */
export interface ItemSearchFilters {
  page: number;
  size: number;
  orderBy: SearchOrder;
  orderId?: number;
  /** Exact match, trimmed. */
  referencia?: string;
  /** Substring of the customer's e-mail, trimmed and lower-cased. */
  email?: string;
  productId?: number;
  /** Any of these panel statuses (comma-joined in the query), without duplicates. */
  status?: PanelStatusId[];
  /** Any of these customer-facing statuses (ids 1-5 or their keys, comma-joined). */
  statusClient?: ClientStatusKey[];
  /** First day included, yyyy-mm-dd. */
  dateStart?: string;
  /** Last day included, yyyy-mm-dd. */
  dateEnd?: string;
  /** Substring over answers, notes, customer name and reference, trimmed (a reference's start: referencePrefixOf). */
  text?: string;
  /** A provider id (providers become a configuration list later). */
  provider?: string;
}

/** Why a parameter was refused; each has its own message in es, en and pt. */
export type SearchFilterErrorCode =
  | 'unknown_param'
  | 'repeated_param'
  | 'invalid_characters'
  | 'not_an_integer'
  | 'out_of_range'
  | 'bad_date'
  | 'end_before_start'
  | 'unknown_status'
  | 'unknown_client_status'
  | 'bad_order_by'
  | 'bad_provider'
  | 'too_short'
  | 'too_long'
  | 'bad_email';

export interface SearchFilterError {
  param: string;
  code: SearchFilterErrorCode;
}

export type SearchFilterResult = { ok: true; filters: ItemSearchFilters } | { ok: false; errors: SearchFilterError[] };

/** A query string as frameworks hand it over: a value, a list when repeated, or nothing. */
export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

const PARAM_SET = new Set<string>(SEARCH_FILTER_PARAMS);
// C0 and C1 control characters (NUL included) and lone UTF-16 surrogates: never valid in a filter.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const PROVIDER_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const DIGITS = /^[0-9]+$/;

type Check<T> = { ok: true; value: T } | { ok: false; code: SearchFilterErrorCode };

function fail<T>(code: SearchFilterErrorCode): Check<T> {
  return { ok: false, code };
}

function integer(raw: string, min: number, max: number): Check<number> {
  // Digits only: no sign, exponent, decimals, "Infinity" or hex; that is what "an integer" means in a URL.
  if (!DIGITS.test(raw)) return fail('not_an_integer');
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) return fail('out_of_range');
  return { ok: true, value };
}

function boundedText(raw: string, min: number, max: number): Check<string> {
  if ([...raw].length > max) return fail('too_long');
  if ([...raw].length < min) return fail('too_short');
  return { ok: true, value: raw };
}

function list(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function statuses(raw: string): Check<PanelStatusId[]> {
  const out: PanelStatusId[] = [];
  for (const part of list(raw)) {
    if (!DIGITS.test(part)) return fail('unknown_status');
    const id = Number(part);
    if (!isPanelStatusId(id)) return fail('unknown_status');
    if (!out.includes(id)) out.push(id);
  }
  return { ok: true, value: out };
}

const CLIENT_KEYS = new Set<string>(Object.values(CLIENT_STATUS_BY_ID));

function clientStatuses(raw: string): Check<ClientStatusKey[]> {
  const out: ClientStatusKey[] = [];
  for (const part of list(raw)) {
    const key = DIGITS.test(part) ? CLIENT_STATUS_BY_ID[Number(part)] : CLIENT_KEYS.has(part) ? part : undefined;
    if (!key) return fail('unknown_client_status');
    const typed = key as ClientStatusKey;
    if (!out.includes(typed)) out.push(typed);
  }
  return { ok: true, value: out };
}

function orderBy(raw: string): Check<SearchOrder> {
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  if (!(SEARCH_ORDER_FIELDS as readonly string[]).includes(field)) return fail('bad_order_by');
  return { ok: true, value: { field: field as SearchOrderField, direction: descending ? 'desc' : 'asc' } };
}

function date(raw: string): Check<string> {
  const checked = validateIsoDate(raw);
  return checked.ok ? { ok: true, value: checked.normalised } : fail('bad_date');
}

function provider(raw: string): Check<string> {
  if ([...raw].length > SEARCH_TEXT_LIMITS.provider) return fail('too_long');
  return PROVIDER_ID.test(raw) ? { ok: true, value: raw } : fail('bad_provider');
}

/**
 * Parses the query of `GET /api/backoffice/items`.
 * Rules: every parameter must be one of the spec's thirteen; a parameter may appear once; empty values mean "no filter"
 * (a submitted form sends its blank fields); control characters and lone surrogates are refused everywhere; integers
 * are plain digits; dates are real calendar days written yyyy-mm-dd and date_end may not be before date_start; status
 * takes the 24 panel ids, status_client the client ids 1-5 or their keys, both comma-joined. All errors are reported,
 * one per parameter, in the order of the spec's list (unknown parameters last).
 */
export function parseItemSearch(query: RawQuery): SearchFilterResult {
  const errors: SearchFilterError[] = [];
  const unknown: SearchFilterError[] = [];
  const values = new Map<SearchFilterParam, string>();

  for (const [param, rawValue] of Object.entries(query)) {
    if (rawValue === undefined) continue;
    if (!PARAM_SET.has(param)) {
      unknown.push({ param: sanitiseName(param), code: 'unknown_param' });
      continue;
    }
    const name = param as SearchFilterParam;
    if (typeof rawValue !== 'string') {
      if (rawValue.length > 1) {
        errors.push({ param: name, code: 'repeated_param' });
        continue;
      }
      if (rawValue.length === 0) continue;
    }
    const value = typeof rawValue === 'string' ? rawValue : rawValue[0]!;
    if (CONTROL.test(value) || LONE_SURROGATE.test(value)) {
      errors.push({ param: name, code: 'invalid_characters' });
      continue;
    }
    const trimmed = value.trim();
    if (trimmed !== '') values.set(name, trimmed);
  }

  const filters: ItemSearchFilters = { page: 1, size: DEFAULT_SEARCH_PAGE_SIZE, orderBy: DEFAULT_SEARCH_ORDER };
  const take = <T>(param: SearchFilterParam, check: (raw: string) => Check<T>, set: (value: T) => void): void => {
    const raw = values.get(param);
    if (raw === undefined) return;
    const result = check(raw);
    if (result.ok) set(result.value);
    else errors.push({ param, code: result.code });
  };

  take(
    'page',
    (raw) => integer(raw, 1, MAX_SEARCH_PAGE),
    (v) => (filters.page = v),
  );
  take(
    'size',
    (raw) => integer(raw, 1, MAX_SEARCH_PAGE_SIZE),
    (v) => (filters.size = v),
  );
  take('order_by', orderBy, (v) => (filters.orderBy = v));
  take(
    'order_id',
    (raw) => integer(raw, 1, Number.MAX_SAFE_INTEGER),
    (v) => (filters.orderId = v),
  );
  take(
    'referencia',
    (raw) => boundedText(raw, 1, SEARCH_TEXT_LIMITS.referencia),
    (v) => (filters.referencia = v),
  );
  take(
    'email',
    (raw) => boundedText(raw.toLowerCase(), MIN_SUBSTRING_LENGTH, SEARCH_TEXT_LIMITS.email),
    (v) => (filters.email = v),
  );
  take(
    'product_id',
    (raw) => integer(raw, 1, 2_147_483_647),
    (v) => (filters.productId = v),
  );
  take('status', statuses, (v) => (filters.status = v.length > 0 ? v : undefined));
  take('status_client', clientStatuses, (v) => (filters.statusClient = v.length > 0 ? v : undefined));
  take('date_start', date, (v) => (filters.dateStart = v));
  take('date_end', date, (v) => (filters.dateEnd = v));
  take(
    'text',
    (raw) => boundedText(raw, MIN_SUBSTRING_LENGTH, SEARCH_TEXT_LIMITS.text),
    (v) => (filters.text = v),
  );
  take('provider', provider, (v) => (filters.provider = v));

  if (filters.dateStart !== undefined && filters.dateEnd !== undefined && filters.dateEnd < filters.dateStart) {
    errors.push({ param: 'date_end', code: 'end_before_start' });
  }
  if (filters.status === undefined) delete filters.status;
  if (filters.statusClient === undefined) delete filters.statusClient;

  const all = [...sortBySpecOrder(errors), ...unknown];
  return all.length > 0 ? { ok: false, errors: all } : { ok: true, filters };
}

function sortBySpecOrder(errors: SearchFilterError[]): SearchFilterError[] {
  const rank = (param: string) => SEARCH_FILTER_PARAMS.indexOf(param as SearchFilterParam);
  return [...errors].sort((a, b) => rank(a.param) - rank(b.param));
}

/** An unknown parameter's name is echoed back in the message: keep it printable and short. */
function sanitiseName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').replace(LONE_SURROGATE_GLOBAL, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE.source, 'g');

/** The translatable message of a search filter error ({param} names the parameter). */
export function searchFilterErrorMessage(error: SearchFilterError): DomainMessage {
  return { key: `search_filter.${error.code}`, params: { param: error.param, ...LIMIT_PARAMS[error.param] } };
}

const LIMIT_PARAMS: Readonly<Record<string, Record<string, number>>> = {
  page: { min: 1, max: MAX_SEARCH_PAGE },
  size: { min: 1, max: MAX_SEARCH_PAGE_SIZE },
  order_id: { min: 1, max: Number.MAX_SAFE_INTEGER },
  product_id: { min: 1, max: 2_147_483_647 },
  referencia: { min: 1, max: SEARCH_TEXT_LIMITS.referencia },
  email: { min: MIN_SUBSTRING_LENGTH, max: SEARCH_TEXT_LIMITS.email },
  exact_email: { min: 3, max: 254 },
  text: { min: MIN_SUBSTRING_LENGTH, max: SEARCH_TEXT_LIMITS.text },
  provider: { min: 1, max: SEARCH_TEXT_LIMITS.provider },
};

/**
 * Writes filters back as query parameters (what the screen puts in its shareable URL), leaving out defaults.
 * parseItemSearch(searchFilterToQuery(f)) gives f back.
 */
export function searchFilterToQuery(filters: ItemSearchFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.page !== 1) out.page = String(filters.page);
  if (filters.size !== DEFAULT_SEARCH_PAGE_SIZE) out.size = String(filters.size);
  const { field, direction } = filters.orderBy;
  if (field !== DEFAULT_SEARCH_ORDER.field || direction !== DEFAULT_SEARCH_ORDER.direction) {
    out.order_by = `${direction === 'desc' ? '-' : ''}${field}`;
  }
  if (filters.orderId !== undefined) out.order_id = String(filters.orderId);
  if (filters.referencia !== undefined) out.referencia = filters.referencia;
  if (filters.email !== undefined) out.email = filters.email;
  if (filters.productId !== undefined) out.product_id = String(filters.productId);
  if (filters.status?.length) out.status = filters.status.join(',');
  if (filters.statusClient?.length) out.status_client = filters.statusClient.join(',');
  if (filters.dateStart !== undefined) out.date_start = filters.dateStart;
  if (filters.dateEnd !== undefined) out.date_end = filters.dateEnd;
  if (filters.text !== undefined) out.text = filters.text;
  if (filters.provider !== undefined) out.provider = filters.provider;
  return out;
}
