import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.js';
import { writeTemplateDirectory } from '../src/db/embedded/durable-pglite.js';
import { builtTemplatePath } from '../src/db/embedded/pglite-template.js';

// docs/performance.md, "Memory": the embedded database's memory settings and the build's fresh-cluster template.
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ventanilla-memory-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('embedded database memory', () => {
  it('a template written like the build writes it starts a new data directory, and is read only for a new one', async () => {
    const work = tempDir();
    const template = join(work, 'template');
    await writeTemplateDirectory(template);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    const dataDir = join(work, 'data');

    const first = await openDatabase({ dataDir, embeddedEngine: 'pglite', pgliteTemplate: template });
    try {
      await first.pool.query('CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
      // The server's settings, not Postgres' defaults (128 MB and 64 MB).
      const settings = await first.pool.query<{ name: string; setting: string; unit: string }>(
        "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'maintenance_work_mem') ORDER BY name",
      );
      expect(settings.rows).toEqual([
        { name: 'maintenance_work_mem', setting: String(16 * 1024), unit: 'kB' },
        { name: 'shared_buffers', setting: String((32 * 1024) / 8), unit: '8kB' },
      ]);
    } finally {
      await first.close();
    }

    // The copy is the new database's own: the template did not change.
    expect(existsSync(join(template, 'base'))).toBe(true);
    // An existing database never reads the template: a broken one (its cluster gone) changes nothing.
    rmSync(template, { recursive: true, force: true });
    const again = await openDatabase({ dataDir, embeddedEngine: 'pglite', pgliteTemplate: template });
    try {
      expect((await again.pool.query<{ v: number }>('SELECT v FROM kept')).rows).toEqual([{ v: 42 }]);
    } finally {
      await again.close();
    }
  });

  it("the build's template is named after PGlite's version, so another version's is never used", () => {
    expect(builtTemplatePath('0.5.14')).toMatch(/[/\\]pglite-template-0\.5\.14$/);
    expect(builtTemplatePath('0.6.0')).not.toBe(builtTemplatePath('0.5.14'));
  });
});
