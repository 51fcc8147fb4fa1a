import { eq, isNull, sql } from 'drizzle-orm';
import { parseRate } from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { categories, productRevisions, products, stores } from '../../db/schema.js';
import type { CatalogFiles } from './catalog-files.js';
import {
  canonicalJson,
  lockProduct,
  normaliseSnapshot,
  snapshotHash,
  toStoredSnapshot,
  writeProduct,
  type ProductSnapshot,
} from './catalog-snapshot.js';

/** Any fixed number: instances seeding at the same time take turns (the second finds nothing left to do). */
const SEED_LOCK_KEY = 7_316_402;

/** What a seed run did to the products, for the start log. */
export interface SeedReport {
  created: number;
  updated: number;
  /** Products edited in the back office whose file changed: the file version waits, it is not applied. */
  pending: string[];
}

/**
 * Writes the catalogue files into the database (upserts: running it at every start never duplicates). Files are the
 * base; the back office's edits win: a product or category edited there is no longer overwritten, and a later change
 * to its file is kept aside as `pending_file` for an admin to take or ignore (docs/decisions/0005-catalogue-edits.md).
 */
export async function seedCatalog(db: Db, files: CatalogFiles): Promise<SeedReport> {
  const formByProduct = new Map(files.forms.map((f) => [f.product_id, f]));
  const report: SeedReport = { created: 0, updated: 0, pending: [] };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    for (const s of files.stores) {
      const row = {
        storeId: s.store_id,
        name: s.name,
        language: s.language,
        country: s.country,
        vatRateBp: parseRate(s.vat_rate),
        hosts: s.hosts,
        description: s.description ?? '',
      };
      await tx.insert(stores).values(row).onConflictDoUpdate({ target: stores.storeId, set: row });
    }
    for (const c of files.categories) {
      const row = {
        id: c.id,
        urlKey: c.url_key,
        name: c.name,
        shortName: c.short_name ?? c.name,
        description: c.description ?? '',
        position: c.position ?? 0,
        language: c.language,
        metaTitle: c.meta_title ?? '',
        metaDescription: c.meta_description ?? '',
        image: c.image ?? '',
        translations: c.translations ?? {},
      };
      // A category renamed or reordered in the back office keeps its edit.
      await tx
        .insert(categories)
        .values(row)
        .onConflictDoUpdate({ target: categories.id, set: row, setWhere: isNull(categories.editedAt) });
    }
    for (const p of files.products) {
      const snapshot = normaliseSnapshot({ product: p, form: formByProduct.get(p.product_id) ?? null });
      const hash = snapshotHash(snapshot);
      const current = await lockProduct(tx, p.product_id);
      if (!current) {
        await writeProduct(tx, snapshot, {
          version: 1,
          editedAt: null,
          editedBy: null,
          fileHash: hash,
          pendingFile: null,
        });
        await tx.insert(productRevisions).values({
          productId: p.product_id,
          version: 1,
          source: 'seed',
          summary: 'created',
          after: toStoredSnapshot(snapshot),
        });
        report.created += 1;
      } else if (current.row.editedAt === null) {
        if (current.row.fileHash === hash) continue;
        const version = current.row.version + 1;
        await writeProduct(tx, snapshot, {
          version,
          editedAt: null,
          editedBy: null,
          fileHash: hash,
          pendingFile: null,
        });
        await tx.insert(productRevisions).values({
          productId: p.product_id,
          version,
          source: 'seed',
          summary: changedParts(current.snapshot, snapshot).join(', '),
          before: toStoredSnapshot(current.snapshot),
          after: toStoredSnapshot(snapshot),
        });
        report.updated += 1;
      } else {
        // Edited in the back office: the file version is reported, not applied (unless the file is back to what
        // was applied last, in which case nothing waits any more).
        const pending = current.row.fileHash === hash ? null : toStoredSnapshot(snapshot);
        await tx.update(products).set({ pendingFile: pending }).where(eq(products.productId, p.product_id));
        if (pending) report.pending.push(p.url_key);
      }
    }
  });
  return report;
}

/** Which parts of a product differ between two snapshots: the revision's one-line summary. */
export function changedParts(before: ProductSnapshot, after: ProductSnapshot): string[] {
  const parts: string[] = [];
  const keys = new Set([...Object.keys(before.product), ...Object.keys(after.product)]) as Set<
    keyof ProductSnapshot['product']
  >;
  for (const key of keys) {
    if (canonicalJson(before.product[key]) !== canonicalJson(after.product[key])) parts.push(key);
  }
  if (canonicalJson(before.form) !== canonicalJson(after.form)) parts.push('form');
  return parts;
}
