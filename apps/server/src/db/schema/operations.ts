// Operations: facts about this database itself.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/** Small key/value facts about this database (e.g. the hash of the catalogue files last seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
