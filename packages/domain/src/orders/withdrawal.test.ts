import { describe, expect, it } from 'vitest';
import { checkWithdrawal, linePerformed, withdrawalLastDay, type WithdrawalInput } from './withdrawal.js';

const MADRID = 'Europe/Madrid';
const LISBON = 'Europe/Lisbon';
const DUBLIN = 'Europe/Dublin';

describe('withdrawalLastDay: 14 calendar days from the day after the contract, in the seller calendar', () => {
  it.each([
    // Monday 2 November (Madrid 11:00) -> Monday 16 November.
    ['2026-11-02T10:00:00Z', MADRID, '2026-11-16'],
    // 00:30 of Wednesday 4 November in Madrid is still Tuesday 3 November in UTC, Lisbon and Dublin.
    ['2026-11-03T23:30:00Z', MADRID, '2026-11-18'],
    ['2026-11-03T23:30:00Z', LISBON, '2026-11-17'],
    ['2026-11-03T23:30:00Z', DUBLIN, '2026-11-17'],
    // The 14th day a Saturday or a Sunday: the period ends on the Monday after (Regulation 1182/71 art. 3(4)).
    ['2026-11-07T10:00:00Z', MADRID, '2026-11-23'],
    ['2026-11-08T10:00:00Z', MADRID, '2026-11-23'],
    // Across the end of summer time (25 October 2026) and a month end.
    ['2026-10-20T22:30:00Z', MADRID, '2026-11-04'],
    ['2026-12-24T12:00:00Z', LISBON, '2027-01-07'],
  ])('contract at %s in %s -> last day %s', (at, zone, last) => {
    expect(withdrawalLastDay(new Date(at), zone)).toBe(last);
  });
});

describe('linePerformed', () => {
  it.each([
    [0, 0, false],
    [40, 0, false],
    [50, 0, false],
    [60, 0, false],
    [70, 0, false],
    [100, 0, false],
    [110, 0, true],
    [120, 0, true],
    [40, 1, true],
  ])('panel status %i with %i documents delivered -> %s', (panelStatusId, documentsDelivered, performed) => {
    expect(linePerformed({ panelStatusId, documentsDelivered })).toBe(performed);
  });
});

describe('checkWithdrawal', () => {
  // A paid order made on Monday 2 November 2026 at 11:00 in Madrid: the period ends with Monday 16 November.
  const base: WithdrawalInput = {
    orderStatus: 'complete',
    paid: true,
    withdrawnAt: null,
    fullyRefunded: false,
    contractAt: new Date('2026-11-02T10:00:00Z'),
    lines: [{ panelStatusId: 40, documentsDelivered: 0 }],
    now: new Date('2026-11-03T09:00:00Z'),
    timeZone: MADRID,
  };

  it.each<[string, Partial<WithdrawalInput>, ReturnType<typeof checkWithdrawal>]>([
    ['paid, waiting in the queue, the next day', {}, { ok: true, lastDay: '2026-11-16' }],
    [
      'being worked on (50 En proceso)',
      { lines: [{ panelStatusId: 50, documentsDelivered: 0 }] },
      { ok: true, lastDay: '2026-11-16' },
    ],
    [
      'an incidence open (60)',
      { lines: [{ panelStatusId: 60, documentsDelivered: 0 }] },
      { ok: true, lastDay: '2026-11-16' },
    ],
    [
      'the last minute of the last day, Madrid time',
      { now: new Date('2026-11-16T22:59:59Z') },
      { ok: true, lastDay: '2026-11-16' },
    ],
    [
      'the first minute after it',
      { now: new Date('2026-11-16T23:00:00Z') },
      { ok: false, reason: 'period_over', lastDay: '2026-11-16' },
    ],
    [
      'the same instant in Lisbon is still the last day',
      { now: new Date('2026-11-16T23:00:00Z'), timeZone: LISBON },
      { ok: true, lastDay: '2026-11-16' },
    ],
    [
      'a month later',
      { now: new Date('2026-12-02T10:00:00Z') },
      { ok: false, reason: 'period_over', lastDay: '2026-11-16' },
    ],
    ['unpaid', { orderStatus: 'pending', paid: false }, { ok: false, reason: 'not_paid', lastDay: '2026-11-16' }],
    [
      'already withdrawn',
      { withdrawnAt: new Date('2026-11-03T08:00:00Z') },
      { ok: false, reason: 'cancelled', lastDay: '2026-11-16' },
    ],
    ['cancelled', { orderStatus: 'canceled' }, { ok: false, reason: 'cancelled', lastDay: '2026-11-16' }],
    ['closed (refunded)', { orderStatus: 'closed' }, { ok: false, reason: 'refunded', lastDay: '2026-11-16' }],
    ['refunded in full by staff', { fullyRefunded: true }, { ok: false, reason: 'refunded', lastDay: '2026-11-16' }],
    [
      'one line delivered (110): fully performed',
      {
        lines: [
          { panelStatusId: 40, documentsDelivered: 0 },
          { panelStatusId: 110, documentsDelivered: 0 },
        ],
      },
      { ok: false, reason: 'performed', lastDay: '2026-11-16' },
    ],
    [
      'closed (120)',
      { lines: [{ panelStatusId: 120, documentsDelivered: 0 }] },
      { ok: false, reason: 'performed', lastDay: '2026-11-16' },
    ],
    [
      'a document handed over while still in process',
      { lines: [{ panelStatusId: 50, documentsDelivered: 1 }] },
      { ok: false, reason: 'performed', lastDay: '2026-11-16' },
    ],
    [
      'performed and late: performed is the reason',
      { lines: [{ panelStatusId: 110, documentsDelivered: 1 }], now: new Date('2026-12-02T10:00:00Z') },
      { ok: false, reason: 'performed', lastDay: '2026-11-16' },
    ],
  ])('%s', (_name, change, expected) => {
    expect(checkWithdrawal({ ...base, ...change })).toEqual(expected);
  });
});
