// Child process of db-embedded-postgres.test.ts: opens the embedded PostgreSQL in the directory given as argument, then
// commits one row per id and prints each id only once its commit is acknowledged. The tests kill it with
// SIGKILL mid-stream.
import { openDatabase } from '../../src/db/connection.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: db-crash-writer.ts <data dir>');

const db = await openDatabase({ dataDir });
await db.pool.query('CREATE TABLE IF NOT EXISTS acked (id integer PRIMARY KEY)');
process.stdout.write('ready\n');
for (let id = 1; ; id++) {
  await db.pool.query('INSERT INTO acked (id) VALUES ($1)', [id]);
  process.stdout.write(`${id}\n`);
}
