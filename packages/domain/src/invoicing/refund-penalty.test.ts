import { describe, expect, it } from 'vitest';
import type { Cents } from '../money/money.js';
import { checkRefundWithPenalty } from './refund-penalty.js';

describe('refund with penalty', () => {
  it.each<[number, number, number, object]>([
    [2512, 0, 2512, { ok: true, returned: 2512, penalty: 0 }],
    [2512, 500, 2512, { ok: true, returned: 2012, penalty: 500 }],
    [1000, 999, 2512, { ok: true, returned: 1, penalty: 999 }],
    [1000, 1000, 2512, { ok: false, reason: 'nothing_returned' }],
    [1000, 1001, 2512, { ok: false, reason: 'penalty_invalid' }],
    [1000, -1, 2512, { ok: false, reason: 'penalty_invalid' }],
    [1000, 1.5, 2512, { ok: false, reason: 'penalty_invalid' }],
    [1000, 2 ** 60, 2512, { ok: false, reason: 'penalty_invalid' }],
    [2513, 0, 2512, { ok: false, reason: 'exceeds_refundable' }],
    [0, 0, 2512, { ok: false, reason: 'not_positive' }],
  ])('amount %s, penalty %s, refundable %s', (amount, penalty, refundable, expected) => {
    expect(checkRefundWithPenalty(amount as Cents, penalty as Cents, refundable as Cents)).toEqual(expected);
  });
});
