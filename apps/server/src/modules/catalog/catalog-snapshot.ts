import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DISPLAY_FLAGS, formatMoneyString, money } from '@ventanilla/domain';
import type { DbOrTx } from '../../db/database.js';
import { products, productStores, type StoredCatalogSnapshot, type StoredProductForm } from '../../db/schema.js';
import type { FormRecord, ProductRecord } from './catalog-files.js';
import { toStoredForm } from './catalog-form.js';
import type { ProductTranslationsRecord } from './catalog-translations.js';

// A product as its files describe it (catalog/products/<url_key>.json plus catalog/forms/<url_key>.json). The seed,
// the back office and reverts all write a product through this one shape, and the revision history keeps it, so an
// edited product can always be compared with (or exported back to) its files.

export interface ProductSnapshot {
  product: ProductRecord;
  form: FormRecord | null;
}

type ProductRow = typeof products.$inferSelect;

const moneyText = (text: string | undefined) => formatMoneyString(money(text ?? '0'));

/** The known fields of a product file with the seed's defaults, stores in numeric order: equal data, equal JSON. */
export function normaliseProduct(p: ProductRecord): ProductRecord {
  return {
    product_id: p.product_id,
    url_key: p.url_key,
    cat_url_key: p.cat_url_key,
    kind: p.kind ?? 'service',
    name: p.name,
    short_description: p.short_description ?? '',
    description: p.description ?? '',
    custom_text: p.custom_text ?? '',
    tooltip: p.tooltip ?? null,
    image: p.image ?? 'no_selection',
    group: p.group ?? 'Otros',
    meta_title: p.meta_title ?? '',
    meta_description: p.meta_description ?? '',
    base_price: moneyText(p.base_price),
    official_fee: moneyText(p.official_fee),
    stores: [...new Set(p.stores)].sort((a, b) => Number(a) - Number(b)),
    visible: p.visible ?? true,
    visible_on_services: p.visible_on_services ?? true,
    position: p.position ?? 0,
    // Only when there are any: a product without translations keeps the snapshot (and file hash) it had before them.
    ...(p.translations && Object.keys(p.translations).length > 0 ? { translations: sortedKeys(p.translations) } : {}),
  };
}

function sortedKeys(translations: ProductTranslationsRecord): ProductTranslationsRecord {
  return Object.fromEntries(
    Object.entries(translations).sort(([a], [b]) => (a < b ? -1 : 1)),
  ) as ProductTranslationsRecord;
}

/**
 * A stored form back in the file's shape (prices as money strings, display flags as fields). Fields this code does
 * not know (added to forms later) pass through unchanged in both directions.
 */
export function formRecordOf(
  stored: StoredProductForm,
  product: { product_id: number; url_key: string },
): FormRecord | null {
  if (stored.options.length === 0 && stored.steps.length === 0) return null;
  const { options, related_product, ...rules } = stored;
  return {
    product_id: product.product_id,
    url_key: product.url_key,
    ...rules,
    steps: stored.steps,
    options: options.map(({ price, opt_values, is_require, display, ...rest }) => ({
      ...rest,
      is_require: is_require ? 1 : 0,
      price: formatMoneyString(price),
      opt_values: opt_values.map((v) => ({ ...v, price: formatMoneyString(v.price) })),
      ...Object.fromEntries(
        DISPLAY_FLAGS.filter((f) => display?.[f] !== undefined).map((f) => [f, display?.[f] === true]),
      ),
    })),
    ...(related_product?.length
      ? { related_product: related_product.map((r) => ({ ...r, price: formatMoneyString(r.price) })) }
      : {}),
    // Unchecked like any read of stored JSON: the stored form was a valid FormRecord when it was written.
  } as unknown as FormRecord;
}

/** A file's form as the database would give it back (the stored form's round trip), for stable comparisons. */
export function normaliseForm(
  form: FormRecord | null | undefined,
  product: { product_id: number; url_key: string },
): FormRecord | null {
  return form ? formRecordOf(toStoredForm(form), product) : null;
}

export function normaliseSnapshot(snapshot: { product: ProductRecord; form?: FormRecord | null }): ProductSnapshot {
  const product = normaliseProduct(snapshot.product);
  return { product, form: normaliseForm(snapshot.form, product) };
}

/** The product as the database holds it. */
export function snapshotOfRow(row: ProductRow, storeIds: Iterable<number>): ProductSnapshot {
  const product = normaliseProduct({
    product_id: row.productId,
    url_key: row.urlKey,
    cat_url_key: row.catUrlKey,
    kind: row.kind === 'fee' ? 'fee' : 'service',
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    custom_text: row.customText,
    tooltip: row.tooltip,
    image: row.image,
    group: row.groupName,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    base_price: formatMoneyString(row.basePrice),
    official_fee: formatMoneyString(row.officialFee),
    stores: [...storeIds].map(String),
    visible: row.visible,
    visible_on_services: row.visibleOnServices,
    position: row.position,
    translations: row.translations as ProductTranslationsRecord,
  });
  return { product, form: formRecordOf(row.form, product) };
}

/** JSON with object keys in sorted order: the database (jsonb) does not keep the files' key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** SHA-256 of a normalised snapshot: whether the files changed since they were last applied. */
export function snapshotHash(snapshot: ProductSnapshot): string {
  return createHash('sha256').update(canonicalJson(snapshot)).digest('hex');
}

export function toStoredSnapshot(snapshot: ProductSnapshot): StoredCatalogSnapshot {
  return snapshot as unknown as StoredCatalogSnapshot;
}

export function fromStoredSnapshot(stored: StoredCatalogSnapshot): ProductSnapshot {
  return stored as unknown as ProductSnapshot;
}

/** Loads one product's snapshot, locking its row for the rest of the transaction. */
export async function lockProduct(
  tx: DbOrTx,
  productId: number,
): Promise<{ row: ProductRow; snapshot: ProductSnapshot } | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.productId, productId)).for('update');
  if (!row) return undefined;
  const links = await tx
    .select({ storeId: productStores.storeId })
    .from(productStores)
    .where(eq(productStores.productId, productId));
  return {
    row,
    snapshot: snapshotOfRow(
      row,
      links.map((l) => l.storeId),
    ),
  };
}

/** What a write records besides the product's data. */
export interface WriteMeta {
  version: number;
  editedAt: Date | null;
  editedBy: number | null;
  fileHash?: string | null;
  pendingFile?: StoredCatalogSnapshot | null;
}

/** Writes a product (row and store links) from its snapshot: the one write path of the seed and the back office. */
export async function writeProduct(tx: DbOrTx, snapshot: ProductSnapshot, meta: WriteMeta): Promise<void> {
  // The defaults live in normaliseProduct only, so the row and the snapshot a revision keeps cannot drift apart.
  const p = normaliseProduct(snapshot.product);
  const row = {
    productId: p.product_id,
    urlKey: p.url_key,
    catUrlKey: p.cat_url_key,
    kind: p.kind,
    name: p.name,
    shortDescription: p.short_description,
    description: p.description,
    customText: p.custom_text,
    tooltip: p.tooltip,
    image: p.image,
    groupName: p.group,
    metaTitle: p.meta_title ?? '',
    metaDescription: p.meta_description ?? '',
    basePrice: money(p.base_price),
    officialFee: money(p.official_fee ?? '0'),
    visible: p.visible,
    visibleOnServices: p.visible_on_services,
    position: p.position,
    form: toStoredForm(snapshot.form ?? undefined),
    translations: p.translations ?? {},
    version: meta.version,
    editedAt: meta.editedAt,
    editedBy: meta.editedBy,
    ...(meta.fileHash !== undefined ? { fileHash: meta.fileHash } : {}),
    ...(meta.pendingFile !== undefined ? { pendingFile: meta.pendingFile } : {}),
    updatedAt: new Date(),
  };
  await tx.insert(products).values(row).onConflictDoUpdate({ target: products.productId, set: row });
  await tx.delete(productStores).where(eq(productStores.productId, p.product_id));
  if (p.stores.length > 0) {
    await tx.insert(productStores).values(p.stores.map((s) => ({ productId: p.product_id, storeId: Number(s) })));
  }
}
