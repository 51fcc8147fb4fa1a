// Catalogue: stores, categories, products with their question forms, and every product's revision history.
import type { Cents, ConditionOp, DisplayFlag, ValidatorName } from '@ventanilla/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { centsColumn, ZERO_CENTS, createdAt, rateColumn, updatedAt } from './columns.js';
import { users } from './customers.js';

/**
 * One row: a counter that statement triggers on stores, categories, products and product_stores move on every change
 * (migration 0033), so an instance learns whether the catalogue changed by reading one row instead of all of it.
 */
export const catalogRevision = pgTable('catalog_revision', {
  id: integer('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const stores = pgTable('stores', {
  storeId: integer('store_id').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  country: text('country').notNull(),
  /** VAT rate in basis points (21% = 2100). */
  vatRateBp: rateColumn('vat_rate_bp').notNull(),
  hosts: jsonb('hosts')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  description: text('description').notNull().default(''),
});

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  urlKey: text('url_key').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  language: text('language').notNull(),
  // Search and sharing: the page's <title> and meta description, and the category's picture.
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  image: text('image').notNull().default(''),
  /** Texts in the other languages of the stores that list it (docs/catalogue.md, "Languages"). */
  translations: jsonb('translations')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  // Catalogue editing: optimistic concurrency, and set once the back office edits it (the seed then leaves
  // it alone; docs/decisions/0005-catalogue-edits.md).
  version: integer('version').notNull().default(1),
  editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
});

type StoredCondition = { option_id: number; value: string; op?: ConditionOp };

/**
 * The question form of a product: wizard pages, options and the product-level flow rules (spec field names), as the
 * domain engine reads them (prices in cents). The rules are optional: rows seeded before they existed still load.
 */
export interface StoredProductForm {
  steps: number[][];
  options: Array<{
    option_id: number;
    type: string;
    is_require: boolean;
    title: string;
    placeholder: string | null;
    error: string | null;
    price: Cents;
    index: number;
    previous_steps: StoredCondition[];
    opt_values: Array<{ id: number; name: string; price: Cents; code?: string }>;
    max_length?: number;
    autounset_option_values?: StoredCondition[];
    validator?: ValidatorName;
    display?: Partial<Record<DisplayFlag, boolean>>;
    /** Place questions (docs/geo-data.md). */
    place?: { country?: 'ES' | 'PT'; parent_option?: number };
    /** A file question asking for the customer's identity document. */
    document?: 'identity';
  }>;
  conditions_to_redirect?: Array<
    StoredCondition & { product_id_in: number; product_id_out: number; step_saved: number }
  >;
  conditions_to_exit?: Array<{ message: string; options: StoredCondition[] }>;
  conditions_to_earlycheckout?: {
    type: 'or' | 'and';
    options: StoredCondition[];
    confirmationOptions: number[];
  } | null;
  questions_on_confirm?: number[];
  question_on_start?: number | null;
  related_product?: Array<{ product_id: number; name: string; price: Cents; vat: boolean }>;
  /** When a fee line is charged (the domain's RelatedCondition). */
  related_conditions?: Array<{ product_id: number; options: StoredCondition[] }>;
}

export const products = pgTable('products', {
  productId: integer('product_id').primaryKey(),
  urlKey: text('url_key').notNull().unique(),
  catUrlKey: text('cat_url_key').notNull(),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  customText: text('custom_text').notNull().default(''),
  tooltip: text('tooltip'),
  image: text('image').notNull().default('no_selection'),
  groupName: text('group_name').notNull().default('Otros'),
  /** The product page's <title> and meta description; empty: the name and the short description. */
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  /** Service price before VAT, in cents. */
  basePrice: centsColumn('base_price').notNull(),
  /** Official fees collected for third parties (no VAT), in cents. */
  officialFee: centsColumn('official_fee').notNull().default(ZERO_CENTS),
  visible: boolean('visible').notNull().default(true),
  visibleOnServices: boolean('visible_on_services').notNull().default(true),
  position: integer('position').notNull().default(0),
  form: jsonb('form')
    .$type<StoredProductForm>()
    .notNull()
    .default(sql`'{"steps":[],"options":[]}'::jsonb`),
  /**
   * Names, texts, FAQ, meta and the form's texts in the other languages of the stores that sell it, by language
   * (docs/catalogue.md, "Languages"); the base columns hold the category's language.
   */
  translations: jsonb('translations')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
  // Catalogue editing (docs/decisions/0005-catalogue-edits.md).
  /** service (orderable) | fee (an official fee product, priced only as a related line of a service). */
  kind: text('kind').notNull().default('service'),
  /** Optimistic concurrency: bumped by every write (seed, back office, revert). */
  version: integer('version').notNull().default(1),
  /** Set when the back office edited the product: the seed no longer applies file changes to it. */
  editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
  /** SHA-256 of the file version last applied (or last seen, for an edited product). */
  fileHash: text('file_hash'),
  /** The file version the seed did not apply because the product was edited in the back office. */
  pendingFile: jsonb('pending_file').$type<StoredCatalogSnapshot>(),
});

/** A product as its catalogue files describe it (catalog/products/*.json and its catalog/forms/*.json). */
export interface StoredCatalogSnapshot {
  product: Record<string, unknown>;
  form: Record<string, unknown> | null;
}

/** Every write to a product (seed, back office, revert), with the state before and after: the revision history. */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    /** The product's version after this write. */
    version: integer('version').notNull(),
    /** seed | backoffice | revert | file */
    /** seed | backoffice | revert | file */
    source: text('source').$type<'seed' | 'backoffice' | 'revert' | 'file'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What changed: fields, form, stores, status. */
    summary: text('summary').notNull().default(''),
    before: jsonb('before').$type<StoredCatalogSnapshot>(),
    after: jsonb('after').$type<StoredCatalogSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_revisions_product_idx').on(t.productId, t.id)],
);

export const productStores = pgTable(
  'product_stores',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.storeId),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] })],
);
