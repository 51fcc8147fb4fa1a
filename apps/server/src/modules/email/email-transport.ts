import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailConfig } from '../../config/env.js';
import { legacyOutboxMessageId } from './message-id.js';

/** One message as the dispatcher hands it to a transport. */
export interface OutgoingEmail {
  /** The outbox row id. */
  id: number;
  /**
   * The Message-ID chosen when the message was queued (random; stable across resends, so a receiver can drop a
   * resend after a crash mid-send). Null for rows queued before ids were random: they keep `<outbox-{id}@domain>`.
   */
  messageId?: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A ticket reply: threading headers and cc. */
  replyHeaders?: { inReplyTo?: string; references?: string[]; cc?: string[] } | null;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface MailTransport {
  readonly name: 'smtp' | 'mailbox';
  /** Resolves when the receiving server accepted the message; rejects with the server's error otherwise. */
  send(mail: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

function messageIdFor(mail: OutgoingEmail): string {
  return mail.messageId ?? legacyOutboxMessageId(mail.id, mail.from);
}

function toMessage(mail: OutgoingEmail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdFor(mail),
    // A ticket reply is a person's answer: not marked as automatic, so the customer's mail program answers it.
    headers: mail.replyHeaders
      ? { 'X-Ventanilla-Outbox-Id': String(mail.id) }
      : { 'X-Ventanilla-Outbox-Id': String(mail.id), 'Auto-Submitted': 'auto-generated' },
    ...(mail.replyHeaders?.inReplyTo ? { inReplyTo: mail.replyHeaders.inReplyTo } : {}),
    ...(mail.replyHeaders?.references?.length ? { references: mail.replyHeaders.references } : {}),
    ...(mail.replyHeaders?.cc?.length ? { cc: mail.replyHeaders.cc } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}

/** Sends through an SMTP server with nodemailer (a fresh connection per message: nothing stale after an outage). */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(smtp: NonNullable<MailConfig['smtp']>, timeouts = { connectionMs: 10_000, socketMs: 30_000 }) {
    const common = {
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.connectionMs,
      socketTimeout: timeouts.socketMs,
    };
    // nodemailer reads smtp(s)://user:pass@host:port/?options from `url`; the explicit options win over it.
    this.transporter =
      'url' in smtp
        ? nodemailer.createTransport({ url: smtp.url, ...common } as SMTPTransport.Options)
        : nodemailer.createTransport({
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
            ...common,
          });
  }

  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const info = (await this.transporter.sendMail(toMessage(mail))) as { messageId: string };
    return { messageId: info.messageId };
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Development transport: the message is built as a real MIME message and kept in DATA_DIR/mailbox/<id>.eml; the
 * outbox row keeps the rendered text and HTML that the back office shows under "Correo enviado".
 */
export class MailboxTransport implements MailTransport {
  readonly name = 'mailbox' as const;
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly dir: string) {}

  async send(mail: OutgoingEmail): Promise<{ messageId: string }> {
    const info = (await this.builder.sendMail(toMessage(mail))) as { messageId: string; message: Buffer };
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, `${mail.id}.eml`), info.message);
    return { messageId: info.messageId };
  }

  close(): void {
    this.builder.close();
  }
}

/** The transport the configuration asks for. */
export function createMailTransport(config: MailConfig, dataDir: string): MailTransport {
  if (config.transport === 'smtp' && config.smtp) return new SmtpTransport(config.smtp);
  return new MailboxTransport(path.join(dataDir, 'mailbox'));
}

/**
 * Whether retrying cannot help: the server refused the recipient or the message for good (5xx on the envelope or
 * the data). Connection problems, timeouts and 4xx answers are temporary.
 */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  return (
    typeof e?.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')
  );
}
