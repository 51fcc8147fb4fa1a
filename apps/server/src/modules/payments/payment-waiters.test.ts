import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentWaiters } from './payment-waiters.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether a promise has settled, checked after the queued microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('PaymentWaiters', () => {
  it('a notification wakes every waiter of that order, and only those', async () => {
    const waiters = new PaymentWaiters();
    const a1 = waiters.wait(1, 60_000);
    const a2 = waiters.wait(1, 60_000);
    const b = waiters.wait(2, 60_000);
    if (!a1 || !a2 || !b) throw new Error('no slot');
    expect(waiters.size).toBe(3);
    waiters.notify(1);
    expect(await settled(a1)).toBe(true);
    expect(await settled(a2)).toBe(true);
    expect(await settled(b)).toBe(false);
    expect(waiters.size).toBe(1);
    waiters.notify(1); // nobody left: nothing happens
    expect(waiters.size).toBe(1);
  });

  it('a waiter ends at its time limit', async () => {
    const waiters = new PaymentWaiters();
    const w = waiters.wait(7, 1_000);
    if (!w) throw new Error('no slot');
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(w)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(w)).toBe(true);
    expect(waiters.size).toBe(0);
  });

  it('a client that leaves ends its wait; an already aborted one gets no slot', async () => {
    const waiters = new PaymentWaiters();
    const gone = new AbortController();
    const w = waiters.wait(7, 60_000, gone.signal);
    if (!w) throw new Error('no slot');
    gone.abort();
    expect(await settled(w)).toBe(true);
    expect(waiters.size).toBe(0);
    expect(waiters.wait(7, 60_000, gone.signal)).toBe(false);
  });

  it('past its limit of waiting requests it refuses a slot (the caller answers at once), and frees them as they end', async () => {
    const waiters = new PaymentWaiters(2);
    const first = waiters.wait(1, 60_000);
    expect(waiters.wait(2, 60_000)).not.toBe(false);
    expect(waiters.wait(3, 60_000)).toBe(false);
    waiters.notify(1);
    if (!first) throw new Error('no slot');
    await settled(first);
    expect(waiters.size).toBe(1);
    expect(waiters.wait(3, 60_000)).not.toBe(false);
  });

  it('a notification, a timeout and an abort together count the waiter out once', async () => {
    const waiters = new PaymentWaiters();
    const gone = new AbortController();
    const w = waiters.wait(5, 10, gone.signal);
    if (!w) throw new Error('no slot');
    waiters.notify(5);
    gone.abort();
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(w)).toBe(true);
    expect(waiters.size).toBe(0);
  });
});
