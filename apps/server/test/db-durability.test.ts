import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDurablePGlite } from '../src/db/embedded/durable-pglite.js';
import { pgliteTemplate } from './support/test-database.js';

// See docs/decisions/0002-embedded-database-durability.md. PGlite runs in this thread here so that the test can watch
// the fsync calls; in the app it runs in the worker with the same settings.
describe('embedded database durability', () => {
  const dirs: string[] = [];

  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs Postgres with fsync on and a WAL sync method that reaches the disk', async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), 'ventanilla-durability-'));
    dirs.push(dir);
    const db = await openDurablePGlite(dir, new Blob([fs.readFileSync(await pgliteTemplate())]));
    try {
      const { rows } = await db.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'wal_sync_method', 'synchronous_commit', 'full_page_writes') ORDER BY name",
      );
      expect(rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);

      await db.exec('CREATE TABLE commits (id int)');
      const fsyncSync = vi.spyOn(fs, 'fsyncSync');
      for (let id = 0; id < 20; id++) await db.query('INSERT INTO commits VALUES ($1)', [id]);

      // At least one real fsync per commit (PGlite's own NODEFS would make none).
      expect(fsyncSync.mock.calls.length).toBeGreaterThanOrEqual(20);
    } finally {
      await db.close();
    }
  });
});
