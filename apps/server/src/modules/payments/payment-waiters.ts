/**
 * Requests waiting for an order's payment to change (`GET /api/orders/{id}/payment?wait=N`, the success page's long
 * poll). A notification applied in this process wakes them at once; one applied by another instance reaches this one
 * through PostgreSQL's LISTEN/NOTIFY (payment-notices.ts, db/pg-listener.ts), which calls `notify` too. While no such listener is
 * connected (its connection lost) a waiter also reads the state again every `fallbackRecheckMs`, so nothing
 * depends on the notification reaching this instance.
 *
 * A request watches its order before it reads the state: a change committed between that read and the wait is
 * remembered by the watch and ends the wait at once, instead of being missed until the next re-read.
 */
export class PaymentWaiters {
  private readonly watching = new Map<number, Set<PaymentWatch>>();
  private count = 0;
  /** True while a LISTEN connection brings other instances' changes (payment-notices.ts). */
  crossInstance = false;

  constructor(
    /** Waiting requests this instance holds at most; past it a request is answered at once (plain polling). */
    private readonly maxWaiters = 5_000,
    /** How often a waiter reads the state again while other instances' changes cannot reach this one. */
    private readonly fallbackRecheckMs = 1_000,
  ) {}

  /** How many requests are waiting now. */
  get size(): number {
    return this.count;
  }

  /** How long a waiter may wait before reading the state again; undefined while every change reaches it. */
  get recheckMs(): number | undefined {
    return this.crossInstance ? undefined : this.fallbackRecheckMs;
  }

  /** Wakes every request watching this order (after the change is committed). */
  notify(orderId: number): void {
    const watches = this.watching.get(orderId);
    if (!watches) return;
    for (const watch of watches) watch.changed();
  }

  /** Wakes every waiting request (changes may have been missed: each reads its state again). */
  notifyAll(): void {
    for (const watches of this.watching.values()) for (const watch of watches) watch.changed();
  }

  /**
   * Starts watching an order (before its state is read); false when no slot is free or the client has already gone
   * (the caller answers at once). The caller must `close()` it.
   */
  watch(orderId: number, signal?: AbortSignal): PaymentWatch | false {
    if (this.count >= this.maxWaiters || signal?.aborted) return false;
    let watches = this.watching.get(orderId);
    if (!watches) {
      watches = new Set();
      this.watching.set(orderId, watches);
    }
    const set = watches;
    const watch = new PaymentWatch(signal, () => {
      if (set.delete(watch)) {
        this.count--;
        if (set.size === 0 && this.watching.get(orderId) === set) this.watching.delete(orderId);
      }
    });
    set.add(watch);
    this.count++;
    return watch;
  }
}

/** One request's watch of an order's payment. */
export class PaymentWatch {
  private pending = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly signal: AbortSignal | undefined,
    readonly close: () => void,
  ) {}

  /** Called by PaymentWaiters on a committed change. */
  changed(): void {
    this.pending = true;
    this.wake?.();
  }

  /**
   * Resolves true when the order changed since the last call (or since the watch began; at once if it already has),
   * false after `ms` or when the client goes away.
   */
  next(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    if (this.signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const finish = (changed: boolean) => {
        clearTimeout(timer);
        this.signal?.removeEventListener('abort', onAbort);
        this.wake = undefined;
        if (changed) this.pending = false;
        resolve(changed);
      };
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), ms);
      this.signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = () => finish(true);
    });
  }
}
