// People and sessions: accounts, login sessions, failed logins (the throttle) and password reset tokens.
import type { PanelRole } from '@ventanilla/domain';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  /** customer | agent | admin | notary */
  role: text('role').notNull().default('customer'),
  /**
   * Staff only: the panel role besides the role (packages/domain canned-responses.ts PANEL_ROLES): `portugal` is the
   * spec's Portuguese panel role, which sees only the canned responses of the Portugal and Conservatoria groups.
   */
  panelRole: text('panel_role').$type<PanelRole>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Password reset tokens: only the SHA-256 of the emailed token is kept; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the email is handed to the mail server: the token is made then and never stored (only its hash). */
    tokenHash: text('token_hash').unique(),
    /** The outbox message that carries this token's link (the dispatcher issues the token when it sends it). */
    outboxId: integer('outbox_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);
