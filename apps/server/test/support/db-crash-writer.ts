// Child process of db-crash.test.ts: opens the embedded database in the directory given as argument (starting from the
// PGlite template given second, to skip initdb), then commits one row per id and prints each id only once its commit
// is acknowledged. The test kills it with SIGKILL mid-stream.
import { openDatabase } from '../../src/db/connection.js';

const [dataDir, pgliteTemplate] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: db-crash-writer.ts <data dir> [pglite template]');

const db = await openDatabase({ dataDir, ...(pgliteTemplate ? { pgliteTemplate } : {}) });
await db.pool.query('CREATE TABLE IF NOT EXISTS acked (id integer PRIMARY KEY)');
process.stdout.write('ready\n');
for (let id = 1; ; id++) {
  await db.pool.query('INSERT INTO acked (id) VALUES ($1)', [id]);
  process.stdout.write(`${id}\n`);
}
