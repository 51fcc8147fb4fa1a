// Tickets: customers' mail to the shop, threaded (docs/backoffice.md, "Tickets").
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TicketHistoryAction, TicketStatusId } from '@ventanilla/domain';
import { createdAt, updatedAt } from './columns.js';
import { users } from './customers.js';
import { orderItems } from './orders.js';

/**
 * One conversation with a customer (spec: "Ticket"). `email` is the customer's address; `to_email` the shop's
 * address(es) it was written to; `updated_at` is the version every action sends back.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    status: integer('status').$type<TicketStatusId>().notNull(),
    /** The customer's address, lower-cased. */
    email: text('email').notNull(),
    /** The customer's display name, when the mail had one. */
    name: text('name'),
    subject: text('subject').notNull(),
    toEmails: jsonb('to_emails').$type<string[]>().notNull().default([]),
    ccEmails: jsonb('cc_emails').$type<string[]>().notNull().default([]),
    /** The store whose brand and sender answer it (the one whose address was written to; else the default). */
    storeId: integer('store_id').notNull(),
    /** mail | webhook | contact | agent: how the first message came. */
    source: text('source').$type<'mail' | 'webhook' | 'contact' | 'agent'>().notNull(),
    customerId: integer('customer_id').references(() => users.id),
    /** The agent it is delegated to (the spec's admin_user_id). */
    asigneeId: integer('asignee_id').references(() => users.id),
    relatedItemId: integer('related_item_id').references(() => orderItems.itemId),
    freshdeskId: integer('freshdesk_id'),
    /** Scheduled (6) until this moment; the sweep returns it to 2 Abierto then. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    lockedBy: integer('locked_by').references(() => users.id),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_email_idx').on(t.email, t.id),
    index('tickets_status_idx').on(t.status, t.updatedAt),
    index('tickets_related_item_idx').on(t.relatedItemId),
  ],
);

/** One message of a ticket's thread, in (from the customer) or out (from an agent). */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    /** The Message-ID with its angle brackets; replies thread back through it. */
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    fromEmail: text('from_email').notNull(),
    toEmails: jsonb('to_emails').$type<string[]>().notNull().default([]),
    ccEmails: jsonb('cc_emails').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Sanitised HTML (no scripts, handlers, styles or remote content); null for plain-text mail. */
    html: text('html'),
    /** The agent who wrote it (out), or null. */
    adminUserId: integer('admin_user_id').references(() => users.id),
    /** The outbox row that sends it (out). */
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.id),
    // A Message-ID belongs to one message of each direction: a mail delivered twice (webhook retry, SMTP resend) is
    // stored once. Incoming and outgoing ids are kept apart, so a stranger's mail that carries the id of one of our
    // messages (planted before or after it) can never make the agent's reply fail on a unique conflict.
    uniqueIndex('ticket_messages_in_message_id_uq')
      .on(t.messageId)
      .where(sql`direction = 'in' AND message_id IS NOT NULL`),
    uniqueIndex('ticket_messages_out_message_id_uq')
      .on(t.messageId)
      .where(sql`direction = 'out' AND message_id IS NOT NULL`),
  ],
);

/** A file of a message, kept in the FileStorage. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.id)],
);

/** Agents' notes on a ticket; pinned ones ("fixed") come first. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    text: text('text').notNull(),
    fixed: boolean('fixed').notNull().default(false),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.id)],
);

/** What happened to a ticket (spec: history with accion, admin_user_id, created_at). */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    accion: text('accion').$type<TicketHistoryAction>().notNull(),
    oldStatus: integer('old_status'),
    newStatus: integer('new_status'),
    /** null = the system (mail arriving, the sweep). */
    adminUserId: integer('admin_user_id').references(() => users.id),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_history_ticket_idx').on(t.ticketId, t.id)],
);
