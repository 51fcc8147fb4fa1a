// Email: the transactional outbox (docs/email.md).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './customers.js';

/**
 * A document an e-mail carries that is made when it is sent, from rows that do not change (so nothing is rendered
 * inside the transaction that queues it): an invoice or credit note, an order's withdrawal form, or the terms of sale
 * its customer accepted. A withdrawal form names its order's store (written with the message since it is known then;
 * messages queued before that lack it and have it read from the order).
 */
export type MailDocument =
  | { type: 'invoice'; invoiceId: number }
  | { type: 'withdrawal_form'; orderId: number; storeId?: number }
  /**
   * The terms the order's customer accepted, as the transaction that queued the message read them from the order
   * (messages queued before 2026-11-29 carry the order alone: its terms are read when it is sent).
   */
  | { type: 'terms'; orderId: number; storeId?: number; version?: string; hash?: string; language?: string };

/** A file an e-mail carries: a stored file, or a document made as it is sent. */
export type OutboxAttachment = { filename: string; contentType: string } & (
  { storageKey: string } | { document: MailDocument }
);

/**
 * Messages waiting to be sent, written in the same transaction as the event that causes them (order placed, paid...).
 * The dispatcher claims due rows with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one twice.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** order_received | payment_instructions | payment_confirmed | document_ready | incident_action | password_reset */
    kind: text('kind').notNull(),
    storeId: integer('store_id').notNull(),
    language: text('language').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** One message per cause (e.g. "payment_confirmed:1000001"): a repeated event enqueues nothing. */
    dedupeKey: text('dedupe_key').unique(),
    /** pending | sent | failed */
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A claim by one dispatcher; after it lapses (the instance died mid-send) another may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    /** Not sent after this moment (a password reset link that has expired is useless). */
    discardAfter: timestamp('discard_after', { withTimezone: true, mode: 'date' }),
    /** smtp | mailbox: what delivered it. */
    transport: text('transport'),
    messageId: text('message_id'),
    /** A ticket reply's threading headers (In-Reply-To, References) and cc (docs/backoffice.md, "Tickets"). */
    replyHeaders: jsonb('reply_headers').$type<{ inReplyTo?: string; references?: string[]; cc?: string[] }>(),
    /**
     * Files sent with it: stored files read from the FileStorage, or documents made from the database as it is sent
     * (an invoice or credit note, the withdrawal form; docs/withdrawal.md).
     */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
    // The hourly sweep's few rows: "account deleted" confirmations sent or given up, still holding the old address.
    index('email_outbox_forget_idx')
      .on(t.id)
      .where(sql`kind = 'account_deleted' and status <> 'pending' and text_body <> ''`),
  ],
);
