import { parseItemSearch, searchFilterToQuery } from '@ventanilla/domain';

// The search screen's address <-> form values (docs/backoffice.md, "Search"): pure, so tested without a browser.

/** The id of a filter's field (the error summary links to it). */
export function searchFieldId(param: string): string {
  return `search-${param.replace(/_/g, '-')}`;
}

/** The id of the form's heading: where the error summary sends problems that have no field (unknown parameters). */
export const SEARCH_FORM_TITLE_ID = 'search-filters-title';

/** The filters as the form edits them: the address's raw values (lists split). */
export interface SearchFormValues {
  order_id: string;
  referencia: string;
  email: string;
  product_id: string;
  status: string[];
  status_client: string[];
  date_start: string;
  date_end: string;
  text: string;
  provider: string;
  order_by: string;
  size: string;
}

export const SEARCH_TEXT_PARAMS = [
  'order_id',
  'referencia',
  'email',
  'product_id',
  'date_start',
  'date_end',
  'text',
  'provider',
  'order_by',
  'size',
] as const;

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The form's values from the address (the first value of a repeated parameter; the server reports the repeat). */
export function formValuesFrom(params: URLSearchParams): SearchFormValues {
  const text = (name: string) => params.get(name) ?? '';
  return {
    order_id: text('order_id'),
    referencia: text('referencia'),
    email: text('email'),
    product_id: text('product_id'),
    status: list(params.get('status')),
    status_client: list(params.get('status_client')),
    date_start: text('date_start'),
    date_end: text('date_end'),
    text: text('text'),
    provider: text('provider'),
    order_by: text('order_by'),
    size: text('size'),
  };
}

/**
 * The address of a search: the domain's normal form (searchFilterToQuery: defaults left out, e-mail lower-cased) when
 * the values are valid, else the values as typed, so the server's 400 says what to fix. Always back to page 1.
 */
export function searchQueryOf(values: SearchFormValues): URLSearchParams {
  const raw: Record<string, string> = {};
  for (const param of SEARCH_TEXT_PARAMS) {
    const value = values[param].trim();
    if (value) raw[param] = value;
  }
  if (values.status.length) raw.status = values.status.join(',');
  if (values.status_client.length) raw.status_client = values.status_client.join(',');
  const parsed = parseItemSearch(raw);
  return new URLSearchParams(parsed.ok ? searchFilterToQuery({ ...parsed.filters, page: 1 }) : raw);
}
