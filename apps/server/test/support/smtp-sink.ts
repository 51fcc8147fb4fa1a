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
  /** Milliseconds each message waits before it is accepted (makes concurrent dispatchers overlap). */
  delayMs = 0;
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
          void (async () => {
            if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
            if (this.rejectWith) {
              const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: this.rejectWith });
              callback(err);
              return;
            }
            const parsed = await simpleParser(Buffer.concat(chunks));
            this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback();
          })();
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
