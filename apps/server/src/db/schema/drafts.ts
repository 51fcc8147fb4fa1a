// Wizard drafts of signed-in customers (docs/shop-flows.md).
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { users } from './customers.js';

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
