import { describe, expect, it } from 'vitest';
import { withdrawalDecision } from './withdrawal.js';

const base = {
  paidAt: new Date('2026-11-01T23:30:00Z'), // 2 Nov 00:30 in Madrid
  cancelled: false,
  lineStatuses: [40, 30],
  timeZone: 'Europe/Madrid',
};

describe('withdrawalDecision', () => {
  it.each([
    [
      'day 14 in the store time zone',
      { now: new Date('2026-11-16T22:59:00Z') },
      { allowed: true, lastDay: '2026-11-16' },
    ],
    ['day 15', { now: new Date('2026-11-16T23:01:00Z') }, { allowed: false, reason: 'late', lastDay: '2026-11-16' }],
    [
      'not paid',
      { paidAt: null, now: new Date('2026-11-02T00:00:00Z') },
      { allowed: false, reason: 'not_paid', lastDay: null },
    ],
    [
      'cancelled',
      { cancelled: true, now: new Date('2026-11-03T00:00:00Z') },
      { allowed: false, reason: 'already_cancelled', lastDay: '2026-11-16' },
    ],
    [
      'a line delivered',
      { lineStatuses: [40, 110], now: new Date('2026-11-03T00:00:00Z') },
      { allowed: false, reason: 'performed', lastDay: '2026-11-16' },
    ],
    [
      'a line past pending',
      { lineStatuses: [50], now: new Date('2026-11-03T00:00:00Z') },
      { allowed: false, reason: 'performed', lastDay: '2026-11-16' },
    ],
  ])('%s', (_name, over, expected) => {
    expect(withdrawalDecision({ ...base, ...over })).toEqual(expected);
  });
});
