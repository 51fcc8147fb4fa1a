import type { AppConfig } from '../../config/env.js';
import { openDatabase, type DatabaseHandle } from '../../db/connection.js';
import { applyMigrations, createDb } from '../../db/database.js';
import { CatalogService, seedDatabase } from '../catalog/index.js';
import { seedDemoUsers } from '../customers/index.js';

/**
 * Opens the database `npm start` would use (DATABASE_URL, else the embedded one in DATA_DIR), brings it up to date the
 * way the server does (migrations, catalogue, demo users outside production) and loads the catalogue. For commands
 * that work on the data without serving it (npm run demo:orders, the back-office benchmark).
 */
export async function openPreparedDatabase(
  config: AppConfig,
): Promise<{ database: DatabaseHandle; catalog: CatalogService }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await applyMigrations(database.pool);
    const db = createDb(database.pool);
    await seedDatabase(db, { catalogDir: config.catalogDir });
    if (config.seedDemoUsers) await seedDemoUsers(db);
    const catalog = new CatalogService(db, {
      ttlMs: 60_000,
      defaultStoreId: config.defaultStoreId,
      storeHosts: config.storeHosts,
    });
    await catalog.load();
    return { database, catalog };
  } catch (err) {
    await database.close();
    throw err;
  }
}
