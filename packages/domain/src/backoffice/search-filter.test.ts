import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../stores/stores.js';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import {
  parseItemSearch,
  referencePrefixOf,
  searchFilterErrorMessage,
  searchFilterToQuery,
  type RawQuery,
  type SearchFilterErrorCode,
} from './search-filter.js';

function filtersOf(query: RawQuery) {
  const result = parseItemSearch(query);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.errors)}`);
  return result.filters;
}

function errorsOf(query: RawQuery) {
  const result = parseItemSearch(query);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.filters)}`);
  return result.errors;
}

describe('search filter (spec: order search filter): defaults', () => {
  it('no parameter: page 1, the shared page size 10, date descending', () => {
    expect(filtersOf({})).toEqual({ page: 1, size: 10, orderBy: { field: 'created_at', direction: 'desc' } });
  });

  it('blank values mean "no filter" (a submitted form sends its empty fields)', () => {
    const blank = Object.fromEntries(
      ['page', 'size', 'order_by', 'email', 'status', 'text', 'date_start'].map((p) => [p, '  ']),
    );
    expect(filtersOf({ ...blank, order_id: '' })).toEqual(filtersOf({}));
    expect(filtersOf({ status: ' , ,' })).toEqual(filtersOf({}));
    expect(filtersOf({ status_client: ', ' })).toEqual(filtersOf({}));
  });

  it('a parameter given as an empty list or as nothing is no filter', () => {
    expect(filtersOf({ status: [], text: undefined, zzz: undefined })).toEqual(filtersOf({}));
  });

  it('absent filters are left out, not set to undefined', () => {
    expect(Object.keys(filtersOf({ status: ' , ', status_client: ',' }))).toEqual(['page', 'size', 'orderBy']);
  });
});

describe('search filter: every accepted parameter', () => {
  it.each<[RawQuery, object]>([
    [{ page: '3' }, { page: 3 }],
    [{ page: '10000' }, { page: 10_000 }],
    [{ size: '1' }, { size: 1 }],
    [{ size: '100' }, { size: 100 }],
    [{ order_by: 'priority' }, { orderBy: { field: 'priority', direction: 'asc' } }],
    [{ order_by: '-deadline_at' }, { orderBy: { field: 'deadline_at', direction: 'desc' } }],
    [{ order_id: '100000042' }, { orderId: 100_000_042 }],
    [{ order_id: '007' }, { orderId: 7 }],
    [{ referencia: ' AB-12/2026 ' }, { referencia: 'AB-12/2026' }],
    [{ email: ' Ana@Example ' }, { email: 'ana@example' }],
    [{ product_id: '15867' }, { productId: 15867 }],
    [{ status: '40' }, { status: [40] }],
    [{ status: '40,60, 1004,40' }, { status: [40, 60, 1004] }],
    [{ status_client: '3' }, { statusClient: ['incidence'] }],
    [{ status_client: 'ready,1,ready' }, { statusClient: ['ready', 'pending'] }],
    [{ date_start: '2024-02-29' }, { dateStart: '2024-02-29' }],
    [
      { date_start: '2026-01-01', date_end: '2026-01-01' },
      { dateStart: '2026-01-01', dateEnd: '2026-01-01' },
    ],
    [{ text: 'García' }, { text: 'García' }],
    [{ provider: 'notaria-lopez_2' }, { provider: 'notaria-lopez_2' }],
    [{ provider: '17' }, { provider: '17' }],
    [{ status: ['40'] }, { status: [40] }],
    [{ size: '99' }, { size: 99 }],
    [{ order_by: 'created_at' }, { orderBy: { field: 'created_at', direction: 'asc' } }],
    [{ order_by: '-updated_at' }, { orderBy: { field: 'updated_at', direction: 'desc' } }],
    [{ order_by: 'order_id' }, { orderBy: { field: 'order_id', direction: 'asc' } }],
    [{ order_by: 'item_id' }, { orderBy: { field: 'item_id', direction: 'asc' } }],
    [{ order_by: '-status' }, { orderBy: { field: 'status', direction: 'desc' } }],
    [{ order_id: '9007199254740991' }, { orderId: Number.MAX_SAFE_INTEGER }],
    [{ product_id: '2147483647' }, { productId: 2_147_483_647 }],
    [{ referencia: 'R' }, { referencia: 'R' }],
    [{ referencia: 'r'.repeat(100) }, { referencia: 'r'.repeat(100) }],
    [{ email: 'ANA' }, { email: 'ana' }],
    [{ email: 'a'.repeat(254) }, { email: 'a'.repeat(254) }],
    [{ text: 'abc' }, { text: 'abc' }],
    [{ text: 'x'.repeat(200) }, { text: 'x'.repeat(200) }],
    [{ provider: 'P.1' }, { provider: 'P.1' }],
    [{ provider: 'p'.repeat(64) }, { provider: 'p'.repeat(64) }],
    [
      { status_client: 'pending,processing,incidence,ready,returned' },
      { statusClient: ['pending', 'processing', 'incidence', 'ready', 'returned'] },
    ],
    [{ status_client: '1,2,3,4,5' }, { statusClient: ['pending', 'processing', 'incidence', 'ready', 'returned'] }],
    [{ date_end: '2026-01-01' }, { dateEnd: '2026-01-01' }],
    [{ date_start: '2026-01-01' }, { dateStart: '2026-01-01' }],
    [
      { date_start: '2025-12-31', date_end: '2026-01-01' },
      { dateStart: '2025-12-31', dateEnd: '2026-01-01' },
    ],
  ])('%j -> %j', (query, expected) => {
    expect(filtersOf(query)).toMatchObject(expected);
  });

  it('the order of the spec: the statuses keep the order they were written in', () => {
    expect(filtersOf({ status: '120,0' }).status).toEqual([120, 0]);
  });
});

describe('search filter: each malformed value has its own error code', () => {
  it.each<[RawQuery, string, SearchFilterErrorCode]>([
    [{ sort: 'x' }, 'sort', 'unknown_param'],
    [{ per_page: '10' }, 'per_page', 'unknown_param'],
    [{ Status: '40' }, 'Status', 'unknown_param'],
    [{ status: ['40', '60'] }, 'status', 'repeated_param'],
    [{ text: 'ab\u0000cd' }, 'text', 'invalid_characters'],
    [{ email: 'a\tb@x.es' }, 'email', 'invalid_characters'],
    [{ referencia: 'x\u0085y' }, 'referencia', 'invalid_characters'],
    [{ text: 'abc\ud800' }, 'text', 'invalid_characters'],
    [{ text: '\udc00abc' }, 'text', 'invalid_characters'],
    [{ page: '1.5' }, 'page', 'not_an_integer'],
    [{ page: '-1' }, 'page', 'not_an_integer'],
    [{ page: '+2' }, 'page', 'not_an_integer'],
    [{ page: '1e3' }, 'page', 'not_an_integer'],
    [{ page: 'Infinity' }, 'page', 'not_an_integer'],
    [{ size: '0x10' }, 'size', 'not_an_integer'],
    [{ order_id: 'abc' }, 'order_id', 'not_an_integer'],
    [{ product_id: '١٢' }, 'product_id', 'not_an_integer'],
    [{ page: '0' }, 'page', 'out_of_range'],
    [{ page: '10001' }, 'page', 'out_of_range'],
    [{ size: '0' }, 'size', 'out_of_range'],
    [{ size: '101' }, 'size', 'out_of_range'],
    [{ order_id: '0' }, 'order_id', 'out_of_range'],
    [{ order_id: '1' + '0'.repeat(400) }, 'order_id', 'out_of_range'],
    [{ product_id: '2147483648' }, 'product_id', 'out_of_range'],
    [{ date_start: '2026-13-01' }, 'date_start', 'bad_date'],
    [{ date_start: '2023-02-29' }, 'date_start', 'bad_date'],
    [{ date_end: '2026-04-31' }, 'date_end', 'bad_date'],
    [{ date_end: '01/02/2026' }, 'date_end', 'bad_date'],
    [{ date_end: '2026-1-2' }, 'date_end', 'bad_date'],
    [{ date_start: '2026-02-02', date_end: '2026-02-01' }, 'date_end', 'end_before_start'],
    [{ status: '41' }, 'status', 'unknown_status'],
    [{ status: '40,abc' }, 'status', 'unknown_status'],
    [{ status: '-1' }, 'status', 'unknown_status'],
    [{ status: '0x28' }, 'status', 'unknown_status'],
    [{ status: '4e1' }, 'status', 'unknown_status'],
    [{ status_client: '6' }, 'status_client', 'unknown_client_status'],
    [{ status_client: 'Listo' }, 'status_client', 'unknown_client_status'],
    [{ order_by: 'password' }, 'order_by', 'bad_order_by'],
    [{ order_by: '--created_at' }, 'order_by', 'bad_order_by'],
    [{ provider: 'a b' }, 'provider', 'bad_provider'],
    [{ provider: '-x' }, 'provider', 'bad_provider'],
    [{ provider: 'p'.repeat(65) }, 'provider', 'too_long'],
    [{ email: 'an' }, 'email', 'too_short'],
    [{ text: 'ab' }, 'text', 'too_short'],
    [{ email: 'a'.repeat(255) }, 'email', 'too_long'],
    [{ text: 'x'.repeat(201) }, 'text', 'too_long'],
    [{ referencia: 'r'.repeat(101) }, 'referencia', 'too_long'],
    [{ order_id: '9007199254740992' }, 'order_id', 'out_of_range'],
    [{ status_client: '0' }, 'status_client', 'unknown_client_status'],
    [{ status_client: 'ready,' + 'x' }, 'status_client', 'unknown_client_status'],
    [{ text: ['ab\u0000cd'] }, 'text', 'invalid_characters'],
    [{ order_by: '-' }, 'order_by', 'bad_order_by'],
    [{ provider: '_x' }, 'provider', 'bad_provider'],
  ])('%j -> %s %s', (query, param, code) => {
    expect(errorsOf(query)).toEqual([{ param, code }]);
  });

  it('limits count characters, not UTF-16 units: 200 emoji are a valid text', () => {
    expect(filtersOf({ text: '😀'.repeat(200) }).text).toHaveLength(400);
  });

  it('reports every bad parameter at once, in the order of the spec list, unknown ones last', () => {
    expect(errorsOf({ zzz: '1', status: '41', page: 'x', date_end: 'nope' })).toEqual([
      { param: 'page', code: 'not_an_integer' },
      { param: 'status', code: 'unknown_status' },
      { param: 'date_end', code: 'bad_date' },
      { param: 'zzz', code: 'unknown_param' },
    ]);
  });

  it('orders the errors by the spec list whatever the order of the query', () => {
    expect(errorsOf({ text: 'a\u0000', status: ['1', '2'], page: 'x' })).toEqual([
      { param: 'page', code: 'not_an_integer' },
      { param: 'status', code: 'repeated_param' },
      { param: 'text', code: 'invalid_characters' },
    ]);
  });

  it('an unknown parameter name is echoed back printable and short', () => {
    const [error] = errorsOf({ ['a\u0000b'.padEnd(60, 'c')]: '1' });
    expect(error!.param).not.toContain('\u0000');
    expect(error!.param.length).toBeLessThanOrEqual(41);
  });

  it.each([
    ['a\u0000b\u001f\u007f\u009f', 'a?b???'],
    ['x\ud800y\udc00', 'x?y?'],
    ['😀', '😀'],
    ['p'.repeat(40), 'p'.repeat(40)],
    ['p'.repeat(41), `${'p'.repeat(40)}…`],
  ])('the unknown parameter %j is echoed as %j', (name, echoed) => {
    expect(errorsOf({ [name]: '1' })).toEqual([{ param: echoed, code: 'unknown_param' }]);
  });
});

describe('search filter: messages', () => {
  const codes: SearchFilterErrorCode[] = [
    'unknown_param',
    'repeated_param',
    'invalid_characters',
    'not_an_integer',
    'out_of_range',
    'bad_date',
    'end_before_start',
    'unknown_status',
    'unknown_client_status',
    'bad_order_by',
    'bad_provider',
    'too_short',
    'too_long',
    'bad_email',
  ];

  it.each(LANGUAGES)('every code has its own message in %s, with no placeholder left unfilled', (language) => {
    const texts = codes.map((code) =>
      translateDomainMessage(language, searchFilterErrorMessage({ param: 'size', code })),
    );
    expect(new Set(texts).size).toBe(codes.length);
    for (const text of texts) expect(text).not.toMatch(/\{\w+\}/);
  });

  it('names the parameter and the limits', () => {
    const message = searchFilterErrorMessage({ param: 'size', code: 'out_of_range' });
    expect(translateDomainMessage('es', message)).toBe('El filtro size debe estar entre 1 y 100');
    expect(translateDomainMessage('en', { ...message })).toBe('The filter size must be between 1 and 100');
  });

  it.each<[string, object]>([
    ['page', { min: 1, max: 10_000 }],
    ['size', { min: 1, max: 100 }],
    ['order_id', { min: 1, max: Number.MAX_SAFE_INTEGER }],
    ['product_id', { min: 1, max: 2_147_483_647 }],
    ['referencia', { min: 1, max: 100 }],
    ['email', { min: 3, max: 254 }],
    ['exact_email', { min: 3, max: 254 }],
    ['text', { min: 3, max: 200 }],
    ['provider', { min: 1, max: 64 }],
    ['status', {}],
  ])('the limits of %s', (param, limits) => {
    expect(searchFilterErrorMessage({ param, code: 'out_of_range' })).toEqual({
      key: 'search_filter.out_of_range',
      params: { param, ...limits },
    });
  });
});

describe('search filter: the shareable URL', () => {
  it.each<RawQuery>([
    {},
    { page: '2', size: '25', order_by: 'priority' },
    { order_by: '-updated_at', status: '40,60', status_client: 'ready' },
    {
      order_id: '160000001',
      referencia: 'R-1',
      email: 'gmail',
      product_id: '15867',
      date_start: '2026-01-01',
      date_end: '2026-02-01',
      text: 'calle mayor',
      provider: 'p1',
    },
  ])('parse(toQuery(parse(%j))) is the same filter', (query) => {
    const filters = filtersOf(query);
    expect(filtersOf(searchFilterToQuery(filters))).toEqual(filters);
  });

  it('leaves the defaults out of the URL', () => {
    expect(searchFilterToQuery(filtersOf({ page: '1', size: '10', order_by: '-created_at' }))).toEqual({});
  });

  it.each<[RawQuery, Record<string, string>]>([
    [{ order_by: 'created_at' }, { order_by: 'created_at' }],
    [{ order_by: '-priority' }, { order_by: '-priority' }],
    [
      { page: '2', size: '25', status: '40, 60', status_client: '4,1', email: ' Gmail ', text: ' calle ' },
      { page: '2', size: '25', status: '40,60', status_client: 'ready,pending', email: 'gmail', text: 'calle' },
    ],
    [
      {
        order_id: '007',
        product_id: '15',
        referencia: 'R-1',
        date_start: '2026-01-01',
        date_end: '2026-02-01',
        provider: 'p1',
      },
      {
        order_id: '7',
        product_id: '15',
        referencia: 'R-1',
        date_start: '2026-01-01',
        date_end: '2026-02-01',
        provider: 'p1',
      },
    ],
  ])('%j is written back as %j', (query, written) => {
    expect(searchFilterToQuery(filtersOf(query))).toStrictEqual(written);
  });
  it('writes no empty status lists', () => {
    expect(searchFilterToQuery({ ...filtersOf({}), status: [], statusClient: [] })).toEqual({});
  });
});

describe('search filter: a text term shaped like the start of a reference', () => {
  it.each([
    ['ns-2025/', 'NS-2025/'],
    ['NS-2025/0045', 'NS-2025/0045'],
    ['ns-2025', 'NS-2025'],
    ['cert-25/1', 'CERT-25/1'],
    ['Rp-2026/000123', 'RP-2026/000123'],
  ])('%j is the prefix %j of the references', (text, prefix) => {
    expect(referencePrefixOf(text)).toBe(prefix);
  });

  it.each([
    'gomez',
    'ns 2025/',
    'ns-2025/00a',
    '2025/0045',
    's_-2025/',
    'ns-%/',
    'ns-2/',
    'ns-20255/',
    'calle-2025/ mayor',
    'ns-2025//',
    'abcdefg-2025/',
  ])('%j stays a substring of the whole text', (text) => {
    expect(referencePrefixOf(text)).toBeNull();
  });
});
