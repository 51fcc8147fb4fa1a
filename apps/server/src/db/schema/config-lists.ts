// The back office's configuration lists (docs/backoffice.md, "Configuration lists"): one table per list, columns named
// as the domain's descriptions (packages/domain/src/config-lists/config-lists.ts) name the fields, plus `version`
// (optimistic concurrency), `active` (deactivated instead of deleted while referenced) and the times. The generic
// service reads and writes them by those names; config_list_history keeps every change.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './customers.js';

const common = () => ({
  version: integer('version').notNull().default(1),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
const flag = (name: string) => boolean(name).notNull().default(false);
const list = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);

export const configRegistros = pgTable('config_registros', {
  idRegistro: text('id_registro').primaryKey(),
  nombre: text('nombre').notNull(),
  direccion: text('direccion'),
  localidad: text('localidad'),
  provincia: text('provincia'),
  codigoPostal: text('codigo_postal'),
  email: text('email'),
  telefono: text('telefono'),
  registroLento: flag('registro_lento'),
  peticionario: text('peticionario'),
  negativa: flag('negativa'),
  ...common(),
});

export const configRegistroCertificaciones = pgTable(
  'config_registro_certificaciones',
  {
    id: serial('id').primaryKey(),
    idRegistro: text('id_registro')
      .notNull()
      .references(() => configRegistros.idRegistro),
    nombre: text('nombre').notNull(),
    ayuda: text('ayuda'),
    atributos: list('atributos'),
    ...common(),
  },
  (t) => [uniqueIndex('config_registro_certificaciones_uq').on(t.idRegistro, t.nombre)],
);

export const configRegistrosMercantiles = pgTable('config_registros_mercantiles', {
  idRegistro: text('id_registro').primaryKey(),
  nombre: text('nombre').notNull(),
  direccion: text('direccion'),
  localidad: text('localidad'),
  provincia: text('provincia'),
  email: text('email'),
  telefono: text('telefono'),
  ...common(),
});

export const configTiposCertificaciones = pgTable(
  'config_tipos_certificaciones',
  { id: serial('id').primaryKey(), nombre: text('nombre').notNull(), descripcion: text('descripcion'), ...common() },
  (t) => [uniqueIndex('config_tipos_certificaciones_uq').on(t.nombre)],
);

export const configConservatorias = pgTable('config_conservatorias', {
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  direccion: text('direccion'),
  ciudad: text('ciudad'),
  telf1: text('telf1'),
  telf2: text('telf2'),
  email: text('email'),
  emailUpdate: text('email_update'),
  lento: flag('lento'),
  caderneta: flag('caderneta'),
  retifica: flag('retifica'),
  ...common(),
});

export const configNotarias = pgTable('config_notarias', {
  idRegistro: text('id_registro').primaryKey(),
  nombre: text('nombre').notNull(),
  direccion: text('direccion'),
  localidad: text('localidad'),
  provincia: text('provincia'),
  email: text('email'),
  telefono: text('telefono'),
  ...common(),
});

/** Providers; `order_items.provider_id` names one (checked by the "change provider" action). */
export const configProviders = pgTable('config_providers', {
  id: text('id').primaryKey(),
  nombre: text('nombre').notNull(),
  email: text('email'),
  telefono: text('telefono'),
  contacto: text('contacto'),
  hipotecas: flag('hipotecas'),
  escrituras: flag('escrituras'),
  notas: text('notas'),
  ...common(),
});

export const configProviderPayments = pgTable(
  'config_provider_payments',
  {
    id: serial('id').primaryKey(),
    providerId: text('provider_id')
      .notNull()
      .references(() => configProviders.id),
    concepto: text('concepto').notNull(),
    /** Cents. */
    importe: integer('importe').notNull(),
    fecha: text('fecha').notNull(),
    status: text('status').notNull().default('pendiente'),
    files: list('files'),
    ...common(),
  },
  (t) => [index('config_provider_payments_provider_idx').on(t.providerId)],
);

/**
 * The files of a provider payment (invoices, receipts, proofs of transfer), kept in the uploads' file storage and
 * checked like every upload (size, type by content). Their names are mirrored into the payment's `files` field.
 */
export const configProviderPaymentFiles = pgTable(
  'config_provider_payment_files',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => configProviderPayments.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('config_provider_payment_files_payment_idx').on(t.paymentId, t.id)],
);

export const configMatches = pgTable(
  'config_matches',
  { id: serial('id').primaryKey(), match: text('match').notNull(), type: text('type').notNull(), ...common() },
  (t) => [uniqueIndex('config_matches_uq').on(t.match, t.type)],
);

export const configMunicipios = pgTable(
  'config_municipios',
  {
    id: serial('id').primaryKey(),
    nombreLanding: text('nombre_landing').notNull(),
    aliasLanding: text('alias_landing'),
    provinciaLanding: text('provincia_landing'),
    nombreRegistradores: text('nombre_registradores'),
    nombreRegistradores2: text('nombre_registradores2'),
    ...common(),
  },
  (t) => [uniqueIndex('config_municipios_uq').on(t.nombreLanding, t.provinciaLanding)],
);

export const configMunicipioAlias = pgTable(
  'config_municipio_alias',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull(),
    municipio: integer('municipio')
      .notNull()
      .references(() => configMunicipios.id),
    ...common(),
  },
  (t) => [
    uniqueIndex('config_municipio_alias_uq').on(t.alias),
    index('config_municipio_alias_municipio_idx').on(t.municipio),
  ],
);

/** IP records: `staff_allow` (when any exist, staff sign in only from them) and `customer_block` (refused sign-in). */
export const configIps = pgTable(
  'config_ips',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    purpose: text('purpose').notNull(),
    date: text('date').notNull(),
    user: text('user'),
    ...common(),
  },
  (t) => [uniqueIndex('config_ips_uq').on(t.ip, t.purpose)],
);

/** Every change to a configuration list: who, when, what (the record before and after). */
export const configListHistory = pgTable(
  'config_list_history',
  {
    id: serial('id').primaryKey(),
    list: text('list').notNull(),
    recordKey: text('record_key').notNull(),
    /** create, update, delete, deactivate, import_create, import_update. */
    action: text('action').notNull(),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('config_list_history_record_idx').on(t.list, t.recordKey, t.id)],
);
