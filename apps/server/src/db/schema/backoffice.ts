// The back office's per-agent state.
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { users } from './customers.js';
import { orderItems } from './orders.js';

/** The last item the pulled queue (tabs -1 and -2) gave each agent (spec: "the last auto-assigned id is kept"). */
export const agentQueueState = pgTable('agent_queue_state', {
  adminUserId: integer('admin_user_id')
    .primaryKey()
    .references(() => users.id),
  lastItemId: integer('last_item_id')
    .notNull()
    .references(() => orderItems.itemId),
  /** The queue it came from: 'default' or 'portugal'. */
  queue: text('queue').notNull(),
  assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * Each agent's workspace (docs/backoffice.md, "Workspace"): the open tabs in order, the active one and the items whose
 * tabs were closed, so a reload or another device restores them. Keys follow the domain's tab registry.
 */
export const agentWorkspaces = pgTable('agent_workspaces', {
  adminUserId: integer('admin_user_id')
    .primaryKey()
    .references(() => users.id),
  tabs: jsonb('tabs').$type<string[]>().notNull(),
  activeTab: text('active_tab'),
  /** Most recent first, bounded (MAX_CLOSED_ITEMS). */
  closedItemIds: jsonb('closed_item_ids').$type<number[]>().notNull(),
  updatedAt: updatedAt(),
});
