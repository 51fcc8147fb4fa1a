import { describe, expect, it } from 'vitest';
import {
  aeatDate,
  formatInvoiceNumber,
  isoDate,
  parseInvoiceNumber,
  zonedDateTime,
  zonedTimestamp,
} from './invoice-numbering.js';

describe('invoice numbers: <series>-<year>-<6-digit sequence>', () => {
  it.each([
    ['F01', 2026, 1, 'F01-2026-000001'],
    ['F01', 2026, 2, 'F01-2026-000002'],
    ['R01', 2026, 1, 'R01-2026-000001'],
    ['F16', 2027, 123456, 'F16-2027-123456'],
    ['F17', 2026, 999999, 'F17-2026-999999'],
  ])('%s %i #%i -> %s, and back', (series, year, seq, expected) => {
    expect(formatInvoiceNumber(series, year, seq)).toBe(expected);
    expect(parseInvoiceNumber(expected)).toEqual({ seriesCode: series, year, sequence: seq });
  });

  it.each([
    ['f01', 2026, 1],
    ['F01-', 2026, 1],
    ['F01', 1999, 1],
    ['F01', 2026, 0],
    ['F01', 2026, 1_000_000],
    ['F01', 2026, 1.5],
  ])('rejects series %s, year %i, sequence %d', (series, year, seq) => {
    expect(() => formatInvoiceNumber(series, year, seq)).toThrow(RangeError);
  });

  it.each(['F01-2026-000000', 'F01-26-000001', 'F01-2026-1', '01-2026-000001', ''])(
    '%s is not an invoice number',
    (n) => {
      expect(parseInvoiceNumber(n)).toBeNull();
    },
  );
});

describe('issue dates and record timestamps in the issuer time zone', () => {
  it.each([
    // Madrid is UTC+1 in winter and UTC+2 in summer; the date is the local one.
    ['2024-01-01T18:20:30Z', 'Europe/Madrid', '2024-01-01', '01-01-2024', '2024-01-01T19:20:30+01:00'],
    ['2026-07-15T22:30:00Z', 'Europe/Madrid', '2026-07-16', '16-07-2026', '2026-07-16T00:30:00+02:00'],
    ['2026-12-31T23:30:00Z', 'Europe/Madrid', '2027-01-01', '01-01-2027', '2027-01-01T00:30:00+01:00'],
    ['2026-12-31T23:30:00Z', 'Europe/Lisbon', '2026-12-31', '31-12-2026', '2026-12-31T23:30:00+00:00'],
    ['2026-06-30T23:30:00.900Z', 'Europe/Dublin', '2026-07-01', '01-07-2026', '2026-07-01T00:30:00+01:00'],
  ])('%s in %s -> %s', (instant, tz, iso, aeat, stamp) => {
    const z = zonedDateTime(new Date(instant), tz);
    expect(isoDate(z)).toBe(iso);
    expect(aeatDate(isoDate(z))).toBe(aeat);
    expect(zonedTimestamp(z)).toBe(stamp);
  });
});
