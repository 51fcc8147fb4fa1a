import { describe, expect, it } from 'vitest';
import { awaitingPaymentOutcome, PAYMENT_STATUSES } from './payment-status.js';

describe('awaitingPaymentOutcome', () => {
  it.each([
    [false, 'created', true],
    [false, 'pending', true],
    [false, 'requires_action', true],
    [false, 'captured', false],
    [false, 'failed', false],
    [false, 'expired', false],
    [false, 'canceled', false],
    [false, null, false],
    // A paid order waits for nothing, whatever its latest attempt says (a second attempt left pending, say).
    [true, 'pending', false],
    [true, 'captured', false],
    [true, null, false],
  ] as const)('paid %s, latest attempt %s: waiting %s', (paid, status, expected) => {
    expect(awaitingPaymentOutcome({ paid, payment_status: status })).toBe(expected);
  });

  it('covers every payment status', () => {
    const waiting = PAYMENT_STATUSES.filter((s) => awaitingPaymentOutcome({ paid: false, payment_status: s }));
    expect(waiting).toEqual(['created', 'pending', 'requires_action']);
  });

  it('an unknown status is not waited on', () => {
    expect(awaitingPaymentOutcome({ paid: false, payment_status: 'authorised' })).toBe(false);
  });
});
