import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { isShopAddress } from '@ventanilla/domain';
import type { InboundMailConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { reserveHit } from '../../db/rate-counters.js';
import { parseRawMail, type IncomingMail } from './inbound-mail.js';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Most recipients of one message (RCPT TO) and most concurrent connections. */
const MAX_RECIPIENTS = 50;
const MAX_CLIENTS = 50;
const HOUR_MS = 60 * 60 * 1000;

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * The SMTP receiver (smtp-server + mailparser): accepts mail for any address of the shop's domains (550 for others),
 * up to `maxBytes` (the SIZE extension; a larger message is refused with 552), and hands each message to `deliver`
 * (the tickets service). A delivery failure answers 451, so the sending server retries later. No AUTH or STARTTLS:
 * it receives like an MX (put a TLS-terminating relay in front in production).
 *
 * Each message (MAIL FROM) counts against its connecting IP (`smtpPerIpPerHour`, else 421 and the connection closes)
 * and its sender address (`smtpPerSenderPerHour`, else 450): counters in the database (rate_counters), so several
 * instances behind one MX share them. A well-behaved server retries later; a flood files no tickets.
 */
export class SmtpReceiver {
  private server: SMTPServer | null = null;
  port = 0;

  constructor(
    private readonly config: InboundMailConfig,
    private readonly deliver: (mail: IncomingMail) => Promise<unknown>,
    private readonly log: Logger,
    private readonly db: Db,
  ) {}

  /** The refusal of a message over the hourly limits (null: it may go on). */
  private async throttled(ip: string, sender: string): Promise<Error | null> {
    const ipOk = await reserveHit(this.db, {
      bucket: 'smtp-in-ip',
      key: ip,
      limit: this.config.smtpPerIpPerHour,
      windowMs: HOUR_MS,
    });
    if (!ipOk) return smtpError(`4.7.0 Too many messages from ${ip}, try again later`, 421);
    const senderOk = await reserveHit(this.db, {
      bucket: 'smtp-in-sender',
      key: sender,
      limit: this.config.smtpPerSenderPerHour,
      windowMs: HOUR_MS,
    });
    if (!senderOk) return smtpError(`4.7.1 <${sender}>: too many messages from this sender, try again later`, 450);
    return null;
  }

  async start(port: number): Promise<number> {
    const server = new SMTPServer({
      name: this.config.domains[0] ?? 'localhost',
      banner: 'Ventanilla',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: this.config.maxBytes,
      maxClients: MAX_CLIENTS,
      logger: false,
      onMailFrom: (address, session, callback) => {
        this.throttled(session.remoteAddress, address.address.toLowerCase().slice(0, 254)).then(
          (refusal) => callback(refusal ?? undefined),
          (err: unknown) => {
            this.log.error({ err }, 'SMTP rate counter failed');
            callback(smtpError('Temporary failure, try again later', 451));
          },
        );
      },
      onRcptTo: (address, session, callback) => {
        if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
          callback(smtpError('Too many recipients', 452));
          return;
        }
        if (!isShopAddress(address.address, this.config.domains)) {
          callback(smtpError(`<${address.address}>: relay access denied`, 550));
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= this.config.maxBytes) chunks.push(chunk);
        });
        stream.on('end', () => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded || size > this.config.maxBytes) {
            callback(smtpError('Message exceeds the size limit', 552));
            return;
          }
          (async () => {
            try {
              const mail = await parseRawMail(Buffer.concat(chunks), 'mail');
              if (!mail) {
                callback(smtpError('No usable From address', 550));
                return;
              }
              // The envelope's recipients at our domains count as "to" when the headers hide them (Bcc).
              const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
              if (mail.to.length === 0) mail.to = envelope;
              await this.deliver(mail);
              callback();
            } catch (err) {
              this.log.error({ err }, 'inbound mail could not be filed');
              callback(smtpError('Temporary failure, try again later', 451));
            }
          })().catch((err: unknown) => this.log.error({ err }, 'inbound mail answer failed'));
        });
      },
    });
    server.on('error', (err) => this.log.warn({ err: String(err) }, 'SMTP receiver error'));
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      server.server.once('error', onError);
      server.listen(port, this.config.smtpHost, () => {
        server.server.off('error', onError);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
