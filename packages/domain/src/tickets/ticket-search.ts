import type { RawQuery, SearchFilterError } from '../backoffice/search-filter.js';
import { parseTicketsEmail } from '../backoffice/workspace-tabs.js';
import { isTicketStatus, type TicketStatusId } from './ticket-rules.js';

/** The tickets list's parameters (GET /api/backoffice/tickets). */
export const TICKET_SEARCH_PARAMS = ['email', 'exact_email', 'status', 'page', 'size'] as const;
export const TICKET_PAGE_SIZE_MAX = 100;
export const TICKET_PAGE_MAX = 10_000;
export const TICKET_PAGE_SIZE_DEFAULT = 20;

export interface TicketSearch {
  /** Substring of the customer's e-mail, lower-case. */
  email: string | null;
  /** The whole customer e-mail, lower-case (the per-e-mail tickets tab): `ana@x.es` never lists `juana@x.es`. */
  exactEmail: string | null;
  status: TicketStatusId[];
  page: number;
  size: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function integer(raw: string, min: number, max: number): number | 'not_an_integer' | 'out_of_range' {
  if (!/^[0-9]+$/.test(raw)) return 'not_an_integer';
  const n = raw.length > 15 ? Number.POSITIVE_INFINITY : Number(raw);
  return n >= min && n <= max ? n : 'out_of_range';
}

/**
 * Checks the tickets list's query like the order search's (same error codes and messages): unknown or repeated
 * parameters, control characters, integers in range, known statuses (comma-joined). Blank values mean "no filter".
 */
export function parseTicketSearch(
  query: RawQuery,
): { ok: true; search: TicketSearch } | { ok: false; errors: SearchFilterError[] } {
  const errors: SearchFilterError[] = [];
  const search: TicketSearch = {
    email: null,
    exactEmail: null,
    status: [],
    page: 1,
    size: TICKET_PAGE_SIZE_DEFAULT,
  };
  for (const [param, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (!(TICKET_SEARCH_PARAMS as readonly string[]).includes(param)) {
      errors.push({ param, code: 'unknown_param' });
      continue;
    }
    if (typeof value !== 'string') {
      errors.push({ param, code: 'repeated_param' });
      continue;
    }
    if (CONTROL.test(value) || LONE_SURROGATE.test(value)) {
      errors.push({ param, code: 'invalid_characters' });
      continue;
    }
    const raw = value.trim();
    if (raw === '') continue;
    if (param === 'email') {
      const length = [...raw].length;
      if (length < 3) errors.push({ param, code: 'too_short' });
      else if (length > 254) errors.push({ param, code: 'too_long' });
      else search.email = raw.toLowerCase();
    } else if (param === 'exact_email') {
      const email = parseTicketsEmail(raw);
      if ([...raw].length > 254) errors.push({ param, code: 'too_long' });
      else if (email === null) errors.push({ param, code: 'bad_email' });
      else search.exactEmail = email;
    } else if (param === 'status') {
      const ids = raw.split(',').map((s) => s.trim());
      const parsed = ids.map((s) => (/^[0-9]{1,2}$/.test(s) ? Number(s) : NaN));
      if (ids.length > 8 || !parsed.every(isTicketStatus)) errors.push({ param, code: 'unknown_status' });
      else search.status = [...new Set(parsed as TicketStatusId[])];
    } else {
      const n = param === 'page' ? integer(raw, 1, TICKET_PAGE_MAX) : integer(raw, 1, TICKET_PAGE_SIZE_MAX);
      if (typeof n === 'string') errors.push({ param, code: n });
      else if (param === 'page') search.page = n;
      else search.size = n;
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, search };
}
