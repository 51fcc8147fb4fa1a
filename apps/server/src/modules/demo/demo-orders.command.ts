// npm run demo:orders -- --count N [--batch N] [--seed N] [--days N]: adds N realistic orders to the database
// `npm start` uses (DATABASE_URL, else the embedded database in DATA_DIR; stop the server first, it holds DATA_DIR).
// Never in production. docs/operations.md, "Demo data".
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.js';
import { DataDirLockedError } from '../../db/connection.js';
import { addDemoOrders } from './bulk-orders.js';
import { openPreparedDatabase } from './demo-database.js';

function positive(name: string, raw: string | undefined, fallback?: number): number {
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ConfigError(`--${name} must be a whole number, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      batch: { type: 'string' },
      seed: { type: 'string' },
      days: { type: 'string' },
    },
    strict: true,
  });
  if (values.count === undefined)
    throw new ConfigError('usage: npm run demo:orders -- --count N [--batch N] [--seed N]');
  const count = positive('count', values.count);
  // Refused before anything else is read: demo data never goes near a production configuration.
  if (process.env.NODE_ENV === 'production') {
    throw new ConfigError('demo orders are never added to a production database (NODE_ENV=production)');
  }
  const config = loadConfig();
  const { database, catalog } = await openPreparedDatabase(config);
  const where = database.embedded
    ? `the embedded database (${database.kind}) in ${config.dataDir}`
    : 'PostgreSQL (DATABASE_URL)';
  console.log(`Adding ${count.toLocaleString('en')} demo orders to ${where}…`);
  try {
    const result = await addDemoOrders(database.pool, catalog, {
      count,
      // The embedded database runs one statement at a time in one worker: smaller transactions keep it responsive.
      batchSize: positive('batch', values.batch, database.kind === 'postgres' ? 20_000 : 5_000),
      ...(values.seed !== undefined ? { seed: positive('seed', values.seed) } : {}),
      ...(values.days !== undefined ? { days: Math.max(1, positive('days', values.days)) } : {}),
      onProgress: ({ done, total, elapsedMs }) => {
        const rate = Math.round(done / Math.max(elapsedMs / 1000, 0.001));
        console.log(
          `  ${done.toLocaleString('en').padStart(11)} / ${total.toLocaleString('en')} orders ` +
            `(${Math.floor((done / total) * 100)}%), ${rate.toLocaleString('en')} orders/s`,
        );
      },
    });
    console.log(
      `Done: ${result.orders.toLocaleString('en')} orders and ${result.customers.toLocaleString('en')} new customers ` +
        `in ${(result.ms / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\ndemo:orders: ${err.message}\n`);
  } else {
    console.error('demo:orders failed:', err);
  }
  process.exit(1);
});
