import { describe, expect, it } from 'vitest';
import {
  aeatDate,
  formatInvoiceNumber,
  isSeriesCode,
  parseInvoiceNumber,
  seriesKey,
  zonedTimestamp,
  type ZonedDateTime,
} from './invoice-numbering.js';

describe('invoice number bounds', () => {
  it.each([
    ['year 2000', 'F01', 2000, 1, 'F01-2000-000001'],
    ['year 9999', 'F01', 9999, 999_999, 'F01-9999-999999'],
  ])('accepts %s', (_name, series, year, sequence, expected) => {
    expect(formatInvoiceNumber(series, year, sequence)).toBe(expected);
  });
  it.each([
    ['a lowercase series', 'f01', 2026, 1, 'Not a series code: "f01"'],
    ['year 1999', 'F01', 1999, 1, 'Not an invoice year: 1999'],
    ['year 10000', 'F01', 10_000, 1, 'Not an invoice year: 10000'],
    ['a sequence of 7 digits', 'F01', 2026, 1_000_000, 'Invoice sequence out of range: 1000000'],
  ])('refuses %s, naming it', (_name, series, year, sequence, message) => {
    expect(() => formatInvoiceNumber(series, year, sequence)).toThrow(message);
  });
  it.each(['xF01', 'F01x', 'F01 ', 'F0123456789'])('%j is not a series code', (code) => {
    expect(isSeriesCode(code)).toBe(false);
  });
  it.each(['xF01-2026-000001', 'F01-2026-0000012', 'F01-2026-000001 '])('%j is not an invoice number', (n) => {
    expect(parseInvoiceNumber(n)).toBeNull();
  });
  it('the counter key of a series in a year', () => {
    expect(seriesKey('R01', 2026)).toBe('R01-2026');
  });
});

describe('AEAT dates and zoned timestamps', () => {
  it.each(['2026-03-05x', 'x2026-03-05', '05-03-2026'])('aeatDate refuses %j, naming it', (day) => {
    expect(() => aeatDate(day)).toThrow(`Not an ISO date: "${day}"`);
  });
  const at = (offsetMinutes: number): ZonedDateTime => ({
    year: 2024,
    month: 1,
    day: 1,
    hour: 19,
    minute: 20,
    second: 30,
    offsetMinutes,
  });
  it.each([
    [60, '2024-01-01T19:20:30+01:00'],
    [0, '2024-01-01T19:20:30+00:00'],
    [-150, '2024-01-01T19:20:30-02:30'],
  ])('offset %s -> %s', (offset, expected) => {
    expect(zonedTimestamp(at(offset))).toBe(expected);
  });
});
