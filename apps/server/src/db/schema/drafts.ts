// Wizard drafts of signed-in customers (docs/shop-flows.md).
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { sessions, users } from './customers.js';

/**
 * An unfinished order (wizard draft) of a signed-in customer, one per store and product: the answers typed so far and
 * where the customer was, so that it can be resumed on any device. Never trusted: resuming re-evaluates everything.
 */
export const wizardDrafts = pgTable(
  'wizard_drafts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    urlKey: text('url_key').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    seen: jsonb('seen').$type<number[]>().notNull(),
    lastPath: text('last_path'),
    lastStep: integer('last_step').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wizard_drafts_owner_uq').on(t.userId, t.storeId, t.urlKey),
    index('wizard_drafts_user_idx').on(t.userId, t.updatedAt),
  ],
);

/**
 * The wizard draft of a visitor without JavaScript (docs/decisions/0027-forms-without-javascript.md): the answers the
 * server-rendered wizard pages posted so far, per session, store and product, so each page can redirect (303) to the
 * next one. The browser's wizard keeps its draft in local storage instead. Goes with the session; nothing in it is
 * trusted (every post re-evaluates all of it).
 */
export const sessionWizardDrafts = pgTable(
  'session_wizard_drafts',
  {
    sessionIdHash: text('session_id_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    urlKey: text('url_key').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    /** The cart line being changed ("Cambiar" in the cart): the end updates it instead of adding a line. */
    editLineId: integer('edit_line_id'),
    editLineVersion: integer('edit_line_version'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionIdHash, t.storeId, t.urlKey] })],
);
