// Child process of db-crash.test.ts and db-embedded-postgres.test.ts: opens the embedded database (engine given second:
// pglite or postgres) in the directory given as argument (PGlite: starting from the template given third, to skip
// initdb), then commits one row per id and prints each id only once its commit is acknowledged. The tests kill it with
// SIGKILL mid-stream.
import { openDatabase } from '../../src/db/connection.js';

const [dataDir, engine, pgliteTemplate] = process.argv.slice(2);
if (!dataDir || (engine !== 'pglite' && engine !== 'postgres')) {
  throw new Error('usage: db-crash-writer.ts <data dir> pglite|postgres [pglite template]');
}

const db = await openDatabase({ dataDir, embeddedEngine: engine, ...(pgliteTemplate ? { pgliteTemplate } : {}) });
await db.pool.query('CREATE TABLE IF NOT EXISTS acked (id integer PRIMARY KEY)');
process.stdout.write('ready\n');
for (let id = 1; ; id++) {
  await db.pool.query('INSERT INTO acked (id) VALUES ($1)', [id]);
  process.stdout.write(`${id}\n`);
}
