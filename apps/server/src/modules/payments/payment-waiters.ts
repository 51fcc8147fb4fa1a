import type { orders, payments } from '../../db/schema.js';

/**
 * Requests waiting for an order's payment to change (`GET /api/orders/{id}/payment?wait=N`, the success page's long
 * poll). A notification applied in this process wakes them at once; one applied by another instance reaches this one
 * through PostgreSQL's LISTEN/NOTIFY (payment-notices.ts, db/pg-listener.ts), which calls `notify` too. While no such listener is
 * connected (its connection lost) a waiter also reads the state again every `fallbackRecheckMs`, so nothing
 * depends on the notification reaching this instance.
 *
 * A request watches its order before it reads the state: a change committed between that read and the wait is
 * remembered by the watch and ends the wait at once, instead of being missed until the next re-read.
 *
 * A change applied in this process comes with the state it committed (PaymentChange) and the commit's own NOTIFY is
 * held back meanwhile (`applying`/`applied`): the woken request answers from that state instead of reading the order
 * again. A change heard from another instance, or a wake of all, carries none: the request reads the state again.
 */
export class PaymentWaiters {
  private readonly watching = new Map<number, Set<PaymentWatch>>();
  /** Orders whose payment change this process is applying (`applying`), and whether a notice was held back meanwhile. */
  private readonly applyingHere = new Map<number, { count: number; missed: boolean }>();
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

  /**
   * Wakes every request watching this order (after the change is committed); `change`: the state it committed, when
   * the caller knows it whole.
   */
  notify(orderId: number, change?: PaymentChange): void {
    const watches = this.watching.get(orderId);
    if (!watches) return;
    for (const watch of watches) watch.changed(change);
  }

  /**
   * This process is applying a change to this order's payment (inside its transaction, before the commit): until
   * `applied`, a notice of the order heard through LISTEN/NOTIFY (the commit's own, arriving before the transaction's
   * answer) is held back, since `applied` wakes the waiters with the state committed.
   */
  applying(orderId: number): void {
    const held = this.applyingHere.get(orderId);
    if (held) held.count++;
    else this.applyingHere.set(orderId, { count: 1, missed: false });
  }

  /**
   * Ends what `applying` began: `changed` (committed) wakes the waiters, with the state when it is known; otherwise a
   * notice held back meanwhile (another instance's change) wakes them now, to read it.
   */
  applied(orderId: number, changed: boolean, change?: PaymentChange): void {
    const held = this.applyingHere.get(orderId);
    if (held && --held.count === 0) this.applyingHere.delete(orderId);
    if (changed) this.notify(orderId, change);
    else if (held?.missed) {
      held.missed = false;
      this.notify(orderId);
    }
  }

  /** A change of this order heard through LISTEN/NOTIFY (payment-notices.ts): wakes its waiters to read the state. */
  noticed(orderId: number): void {
    const held = this.applyingHere.get(orderId);
    if (held) held.missed = true;
    else this.notify(orderId);
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

/**
 * An order's payment state as a committed change left it, known to the process that applied it: the order and its
 * latest payment (the fields the payment state shows). Only told when the changed payment is the order's latest.
 */
export interface PaymentChange {
  order: Pick<typeof orders.$inferSelect, 'orderId' | 'paidAt' | 'status' | 'total'>;
  latest: Pick<
    typeof payments.$inferSelect,
    'status' | 'failureCode' | 'method' | 'amount' | 'instructions' | 'expiresAt'
  >;
}

/** One request's watch of an order's payment. */
export class PaymentWatch {
  private pending = false;
  private wake: (() => void) | undefined;
  private known: PaymentChange | undefined;

  constructor(
    private readonly signal: AbortSignal | undefined,
    readonly close: () => void,
  ) {}

  /** Called by PaymentWaiters on a committed change (the last one told decides what `change` is). */
  changed(change?: PaymentChange): void {
    this.pending = true;
    this.known = change;
    this.wake?.();
  }

  /**
   * The state the last change committed, when it came with it (then no read is needed); undefined when it did not, or
   * when a later wake came without one.
   */
  get change(): PaymentChange | undefined {
    return this.known;
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
