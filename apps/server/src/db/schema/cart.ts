// Cart (the spec's quote).
import type { AnswerValue } from '@ventanilla/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { products } from './catalog.js';
import { users } from './customers.js';

export const carts = pgTable(
  'carts',
  {
    quoteId: serial('quote_id').primaryKey(),
    sessionHash: text('session_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    storeId: integer('store_id').notNull(),
    /** active | converted */
    status: text('status').notNull().default('active'),
    orderId: bigint('order_id', { mode: 'number' }),
    /**
     * The quote links' generation (docs/shop-flows.md, "Quote link"): signed into each link; the owner revokes every
     * link given so far by raising it, and any change to the lines raises it (the consent was for what was shown).
     */
    linkGeneration: integer('link_generation').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('carts_session_idx').on(t.sessionHash, t.status),
    index('carts_user_idx').on(t.userId, t.status),
    // One active cart per owner and store (migration 0035): two first adds at once cannot make two carts; the
    // second one's insert yields to the first's (ON CONFLICT DO NOTHING) and its line goes into that cart.
    uniqueIndex('carts_one_active_per_user')
      .on(t.userId, t.storeId)
      .where(sql`status = 'active' and user_id is not null`),
    uniqueIndex('carts_one_active_per_session')
      .on(t.sessionHash, t.storeId)
      .where(sql`status = 'active' and user_id is null`),
  ],
);

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  quoteId: integer('quote_id')
    .notNull()
    .references(() => carts.quoteId, { onDelete: 'cascade' }),
  productId: integer('product_id')
    .notNull()
    .references(() => products.productId),
  qty: integer('qty').notNull().default(1),
  answers: jsonb('answers').$type<Record<string, AnswerValue>>().notNull(),
  /** Raised by each change (updatequoteitem): an edit based on an older version is refused (two tabs, two devices). */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
});
