import { isDatabaseUnavailableError } from './connection.js';

export interface OutageBackoffOptions {
  /** The first pause after the database was found unreachable. */
  firstDelayMs?: number;
  /** The longest pause between two tries, however long the outage. */
  maxDelayMs?: number;
  /** Told once when an outage starts and once when it ends. */
  onChange?: (state: { down: boolean; failures: number; err?: unknown }) => void;
}

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 15_000;

/** The pause after `failures` failed tries in a row: doubling, capped, with +-25% jitter (0 before the first). */
export function outageDelayMs(failures: number, firstMs = FIRST_DELAY_MS, maxMs = MAX_DELAY_MS): number {
  if (failures <= 0) return 0;
  const base = Math.min(maxMs, firstMs * 2 ** (failures - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * The background loops' view of the database's reachability (the job queue's workers, the sandbox provider's
 * notification retries). While the database cannot be reached, work waits a pause that doubles after each failed
 * try (capped, with jitter so instances and loops do not all try at once) instead of polling at its usual pace; the
 * first success ends the outage and the loops run at their own pace again. Several loops share one backoff: a burst
 * of failures within one pause counts once.
 */
export class OutageBackoff {
  #failures = 0;
  #retryAt = 0;
  #closed = false;
  readonly #waiters = new Set<() => void>();

  constructor(private readonly options: OutageBackoffOptions = {}) {}

  /** True while the database is believed unreachable. */
  get down(): boolean {
    return this.#failures > 0;
  }

  /** True after close(). */
  get closed(): boolean {
    return this.#closed;
  }

  /** How long until the next try is due (0 or less: now). */
  get retryInMs(): number {
    return this.#retryAt - Date.now();
  }

  /** Failed tries in a row (0: the database answers). */
  get failures(): number {
    return this.#failures;
  }

  /**
   * Records a failure. Returns true when `err` means the database is unreachable (the backoff grows), false for any
   * other error (left to the caller).
   */
  failed(err: unknown): boolean {
    if (!isDatabaseUnavailableError(err)) return false;
    const now = Date.now();
    if (now < this.#retryAt) return true; // a failure of the same pause: counted already
    this.#failures += 1;
    this.#retryAt = now + outageDelayMs(this.#failures, this.options.firstDelayMs, this.options.maxDelayMs);
    if (this.#failures === 1) this.options.onChange?.({ down: true, failures: 1, err });
    return true;
  }

  /** Records a success: the outage, if any, is over. */
  succeeded(): void {
    if (this.#failures === 0) return;
    const failures = this.#failures;
    this.#failures = 0;
    this.#retryAt = 0;
    this.options.onChange?.({ down: false, failures });
  }

  /** Resolves when the next try is due (at once when the database answers); at once too after close(). */
  async wait(): Promise<void> {
    while (!this.#closed) {
      const ms = this.#retryAt - Date.now();
      if (ms <= 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.#waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.#waiters.add(done);
      });
    }
  }

  /**
   * Runs `work` once the backoff allows it, and records its outcome. `work`'s rejection is passed on (an unreachable
   * database too, after it was counted).
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.wait();
    try {
      const result = await work();
      this.succeeded();
      return result;
    } catch (err) {
      this.failed(err);
      throw err;
    }
  }

  /** Ends every wait now (shutdown): the loops see their next try fail or stop. */
  close(): void {
    this.#closed = true;
    for (const done of [...this.#waiters]) done();
  }
}
