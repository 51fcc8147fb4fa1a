import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PaymentChange, PaymentWaiters, type PaymentWatch } from './payment-waiters.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The value a promise has settled with, or 'pending', checked after the queued microtasks ran. */
async function outcome<T>(promise: Promise<T>): Promise<T | 'pending'> {
  let result: T | 'pending' = 'pending';
  promise.then(
    (value) => (result = value),
    () => undefined,
  );
  await vi.advanceTimersByTimeAsync(0);
  return result;
}

function watching(waiters: PaymentWaiters, orderId: number, signal?: AbortSignal): PaymentWatch {
  const watch = waiters.watch(orderId, signal);
  if (!watch) throw new Error('no slot');
  return watch;
}

describe('PaymentWaiters', () => {
  it('a notification wakes every waiter of that order, and only those', async () => {
    const waiters = new PaymentWaiters();
    const a1 = watching(waiters, 1);
    const a2 = watching(waiters, 1);
    const b = watching(waiters, 2);
    const waits = [a1.next(60_000), a2.next(60_000), b.next(60_000)];
    expect(waiters.size).toBe(3);
    waiters.notify(1);
    expect(await outcome(waits[0]!)).toBe(true);
    expect(await outcome(waits[1]!)).toBe(true);
    expect(await outcome(waits[2]!)).toBe('pending');
    a1.close();
    a2.close();
    expect(waiters.size).toBe(1);
    b.close();
    expect(waiters.size).toBe(0);
  });

  it('a change notified before the wait begins ends that wait at once (it is not missed)', async () => {
    const waiters = new PaymentWaiters();
    const watch = watching(waiters, 3);
    // As when the order is paid while the request still reads its state.
    waiters.notify(3);
    expect(await outcome(watch.next(60_000))).toBe(true);
    // Remembered once: the next wait waits for a new change.
    const again = watch.next(60_000);
    expect(await outcome(again)).toBe('pending');
    waiters.notify(3);
    expect(await outcome(again)).toBe(true);
    watch.close();
  });

  it('a wait ends at its time limit, unchanged', async () => {
    const waiters = new PaymentWaiters();
    const watch = watching(waiters, 7);
    const wait = watch.next(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await outcome(wait)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome(wait)).toBe(false);
    watch.close();
    expect(waiters.size).toBe(0);
  });

  it('a client that leaves ends its wait; an already aborted one gets no slot', async () => {
    const waiters = new PaymentWaiters();
    const gone = new AbortController();
    const watch = watching(waiters, 7, gone.signal);
    const wait = watch.next(60_000);
    gone.abort();
    expect(await outcome(wait)).toBe(false);
    watch.close();
    expect(waiters.size).toBe(0);
    expect(waiters.watch(7, gone.signal)).toBe(false);
  });

  it('past its limit of waiting requests it refuses a slot (the caller answers at once), and frees them as they end', () => {
    const waiters = new PaymentWaiters(2);
    const first = watching(waiters, 1);
    expect(waiters.watch(2)).not.toBe(false);
    expect(waiters.watch(3)).toBe(false);
    first.close();
    first.close(); // closing twice counts it out once
    expect(waiters.size).toBe(1);
    expect(waiters.watch(3)).not.toBe(false);
  });

  it('notifyAll wakes every waiter (changes may have been missed while no listener was connected)', async () => {
    const waiters = new PaymentWaiters();
    const waits = [watching(waiters, 1).next(60_000), watching(waiters, 2).next(60_000)];
    waiters.notifyAll();
    expect(await outcome(waits[0]!)).toBe(true);
    expect(await outcome(waits[1]!)).toBe(true);
  });

  it('re-reads every fallbackRecheckMs only while other instances cannot reach it', () => {
    const waiters = new PaymentWaiters(10, 1_000);
    expect(waiters.recheckMs).toBe(1_000);
    waiters.crossInstance = true;
    expect(waiters.recheckMs).toBeUndefined();
  });

  const paid: PaymentChange = {
    order: { orderId: 8, paidAt: new Date(0), status: 'complete', total: 2512 as PaymentChange['order']['total'] },
    latest: {
      status: 'captured',
      failureCode: null,
      method: 'cc',
      amount: 2512 as PaymentChange['latest']['amount'],
      instructions: null,
      expiresAt: null,
    },
  };

  it("a change applied here wakes with its state; the commit's own notice heard meanwhile is held back", async () => {
    const waiters = new PaymentWaiters();
    const watch = watching(waiters, 8);
    const wait = watch.next(60_000);
    waiters.applying(8);
    waiters.noticed(8); // the NOTIFY of the commit, heard before the transaction's answer
    expect(await outcome(wait)).toBe('pending');
    waiters.applied(8, true, paid);
    expect(await outcome(wait)).toBe(true);
    expect(watch.change).toBe(paid);
    // Later notices are not held back; one without a state means: read it.
    waiters.noticed(8);
    expect(await outcome(watch.next(60_000))).toBe(true);
    expect(watch.change).toBeUndefined();
    watch.close();
  });

  it('a change applied here that did not commit wakes nobody, unless a notice was held back meanwhile', async () => {
    const waiters = new PaymentWaiters();
    const watch = watching(waiters, 9);
    const wait = watch.next(60_000);
    waiters.applying(9);
    waiters.applied(9, false);
    expect(await outcome(wait)).toBe('pending');
    waiters.applying(9);
    waiters.noticed(9); // another instance's change, heard while this one's rolled back
    waiters.applied(9, false);
    expect(await outcome(wait)).toBe(true);
    expect(watch.change).toBeUndefined();
    watch.close();
  });
});
