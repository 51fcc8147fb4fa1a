import pg from 'pg';

const RECONNECT_MS = 1_000;

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/** What one channel does with the notifications and with the connection's ups and downs. */
export interface ChannelHandler {
  channel: string;
  notified(payload: string): void;
  /** Connected and listening: changes committed while nothing listened were not heard (read the state again). */
  connected?(): void;
  /** The connection is gone until it is back: fall back on re-reading. */
  lost?(): void;
}

/**
 * Brings what other instances commit to this one: one connection of its own (outside the pool) LISTENs on the
 * channels of its handlers, which transactions notify at their commit (pg_notify). A lost connection is retried every
 * second; meanwhile the handlers fall back on re-reading.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly byChannel: Map<string, ChannelHandler>;

  constructor(
    private readonly config: pg.ClientConfig,
    handlers: readonly ChannelHandler[],
    private readonly log: Log,
  ) {
    this.byChannel = new Map(handlers.map((h) => [h.channel, h]));
  }

  /** Connects and listens; a failure is logged and retried. */
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
    client.on('error', (err) => this.log.warn({ err }, 'Notices: lost the LISTEN connection.'));
    client.on('end', () => {
      if (this.client !== client) return;
      this.lost(client);
      this.reconnectLater();
    });
    client.on('notification', (message) => {
      this.byChannel.get(message.channel)?.notified(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.byChannel.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      this.log.warn({ err }, 'Notices: cannot LISTEN; other instances’ changes are read again periodically.');
      await client.end().catch(() => undefined);
      this.reconnectLater();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    for (const handler of this.byChannel.values()) handler.connected?.();
  }

  private lost(client: pg.Client | undefined): void {
    if (!client || this.client !== client) return;
    this.client = undefined;
    for (const handler of this.byChannel.values()) handler.lost?.();
  }

  private reconnectLater(): void {
    if (this.stopped) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.connect().catch((err: unknown) => this.log.warn({ err }, 'Notices: reconnecting failed.'));
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
