import type { DomainMessage } from '../i18n/domain-messages.js';
import { validateIsoDate } from '../validators/dates.js';
import type { RawQuery } from './search-filter.js';

/**
 * The statistics screen's filter (docs/backoffice.md, "Statistics"): a range of days `from`..`to` (both included, on
 * the back office's Spanish time) and optionally some stores. Every parameter is checked; an unknown or malformed one is
 * an error value, never silently ignored.
 */
export const STATISTICS_PARAMS = ['from', 'to', 'store'] as const;
export type StatisticsParam = (typeof STATISTICS_PARAMS)[number];

/** The range shown when none is asked: the last 30 days, today included. */
export const DEFAULT_STATISTICS_DAYS = 30;
/** The longest range a query may cover (a leap year): bounded so a query's cost is bounded too. */
export const MAX_STATISTICS_DAYS = 366;
/** How many stores one filter may name. */
export const MAX_STATISTICS_STORES = 30;
/** Largest store id accepted (store ids are small: 1 to 28 today). */
export const MAX_STORE_ID = 9999;

/** A checked statistics filter. */
export interface StatisticsFilter {
  /** First day included, yyyy-mm-dd. */
  from: string;
  /** Last day included, yyyy-mm-dd. */
  to: string;
  /** Only these stores, sorted, no duplicates; absent = every store. */
  stores?: number[];
}

export type StatisticsErrorCode =
  | 'unknown_param'
  | 'repeated_param'
  | 'invalid_characters'
  | 'bad_date'
  | 'end_before_start'
  | 'range_too_long'
  | 'bad_store'
  | 'too_many_stores';

export interface StatisticsError {
  param: string;
  code: StatisticsErrorCode;
}

export type StatisticsFilterResult = { ok: true; filter: StatisticsFilter } | { ok: false; errors: StatisticsError[] };

const PARAM_SET = new Set<string>(STATISTICS_PARAMS);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const DIGITS = /^[0-9]+$/;
const DAY_MS = 86_400_000;

/** The day `n` days after `day` (negative: before), both yyyy-mm-dd. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `from`..`to` covers, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of the range in order, so charts show the days without orders as zero. */
export function rangeDays(filter: Pick<StatisticsFilter, 'from' | 'to'>): string[] {
  const n = daysInRange(filter.from, filter.to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(filter.from, i));
}

function stores(raw: string): StatisticsErrorCode | number[] {
  const out = new Set<number>();
  for (const part of raw.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    if (!DIGITS.test(part) || part.length > 4) return 'bad_store';
    const id = Number(part);
    if (id < 1 || id > MAX_STORE_ID) return 'bad_store';
    out.add(id);
  }
  if (out.size > MAX_STATISTICS_STORES) return 'too_many_stores';
  return [...out].sort((a, b) => a - b);
}

/**
 * Parses the query of `GET /api/backoffice/statistics/...` given today's date (yyyy-mm-dd, Spanish time).
 * Rules: only `from`, `to` and `store`, each once; blank values mean "not given"; control characters (NUL included) and
 * lone surrogates are refused; dates are real calendar days; `to` defaults to today (or to `from` when that is later)
 * and `from` to 29 days before `to` (30 days); `to` may not be before `from`; the range covers at most 366 days;
 * `store` is comma-joined store ids 1-9999. Errors of the parameters themselves are reported at once.
 */
export function parseStatisticsFilter(query: RawQuery, today: string): StatisticsFilterResult {
  const errors: StatisticsError[] = [];
  const values = new Map<StatisticsParam, string>();
  for (const [param, rawValue] of Object.entries(query)) {
    if (rawValue === undefined) continue;
    if (!PARAM_SET.has(param)) {
      errors.push({ param: sanitiseName(param), code: 'unknown_param' });
      continue;
    }
    const name = param as StatisticsParam;
    if (typeof rawValue !== 'string' && rawValue.length > 1) {
      errors.push({ param: name, code: 'repeated_param' });
      continue;
    }
    const value = typeof rawValue === 'string' ? rawValue : (rawValue[0] ?? '');
    if (CONTROL.test(value) || LONE_SURROGATE.test(value)) {
      errors.push({ param: name, code: 'invalid_characters' });
      continue;
    }
    if (value.trim() !== '') values.set(name, value.trim());
  }

  const date = (param: 'from' | 'to'): string | undefined => {
    const raw = values.get(param);
    if (raw === undefined) return undefined;
    const checked = validateIsoDate(raw);
    if (checked.ok) return checked.normalised;
    errors.push({ param, code: 'bad_date' });
    return undefined;
  };
  const fromGiven = date('from');
  const toGiven = date('to');
  let storeIds: number[] | undefined;
  const rawStores = values.get('store');
  if (rawStores !== undefined) {
    const checked = stores(rawStores);
    if (typeof checked === 'string') errors.push({ param: 'store', code: checked });
    else if (checked.length > 0) storeIds = checked;
  }
  if (errors.length > 0) return { ok: false, errors: sortErrors(errors) };

  const to = toGiven ?? (fromGiven !== undefined && fromGiven > today ? fromGiven : today);
  const from = fromGiven ?? addDays(to, -(DEFAULT_STATISTICS_DAYS - 1));
  if (to < from) return { ok: false, errors: [{ param: 'to', code: 'end_before_start' }] };
  if (daysInRange(from, to) > MAX_STATISTICS_DAYS)
    return { ok: false, errors: [{ param: 'to', code: 'range_too_long' }] };
  return { ok: true, filter: storeIds ? { from, to, stores: storeIds } : { from, to } };
}

/** Writes a filter back as a query (for the screen's address); parsing it again gives the same filter. */
export function statisticsFilterToQuery(filter: StatisticsFilter): Record<string, string> {
  const query: Record<string, string> = { from: filter.from, to: filter.to };
  if (filter.stores && filter.stores.length > 0) query.store = filter.stores.join(',');
  return query;
}

function sortErrors(errors: StatisticsError[]): StatisticsError[] {
  const rank = (param: string) => {
    const i = STATISTICS_PARAMS.indexOf(param as StatisticsParam);
    return i === -1 ? STATISTICS_PARAMS.length : i;
  };
  return [...errors].sort((a, b) => rank(a.param) - rank(b.param));
}

function sanitiseName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').replace(new RegExp(LONE_SURROGATE.source, 'g'), '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/** The translatable message of a statistics filter error. */
export function statisticsErrorMessage(error: StatisticsError): DomainMessage {
  return {
    key: `statistics.${error.code}`,
    params: { param: error.param, max: error.code === 'too_many_stores' ? MAX_STATISTICS_STORES : MAX_STATISTICS_DAYS },
  };
}

/** The age buckets of waiting work (queue age), upper bounds in hours; the last bucket has none. */
export const QUEUE_AGE_BUCKETS = [
  { key: 'lt_1d', maxHours: 24 },
  { key: '1_3d', maxHours: 72 },
  { key: '3_7d', maxHours: 168 },
  { key: '7_14d', maxHours: 336 },
  { key: '14_30d', maxHours: 720 },
  { key: 'gt_30d', maxHours: null },
] as const;
export type QueueAgeBucket = (typeof QUEUE_AGE_BUCKETS)[number]['key'];

/** The bucket of an item waiting `ageMs` (an item exactly 24 h old is in "1-3 days"). */
export function queueAgeBucket(ageMs: number): QueueAgeBucket {
  const hours = ageMs / 3_600_000;
  for (const bucket of QUEUE_AGE_BUCKETS) if (bucket.maxHours !== null && hours < bucket.maxHours) return bucket.key;
  return 'gt_30d';
}

/** Panel statuses that end an item's work: an agent's move into one of them counts as a finished item. */
export const FINISHED_STATUSES: readonly number[] = [70, 100, 101, 110, 120];
