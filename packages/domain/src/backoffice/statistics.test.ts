import { describe, expect, it } from 'vitest';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import { LANGUAGES } from '../stores/stores.js';
import {
  addDays,
  daysInRange,
  parseStatisticsFilter,
  queueAgeBucket,
  rangeDays,
  statisticsErrorMessage,
  statisticsFilterToQuery,
  type RawQuery,
  type StatisticsErrorCode,
} from './index.js';

const TODAY = '2026-11-24';

describe('statistics filter: accepted queries', () => {
  const cases: Array<[string, RawQuery, object]> = [
    ['nothing: the last 30 days, today included', {}, { from: '2026-10-26', to: TODAY }],
    ['blank values mean "not given"', { from: '', to: ' ', store: '' }, { from: '2026-10-26', to: TODAY }],
    ['only to: the 30 days ending there', { to: '2026-03-01' }, { from: '2026-01-31', to: '2026-03-01' }],
    ['only from: up to today', { from: '2026-11-01' }, { from: '2026-11-01', to: TODAY }],
    ['only from, after today: that day alone', { from: '2026-12-05' }, { from: '2026-12-05', to: '2026-12-05' }],
    ['one day', { from: '2026-02-28', to: '2026-02-28' }, { from: '2026-02-28', to: '2026-02-28' }],
    [
      '366 days (a leap year) is the longest',
      { from: '2024-01-01', to: '2024-12-31' },
      { from: '2024-01-01', to: '2024-12-31' },
    ],
    [
      'stores sorted, without duplicates',
      { store: '16, 1,16,,26' },
      { from: '2026-10-26', to: TODAY, stores: [1, 16, 26] },
    ],
    ['a one-element list is a value', { store: ['5'] }, { from: '2026-10-26', to: TODAY, stores: [5] }],
    ['whitespace around dates', { from: ' 2026-11-01 ', to: '2026-11-02 ' }, { from: '2026-11-01', to: '2026-11-02' }],
  ];
  it.each(cases)('%s', (_name, query, expected) => {
    const result = parseStatisticsFilter(query, TODAY);
    expect(result).toEqual({ ok: true, filter: expected });
  });
});

describe('statistics filter: refused queries, every error at once', () => {
  const cases: Array<[string, RawQuery, Array<[string, StatisticsErrorCode]>]> = [
    ['an unknown parameter', { page: '2' }, [['page', 'unknown_param']]],
    ['a parameter twice', { from: ['2026-01-01', '2026-01-02'] }, [['from', 'repeated_param']]],
    ['NUL in a date', { from: '2026-01-01\u0000' }, [['from', 'invalid_characters']]],
    ['NUL in the stores', { store: '1\u0000' }, [['store', 'invalid_characters']]],
    ['a lone surrogate', { to: '\ud800' }, [['to', 'invalid_characters']]],
    ['not a day', { from: '2026-02-30' }, [['from', 'bad_date']]],
    ['another format', { to: '24/11/2026' }, [['to', 'bad_date']]],
    ['end before start', { from: '2026-11-10', to: '2026-11-09' }, [['to', 'end_before_start']]],
    ['367 days', { from: '2025-01-01', to: '2026-01-02' }, [['to', 'range_too_long']]],
    ['a huge range', { from: '0001-01-01', to: '9999-12-31' }, [['to', 'range_too_long']]],
    ['a store that is not a number', { store: '1,abc' }, [['store', 'bad_store']]],
    ['store 0', { store: '0' }, [['store', 'bad_store']]],
    ['a huge store id', { store: '99999999999999999999' }, [['store', 'bad_store']]],
    ['a negative store', { store: '-1' }, [['store', 'bad_store']]],
    [
      'too many stores',
      { store: Array.from({ length: 31 }, (_, i) => String(i + 1)).join(',') },
      [['store', 'too_many_stores']],
    ],
    [
      'several at once, in parameter order, unknown last',
      { zzz: '1', store: 'x', to: 'no', from: 'no' },
      [
        ['from', 'bad_date'],
        ['to', 'bad_date'],
        ['store', 'bad_store'],
        ['zzz', 'unknown_param'],
      ],
    ],
    ['an unknown name is made printable', { 'a\u0000b': '1' }, [['a?b', 'unknown_param']]],
  ];
  it.each(cases)('%s', (_name, query, expected) => {
    const result = parseStatisticsFilter(query, TODAY);
    expect(result).toEqual({ ok: false, errors: expected.map(([param, code]) => ({ param, code })) });
  });
});

describe('statistics filter: messages and round trip', () => {
  const codes: StatisticsErrorCode[] = [
    'unknown_param',
    'repeated_param',
    'invalid_characters',
    'bad_date',
    'end_before_start',
    'range_too_long',
    'bad_store',
    'too_many_stores',
  ];
  it.each(codes)('%s has a message in es, en and pt, without placeholders left', (code) => {
    for (const language of LANGUAGES) {
      const text = translateDomainMessage(language, statisticsErrorMessage({ param: 'to', code }));
      expect(text).not.toMatch(/[{}]/);
      expect(text.length).toBeGreaterThan(5);
    }
  });

  it('the range message names the limit', () => {
    expect(translateDomainMessage('en', statisticsErrorMessage({ param: 'to', code: 'range_too_long' }))).toBe(
      'The period covers at most 366 days',
    );
  });

  it('a filter written as a query parses back to itself', () => {
    const filter = { from: '2026-01-01', to: '2026-01-31', stores: [1, 16] };
    expect(parseStatisticsFilter(statisticsFilterToQuery(filter), TODAY)).toEqual({ ok: true, filter });
    expect(statisticsFilterToQuery({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});

describe('days of a range', () => {
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-29', 1, '2026-03-30'],
  ])('%s + %i = %s', (day, n, expected) => expect(addDays(day, n)).toBe(expected));

  it('counts both ends and lists every day', () => {
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
    expect(rangeDays({ from: '2026-03-28', to: '2026-03-30' })).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });
});

describe('queue age buckets', () => {
  const H = 3_600_000;
  it.each([
    [0, 'lt_1d'],
    [24 * H - 1, 'lt_1d'],
    [24 * H, '1_3d'],
    [72 * H, '3_7d'],
    [168 * H, '7_14d'],
    [336 * H, '14_30d'],
    [720 * H - 1, '14_30d'],
    [720 * H, 'gt_30d'],
    [10_000 * H, 'gt_30d'],
  ])('%i ms is %s', (age, bucket) => expect(queueAgeBucket(age)).toBe(bucket));
});
