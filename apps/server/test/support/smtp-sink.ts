import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 for tests (the smtp-server package): it accepts every message, parses it with
 * mailparser and keeps it. It can be stopped and started again on the same port to play a mail-server outage.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /**
   * Hold every message until this many SMTP sessions each have one waiting, then accept them all and stop holding:
   * proves that concurrent dispatchers overlap, without relying on timing. 0: accept at once.
   */
  holdUntilSessions = 0;
  private held: { session: string; release: () => void }[] = [];
  /** Answer this SMTP code to every message instead of accepting it (e.g. 550 for a rejected recipient). */
  rejectWith: number | null = null;
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          (async () => {
            if (this.holdUntilSessions > 0) await this.hold(session.id);
            if (this.rejectWith) {
              const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: this.rejectWith });
              callback(err);
              return;
            }
            const parsed = await simpleParser(Buffer.concat(chunks));
            this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback();
          })().catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  private hold(session: string): Promise<void> {
    return new Promise((release) => {
      this.held.push({ session, release });
      if (new Set(this.held.map((h) => h.session)).size < this.holdUntilSessions) return;
      this.holdUntilSessions = 0;
      for (const h of this.held.splice(0)) h.release();
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages that arrived for one recipient. */
  to(address: string): ParsedMail[] {
    return this.received.filter((m) => m.envelopeTo.includes(address)).map((m) => m.parsed);
  }
}
