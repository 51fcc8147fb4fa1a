import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { appMeta } from '../../db/schema.js';
import { readCatalogFiles } from './catalog-files.js';
import { seedCatalog, type SeedReport } from './catalog-seed.js';

const CATALOG_HASH_KEY = 'catalog_files_sha256';

/**
 * Brings the catalogue's seed data up to date: the catalogue files (only when they changed since the last seed, so a
 * restart is quick and never duplicates). The demo users are the customers module's (seedDemoUsers).
 */
export async function seedDatabase(
  db: Db,
  options: { catalogDir: string },
): Promise<{ catalogSeeded: boolean; report: SeedReport | null }> {
  const files = await readCatalogFiles(options.catalogDir);
  const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex');
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, CATALOG_HASH_KEY));
  let catalogSeeded = false;
  let report: SeedReport | null = null;
  if (current?.value !== hash) {
    report = await seedCatalog(db, files);
    await db
      .insert(appMeta)
      .values({ key: CATALOG_HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: new Date() } });
    catalogSeeded = true;
  }
  return { catalogSeeded, report };
}
