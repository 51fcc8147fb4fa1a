/**
 * Requests waiting for an order's payment to change (`GET /api/orders/{id}/payment?wait=N`, the success page's long
 * poll). A notification applied in this process wakes them at once; one applied by another instance is seen by the
 * waiter's own re-check (`recheckMs`), so nothing depends on the notification reaching this instance.
 */
export class PaymentWaiters {
  private readonly waiting = new Map<number, Set<() => void>>();
  private count = 0;

  constructor(
    /** Waiting requests this instance holds at most; past it a request is answered at once (plain polling). */
    private readonly maxWaiters = 5_000,
  ) {}

  /** How many requests are waiting now. */
  get size(): number {
    return this.count;
  }

  /** Wakes every request waiting on this order (after the change is committed). */
  notify(orderId: number): void {
    const wakers = this.waiting.get(orderId);
    if (!wakers) return;
    this.waiting.delete(orderId);
    for (const wake of wakers) wake();
  }

  /**
   * Resolves when the order is notified, after `ms`, or when `signal` aborts (the client went away), whichever is
   * first; false when no slot was free (the caller answers at once).
   */
  wait(orderId: number, ms: number, signal?: AbortSignal): Promise<boolean> | false {
    if (this.count >= this.maxWaiters || signal?.aborted) return false;
    return new Promise<boolean>((resolve) => {
      let wakers = this.waiting.get(orderId);
      if (!wakers) {
        wakers = new Set();
        this.waiting.set(orderId, wakers);
      }
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        const set = this.waiting.get(orderId);
        if (set?.delete(done) && set.size === 0) this.waiting.delete(orderId);
        this.count--;
        resolve(true);
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      wakers.add(done);
      this.count++;
    });
  }
}
