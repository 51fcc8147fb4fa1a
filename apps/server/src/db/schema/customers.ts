// People and sessions: accounts, login sessions, failed logins (the throttle) and password reset tokens.
import type { OwnSettings, PanelRole } from '@ventanilla/domain';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  /** Digits with an optional leading "+" (normalisePhone); searched by the back office. */
  phone: text('phone'),
  newsletter: boolean('newsletter').notNull().default(false),
  /** False: a deactivated account cannot sign in and has no session (agents admin). */
  active: boolean('active').notNull().default(true),
  /** Per-agent configuration (staff only), e.g. `{ default_queue: 'portugal' }`. */
  agentSettings: jsonb('agent_settings').$type<AgentSettings>(),
  /** The customer agreed that orders save their property, company or vehicle (docs/customer-panel.md). */
  saveItemsFromOrders: boolean('save_items_from_orders').notNull().default(false),
  createdAt: createdAt(),
  /** Also the version of the back office's customer edit (409 when stale). */
  updatedAt: updatedAt(),
});

/**
 * A customer's account as staff changed it (docs/backoffice.md, "Customers"): payment data and the like, old and new
 * (an IBAN only masked), read back in words by the domain's historyChanges.
 */
export const customerHistory = pgTable(
  'customer_history',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => users.id),
    accion: text('accion').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_history_customer_idx').on(t.customerId, t.createdAt)],
);

/** An agent's own configuration (docs/backoffice.md, "Agents"; "Mis ajustes" edits aircall, correos, product_lists). */
export interface AgentSettings extends Partial<OwnSettings> {
  /** The queue the agent's auto-assign tab pulls from first. */
  default_queue?: 'default' | 'portugal';
  /** Languages the agent answers in. */
  languages?: ('es' | 'en' | 'pt')[];
}

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
    /** Set on an admin's "log in as the customer" session: its audit row (which also limits its life). */
    impersonationId: integer('impersonation_id'),
    /** The remember-me device (remember_tokens.id) that signed this session in: ends with it (no foreign key: that
     * table is declared after this one; the device's revocation deletes these sessions itself). */
    rememberId: integer('remember_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** The audit log of "log in as the customer": who, whom, when, until when, how it ended, from which address. */
export const customerImpersonations = pgTable(
  'customer_impersonations',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** returned (back to the back office), logout, expired, replaced (another sign-in on that browser) */
    endReason: text('end_reason'),
    ip: text('ip').notNull(),
  },
  (t) => [
    index('customer_impersonations_customer_idx').on(t.customerId, t.startedAt),
    index('customer_impersonations_admin_idx').on(t.adminId, t.startedAt),
  ],
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
