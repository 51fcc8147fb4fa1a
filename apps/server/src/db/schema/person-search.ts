// The QP (properties of a person) person-search lists of an order item and the properties found
// (docs/backoffice.md, "Orders created by agents").
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './customers.js';
import { orderItems } from './orders.js';

/** listaNombresQP: the people a QP item searches for; `maximo` and `processedAt` once tramitaListaNombresQP sent them. */
export const qpNames = pgTable(
  'qp_names',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    /** DNI or NIE, normalised by the domain's validator. */
    nif: text('nif').notNull(),
    maximo: integer('maximo'),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('qp_names_item_idx').on(t.itemId, t.id), index('qp_names_nif_idx').on(t.nif)],
);

/** tramitaLocalizaciones: a property found for a QP item (registry, estate number, municipality, holder). */
export const qpLocalizations = pgTable(
  'qp_localizations',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.itemId),
    registro: text('registro').notNull(),
    finca: text('finca').notNull(),
    municipio: text('municipio').notNull().default(''),
    titular: text('titular').notNull().default(''),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('qp_localizations_item_idx').on(t.itemId, t.id)],
);
