// The legal entities that sell and invoice (docs/legal-entities.md): one row per entity, seeded from
// catalog/legal-entities.json and edited by admins in the back office, each edit kept in the history.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './customers.js';

/** The editable identity of an entity (what the legal pages, invoices, e-mails and payment pages show). */
export interface StoredLegalEntity {
  legal_name: string;
  tax_id: string;
  address: string;
  country: string;
  time_zone: string;
  registry_note: string;
  email: string;
  phone: string;
  privacy_email: string;
  /** The authority that supervises the activity, where one applies ('' when none). */
  supervising_authority: string;
  verifactu: boolean;
}

export const legalEntities = pgTable('legal_entities', {
  entityId: text('entity_id').primaryKey(),
  data: jsonb('data').$type<StoredLegalEntity>().notNull(),
  /** Moves on every edit: instances compare the sum to know whether to read the rows again. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** One row per edit: who, when, and each changed field's old and new value. */
export const legalEntityChanges = pgTable(
  'legal_entity_changes',
  {
    id: serial('id').primaryKey(),
    entityId: text('entity_id')
      .notNull()
      .references(() => legalEntities.entityId, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb('changes').$type<Array<{ field: string; old: unknown; new: unknown }>>().notNull(),
  },
  (t) => [index('legal_entity_changes_entity_idx').on(t.entityId, t.id)],
);
