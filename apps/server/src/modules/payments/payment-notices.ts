import pg from 'pg';
import type { PaymentWaiters } from './payment-waiters.js';

/** The channel a committed payment change is announced on (payments.service.ts), with the order id as payload. */
export const PAYMENT_CHANNEL = 'payment_changed';
const RECONNECT_MS = 1_000;

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Brings the payment changes other instances commit to this one's waiting requests: one connection of its own
 * (outside the pool) LISTENs on PAYMENT_CHANNEL, which the payment's transaction notifies at its commit. While it is
 * connected the waiters need no periodic re-read; when it is lost they re-read every second again and, once it is
 * back, all read their state again (a change may have come in between).
 */
export class PaymentNotices {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly waiters: PaymentWaiters,
    private readonly log: Log,
  ) {}

  /** Connects and listens; a failure is logged and retried (the waiters re-read meanwhile). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.lost(client);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('error', (err) => this.log.warn({ err }, 'Payment notices: lost the LISTEN connection.'));
    client.on('end', () => {
      if (this.client !== client) return;
      this.lost(client);
      this.reconnectLater();
    });
    client.on('notification', (message) => {
      const orderId = Number(message.payload);
      if (message.channel === PAYMENT_CHANNEL && Number.isSafeInteger(orderId)) this.waiters.notify(orderId);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PAYMENT_CHANNEL}`);
    } catch (err) {
      this.log.warn({ err }, 'Payment notices: cannot LISTEN; waiting pages re-read their state every second.');
      await client.end().catch(() => undefined);
      this.reconnectLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.waiters.crossInstance = true;
    // Changes committed while nothing listened were not heard: every waiter reads its state again.
    this.waiters.notifyAll();
  }

  private lost(client: pg.Client | undefined): void {
    if (!client || this.client !== client) return;
    this.client = undefined;
    this.waiters.crossInstance = false;
    this.waiters.notifyAll();
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.connect().catch((err: unknown) => this.log.warn({ err }, 'Payment notices: reconnecting failed.'));
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
