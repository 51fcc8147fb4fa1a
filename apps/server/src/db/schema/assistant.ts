// The document assistant (docs/integrations.md, "Document assistant"): the orders it is turned off for.
import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { users } from './customers.js';
import { orderItems } from './orders.js';

/**
 * The spec's disablePedidoIA, per order item: a row says whether the assistant is off for it, who last switched it and
 * when. No row: on. The drafting calls refuse an item whose assistant is off.
 */
export const itemAssistant = pgTable('item_assistant', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => orderItems.itemId),
  disabled: boolean('disabled').notNull().default(false),
  changedBy: integer('changed_by').references(() => users.id),
  updatedAt: updatedAt(),
});
