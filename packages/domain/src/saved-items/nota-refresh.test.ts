import { describe, expect, it } from 'vitest';
import { madridDate, notaSimpleAgeDays, offersNotaSimpleRefresh } from './nota-refresh.js';

describe('nota simple refresh after 60 days (Madrid calendar days)', () => {
  it.each([
    // issued (note's date or delivery instant), now, age, offered
    ['2026-03-01', '2026-04-30T10:00:00Z', 60, false],
    ['2026-03-01', '2026-05-01T10:00:00Z', 61, true],
    ['2026-03-01', '2026-03-01T10:00:00Z', 0, false],
    // 22:30 UTC on 30 April is already 1 May in Madrid (summer time, +2): 61 days.
    ['2026-03-01', '2026-04-30T22:30:00Z', 61, true],
    // 21:59 UTC is still 30 April in Madrid: exactly 60, not offered.
    ['2026-03-01', '2026-04-30T21:59:59Z', 60, false],
    // Across the winter change (+1): 23:30 UTC on 31 December is 1 January in Madrid.
    ['2026-11-01', '2026-12-31T23:30:00Z', 61, true],
    ['2026-11-01', '2026-12-31T22:59:59Z', 60, false],
    // Leap year: 2028-02-29 exists.
    ['2028-01-01', '2028-03-01T12:00:00Z', 60, false],
    ['2028-01-01', '2028-03-02T12:00:00Z', 61, true],
  ])('issued %s, now %s -> %s days, offered %s', (issued, now, age, offered) => {
    expect(notaSimpleAgeDays(issued, new Date(now))).toBe(age);
    expect(offersNotaSimpleRefresh(issued, new Date(now))).toBe(offered);
  });

  it.each([
    // A delivery instant counts by its Madrid date: 23:30 UTC on 28 Feb 2026 is 1 March in Madrid (winter, +1).
    ['2026-02-28T23:30:00Z', '2026-04-30T12:00:00Z', 60, false],
    ['2026-02-28T22:30:00Z', '2026-04-30T12:00:00Z', 61, true],
  ])('delivered at %s, now %s -> %s days', (delivered, now, age, offered) => {
    expect(notaSimpleAgeDays(new Date(delivered), new Date(now))).toBe(age);
    expect(offersNotaSimpleRefresh(new Date(delivered), new Date(now))).toBe(offered);
  });

  it.each([[null], [undefined], ['2026-02-30'], ['01/03/2026'], [''], ['2030-01-01'], [new Date('invalid')]])(
    'unknown, impossible or future date %s: no age, no offer',
    (issued) => {
      expect(notaSimpleAgeDays(issued as string | null, new Date('2026-06-01T00:00:00Z'))).toBeNull();
      expect(offersNotaSimpleRefresh(issued as string | null, new Date('2026-06-01T00:00:00Z'))).toBe(false);
    },
  );

  it('Madrid date of an instant', () => {
    expect(madridDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(madridDate(new Date('2026-01-01T22:59:00Z'))).toBe('2026-01-01');
  });
});
