// The customer's account after the sale (docs/customer-panel.md): e-mail changes confirmed by a link, the
// notifications and activities lists, web push subscriptions, and the record of deleted accounts.
import type { ClientStatusKey, NotificationKind } from '@ventanilla/domain';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './customers.js';

/**
 * A requested e-mail change. The link's token is made when its e-mail is handed to the mail server (like password
 * resets: the outbox holds a placeholder) and only its SHA-256 is kept; it works once, until expires_at.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address when the change was asked: the change applies only if the account still has it. */
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** The store the change was asked in: the notice to the old address speaks for it. */
    storeId: integer('store_id').notNull(),
    tokenHash: text('token_hash').unique(),
    outboxId: integer('outbox_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Confirmed, superseded by a newer request, or ended by a password reset or deletion. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_requests_user_idx').on(t.userId, t.createdAt)],
);

/** Something about one of the customer's orders the customer should see (and gets as a push): read or unread. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: integer('item_id').notNull(),
    productName: text('product_name').notNull(),
    /** The customer status after the change. */
    status: text('status').$type<ClientStatusKey>().notNull(),
    storeId: integer('store_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt, t.id)],
);

export type ActivityKind =
  | 'email_change_requested'
  | 'email_changed'
  | 'password_changed'
  | 'data_exported'
  | 'push_subscribed'
  | 'push_unsubscribed';

/** The account's own history ("Mi actividad"): what was done with it and when. */
export const accountActivities = pgTable(
  'account_activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ActivityKind>().notNull(),
    /** Non-secret details (a masked address, a device's push service host). */
    details: jsonb('details').$type<Record<string, string>>(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_activities_user_idx').on(t.userId, t.createdAt, t.id)],
);

/** A browser's push subscription: one per endpoint (the push service's address for that browser). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url): the payload is encrypted for them (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A deleted account: when, and what was done (the erasure summary); the users row stays anonymised. */
export const accountDeletions = pgTable('account_deletions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  deletedAt: createdAt(),
  summary: jsonb('summary').$type<Record<string, number>>().notNull(),
});
