import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isDatabaseUnavailableError } from '../../db/connection.js';
import type { Db } from '../../db/database.js';
import { OutageBackoff } from '../../db/outage-backoff.js';
import { reusableSql } from '../../db/statements.js';
import { emailOutbox, type MailDocument, type OutboxAttachment } from '../../db/schema.js';
import { TOKEN_EMAIL_KINDS, withResetToken } from './email-templates.js';
import { isPermanentFailure, type MailTransport } from './email-transport.js';

export interface DispatcherOptions {
  /** Attempts before a message is marked failed (it stays listed, with its last error). */
  maxAttempts: number;
  /** First retry delay; doubled after each failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim lasts: a dispatcher that dies mid-send leaves the row to others after this. */
  leaseMs?: number;
  batchSize?: number;
  /**
   * Makes the token of a password reset or account invitation email as it is sent (null: the request was used or
   * has expired). Without it those emails are not sent.
   */
  issueResetToken?: (outboxId: number, kind: string) => Promise<string | null>;
  /** Reads a stored attachment (ticket replies) as it is sent. */
  readFile?: (storageKey: string) => Promise<Buffer>;
}

/** Makes a document attachment (an invoice's PDF, a withdrawal form) as its message is sent. */
export type DocumentRenderer = (document: MailDocument) => Promise<Uint8Array>;

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: Logger = { warn: () => undefined, error: () => undefined };

export interface DispatchResult {
  sent: number;
  retried: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  kind: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  discard_after: Date | string | null;
  reply_headers: { inReplyTo?: string; references?: string[]; cc?: string[] } | string | null;
  attachments: OutboxAttachment[] | string | null;
  message_id: string | null;
}

/** A jsonb column as the raw driver hands it over (pg may give text or a parsed value). */
function json<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Delay before the next attempt after `attempts` failed ones: base, 2x, 4x... capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due messages nobody holds: FOR UPDATE SKIP LOCKED plus a lease with a claim token (see EmailDispatcher).
 * `listed`: those of the messages of a batch of jobs (claimListed), or any due ones (claimDue).
 */
const claimQuery = (listed: boolean) => () => sql`
  UPDATE email_outbox
     SET locked_until = now() + make_interval(secs => ${sql.placeholder('leaseS')}::float8),
         claim_token = ${sql.placeholder('token')}::text, attempts = attempts + 1
   WHERE id IN (
     SELECT id FROM email_outbox
      WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ${listed ? sql`AND id = ANY(${sql.placeholder('ids')}::bigint[])` : sql``}
      ORDER BY next_attempt_at, id
      LIMIT ${sql.placeholder('limit')}::int
      FOR UPDATE SKIP LOCKED)
  RETURNING id, kind, from_address, to_address, subject, text_body, html_body, attempts, discard_after,
    reply_headers, attachments, message_id`;
const claimDue = reusableSql<ClaimedRow & Record<string, unknown>>('email_claim_due', claimQuery(false));
const claimListed = reusableSql<ClaimedRow & Record<string, unknown>>('email_claim_listed', claimQuery(true));

/**
 * Sent messages, each if its claim is still the one it was sent under: one statement for all the messages whose record
 * waits at that moment (recordSent). Returns the ids recorded.
 */
const markSent = reusableSql<{ id: number }>(
  'email_mark_sent_many',
  () => sql`
  UPDATE email_outbox o
     SET status = 'sent', sent_at = s.sent_at, locked_until = NULL, claim_token = NULL, last_error = NULL,
         transport = ${sql.placeholder('transport')}::text, message_id = s.message_id
    FROM unnest(${sql.placeholder('ids')}::bigint[], ${sql.placeholder('tokens')}::text[],
                ${sql.placeholder('messageIds')}::text[], ${sql.placeholder('sentAts')}::timestamptz[])
         AS s(id, token, message_id, sent_at)
   WHERE o.id = s.id AND o.claim_token = s.token
  RETURNING o.id`,
);

/** A message sent and waiting for its record (recordSent). */
interface SentRecord {
  id: number;
  token: string;
  messageId: string | null;
  sentAt: Date;
  done: (recorded: boolean) => void;
  fail: (err: unknown) => void;
}

/** Records written by one statement at most (the rest wait for the next). */
const SENT_RECORDS_PER_STATEMENT = 200;

/**
 * Sends what the outbox holds. A message is claimed in one statement (FOR UPDATE SKIP LOCKED plus a lease with a
 * claim token), sent outside any transaction, and its outcome recorded only if the claim is still its own, so
 * several instances can work at once and a message is sent once. The job queue drives it (an "email-send" job per
 * outbox id, written in the transaction that wrote the message; docs/email.md); tests call dispatchOnce(). A failure
 * schedules the next attempt with exponential backoff, so an outage of the mail server delays messages but loses none.
 */
export class EmailDispatcher {
  log: Logger = silent;
  /** Makes document attachments (set by the app once invoicing is built); a message with one waits without it. */
  renderDocument: DocumentRenderer | undefined;
  /** Sent messages whose record waits for the statement under way to end (recordSent). */
  private sentRecords: SentRecord[] = [];
  private recordingSent = false;

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly options: DispatcherOptions,
  ) {}

  /** Sends every due message (batch after batch) and returns what happened. */
  async dispatchOnce(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0 };
    const batchSize = this.options.batchSize ?? 10;
    for (let round = 0; round < 100; round++) {
      const claimed = await this.claim(batchSize);
      for (const row of claimed.rows) await this.deliver(row, claimed.token, result);
      if (claimed.rows.length < batchSize) break;
    }
    return result;
  }

  /**
   * Sends one message if it is still due and nobody holds it (see deliverByIds). Returns what happened and, for a
   * retry, in how many ms the next attempt is due.
   */
  async deliverById(
    outboxId: number,
  ): Promise<{ outcome: 'sent' | 'retry' | 'failed' | 'skipped'; retryInMs?: number }> {
    return (await this.deliverByIds([outboxId])).get(outboxId) ?? { outcome: 'skipped' };
  }

  /**
   * Sends the messages of a batch of jobs, those still due and held by nobody, claimed together in one statement and
   * sent `concurrency` at a time (the job handler: keyed on the outbox id, so a second job for the same message, from
   * another instance or a repeated enqueue, finds it sent or claimed and does nothing). Returns what happened to each
   * id and, for a retry, in how many ms the next attempt is due.
   */
  async deliverByIds(
    outboxIds: readonly number[],
    concurrency = 5,
  ): Promise<Map<number, { outcome: 'sent' | 'retry' | 'failed' | 'skipped'; retryInMs?: number }>> {
    const outcomes = new Map<number, { outcome: 'sent' | 'retry' | 'failed' | 'skipped'; retryInMs?: number }>();
    for (const id of outboxIds) outcomes.set(id, { outcome: 'skipped' });
    if (outboxIds.length === 0) return outcomes;
    const claimed = await this.claimIds(outboxIds);
    const waiting = [...claimed.rows];
    const lane = async () => {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        const result: DispatchResult = { sent: 0, retried: 0, failed: 0 };
        await this.deliver(row, claimed.token, result);
        const id = Number(row.id);
        if (result.sent) outcomes.set(id, { outcome: 'sent' });
        else if (result.failed) outcomes.set(id, { outcome: 'failed' });
        else
          outcomes.set(id, {
            outcome: 'retry',
            retryInMs: retryDelayMs(row.attempts, this.options.retryBaseMs, this.options.retryMaxMs),
          });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
    return outcomes;
  }

  /** Ids of messages due now and held by nobody, oldest first (the relay makes sure each has a job). */
  async dueIds(limit = 500): Promise<number[]> {
    const res = await this.db.execute<{ id: number }>(sql`
      SELECT id FROM email_outbox
       WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
       ORDER BY next_attempt_at, id
       LIMIT ${limit}`);
    return res.rows.map((r) => Number(r.id));
  }

  private async claim(limit: number): Promise<{ token: string; rows: ClaimedRow[] }> {
    const token = randomUUID();
    const leaseS = (this.options.leaseMs ?? 5 * 60_000) / 1000;
    const res = await claimDue(this.db, { leaseS, token, limit });
    return { token, rows: [...res.rows].sort((a, b) => a.id - b.id) };
  }

  /** Claims those of these messages that are due and held by nobody (one statement). */
  private async claimIds(ids: readonly number[]): Promise<{ token: string; rows: ClaimedRow[] }> {
    const token = randomUUID();
    const leaseS = (this.options.leaseMs ?? 5 * 60_000) / 1000;
    const res = await claimListed(this.db, { leaseS, token, ids: [...ids], limit: ids.length });
    return { token, rows: [...res.rows].sort((a, b) => a.id - b.id) };
  }

  /** The files of a message: stored ones read, documents made now. A document that cannot be made is a failed attempt. */
  private async attachmentsOf(stored: OutboxAttachment[]) {
    const readFile = this.options.readFile;
    const renderDocument = this.renderDocument;
    const files = await Promise.all(
      stored.map(async (a) => {
        if ('document' in a) {
          if (!renderDocument) throw new Error(`no renderer for the ${a.document.type} attachment`);
          return {
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(await renderDocument(a.document)),
          };
        }
        if (!readFile) return null;
        return { filename: a.filename, contentType: a.contentType, content: await readFile(a.storageKey) };
      }),
    );
    const kept = files.filter((f) => f !== null);
    return kept.length ? kept : undefined;
  }

  private async deliver(row: ClaimedRow, token: string, result: DispatchResult): Promise<void> {
    const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, token));
    if (row.discard_after && new Date(row.discard_after).getTime() < Date.now()) {
      await this.db
        .update(emailOutbox)
        .set({
          status: 'failed',
          lockedUntil: null,
          claimToken: null,
          lastError: 'expired before it could be delivered',
        })
        .where(mine);
      result.failed++;
      return;
    }
    let sent: { messageId?: string | undefined } | undefined;
    try {
      let text = row.text_body;
      let html = row.html_body;
      if (TOKEN_EMAIL_KINDS.has(row.kind)) {
        // The stored message has a placeholder: its token is made now and exists only in the message sent.
        const token = (await this.options.issueResetToken?.(row.id, row.kind)) ?? null;
        if (token === null) {
          await this.db
            .update(emailOutbox)
            .set({ status: 'failed', lockedUntil: null, claimToken: null, lastError: 'reset link used or expired' })
            .where(mine);
          result.failed++;
          return;
        }
        text = withResetToken(text, token);
        html = withResetToken(html, token);
      }
      const stored = json(row.attachments) ?? [];
      const attachments = stored.length > 0 ? await this.attachmentsOf(stored) : undefined;
      sent = await this.transport.send({
        id: row.id,
        messageId: row.message_id,
        from: row.from_address,
        to: row.to_address,
        subject: row.subject,
        text,
        html,
        replyHeaders: json(row.reply_headers),
        ...(attachments ? { attachments } : {}),
      });
    } catch (err) {
      const permanent = isPermanentFailure(err) || row.attempts >= this.options.maxAttempts;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const delay = retryDelayMs(row.attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      await this.db
        .update(emailOutbox)
        .set({
          status: permanent ? 'failed' : 'pending',
          nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
          lockedUntil: null,
          claimToken: null,
          lastError: message,
        })
        .where(mine);
      if (permanent) {
        this.log.error({ outboxId: row.id, attempts: row.attempts, err: message }, 'email failed for good');
        result.failed++;
      } else {
        this.log.warn(
          { outboxId: row.id, attempts: row.attempts, retryInMs: delay, err: message },
          'email delivery failed; will retry',
        );
        result.retried++;
      }
      return;
    }
    const recorded = await this.recordSent(row.id, token, sent.messageId ?? null);
    if (!recorded) this.log.warn({ outboxId: row.id }, 'email sent after its claim lapsed');
    result.sent++;
  }

  /**
   * Records a message as sent. It has left already: should the database be unreachable just then, the write is tried
   * again through the outage (growing pauses, about a minute in all) rather than leaving the message to be sent twice
   * once its claim lapses. Resolves true once recorded, false if the claim was no longer ours.
   *
   * The first record is written at once; those that come while its statement runs (the other lanes of a batch) wait
   * for it and are then written together in one statement, so a busy dispatcher writes fewer statements and an idle
   * one waits for nothing. Each record still resolves only once its own row is written.
   */
  private recordSent(id: number, token: string, messageId: string | null): Promise<boolean> {
    return new Promise<boolean>((done, fail) => {
      this.sentRecords.push({ id, token, messageId, sentAt: new Date(), done, fail });
      // writeSentRecords settles each record itself; it does not reject.
      if (!this.recordingSent) this.writeSentRecords().catch(fail);
    });
  }

  private async writeSentRecords(): Promise<void> {
    this.recordingSent = true;
    try {
      while (this.sentRecords.length > 0) {
        const batch = this.sentRecords.splice(0, SENT_RECORDS_PER_STATEMENT);
        try {
          const recorded = await this.writeSent(batch);
          for (const r of batch) r.done(recorded.has(Number(r.id)));
        } catch (err) {
          for (const r of batch) r.fail(err);
        }
      }
    } finally {
      this.recordingSent = false;
    }
  }

  private async writeSent(batch: SentRecord[]): Promise<Set<number>> {
    const backoff = new OutageBackoff({ firstDelayMs: 250, maxDelayMs: 15_000 });
    const values = {
      transport: this.transport.name,
      ids: batch.map((r) => r.id),
      tokens: batch.map((r) => r.token),
      messageIds: batch.map((r) => r.messageId),
      sentAts: batch.map((r) => r.sentAt.toISOString()),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await backoff.run(() => markSent(this.db, values));
        return new Set(rows.map((r) => Number(r.id)));
      } catch (err) {
        if (attempt >= RECORD_SENT_ATTEMPTS || !isDatabaseUnavailableError(err)) throw err;
        if (attempt === 1)
          this.log.warn({ outboxIds: values.ids, err }, 'email sent; recording it waits for the database');
      }
    }
  }
}

// 0.25 + 0.5 + 1 + 2 + 4 + 8 + 15 + 15 + 15 s: about a minute.
const RECORD_SENT_ATTEMPTS = 10;
