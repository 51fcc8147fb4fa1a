import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/database.js';
import { OrderEvents, type OrderPaidEvent } from './order-events.js';

// A listener may hand emit a statement it sent without waiting for it (awaitLater): the next listeners send theirs
// behind it. emit still waits for it, and its failure is the one reported, not the "transaction is aborted" of the
// statements that the server refused behind it.

const tx = {} as Tx;
const event = { orderId: 1 } as OrderPaidEvent;
const sqlError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('OrderEvents.emit with statements awaited later', () => {
  it('waits for them after the last listener: their failure fails the emit', async () => {
    const events = new OrderEvents();
    const order: string[] = [];
    events.onPaid(async (_tx, _e, awaitLater) => {
      awaitLater(new Promise((_, reject) => setTimeout(() => reject(sqlError('23514', 'check violated')), 10)));
      order.push('first');
    });
    events.onPaid(async () => void order.push('late'), { late: true });
    await expect(events.paid(tx, event)).rejects.toThrow('check violated');
    // The late listener ran before the first listener's statement answered.
    expect(order).toEqual(['first', 'late']);
  });

  it("a listener refused because an earlier unawaited statement failed reports that statement's error", async () => {
    const events = new OrderEvents();
    events.onPaid(async (_tx, _e, awaitLater) => awaitLater(Promise.reject(sqlError('23514', 'check violated'))));
    events.onPaid(
      async () => {
        throw { cause: sqlError('25P02', 'current transaction is aborted') };
      },
      { late: true },
    );
    await expect(events.paid(tx, event)).rejects.toThrow('check violated');
  });

  it("a listener's own failure is reported as it is", async () => {
    const events = new OrderEvents();
    events.onPaid(async (_tx, _e, awaitLater) => awaitLater(Promise.resolve()));
    events.onPaid(async () => {
      throw sqlError('23505', 'duplicate key');
    });
    await expect(events.paid(tx, event)).rejects.toThrow('duplicate key');
  });

  it('resolves when every statement awaited later succeeds', async () => {
    const events = new OrderEvents();
    let answered = false;
    events.onPaid(async (_tx, _e, awaitLater) =>
      awaitLater(new Promise((resolve) => setTimeout(() => resolve((answered = true)), 10))),
    );
    await events.paid(tx, event);
    expect(answered).toBe(true);
  });
});
