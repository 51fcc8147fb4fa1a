import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'ventanilla-drift-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('migrations', () => {
  it('match the schema: generating from src/db/schema.ts adds no migration', () => {
    const out = path.join(work, 'drizzle');
    cpSync(path.join(serverDir, 'drizzle'), out, { recursive: true });
    const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
    const config = path.join(work, 'drizzle.config.json');
    // drizzle-kit wants the output folder relative to its working directory.
    writeFileSync(
      config,
      JSON.stringify({ dialect: 'postgresql', schema: path.join(serverDir, 'src/db/schema.ts'), out: './drizzle' }),
    );
    const output = execFileSync(
      path.join(serverDir, '../../node_modules/.bin/drizzle-kit'),
      ['generate', '--config', config, '--name', 'drift_check'],
      {
        cwd: work,
        encoding: 'utf8',
      },
    );
    // A run that could not read the snapshots must not count as "no drift".
    expect(output).toMatch(/No schema changes/);
    const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
    expect(
      after,
      `Schema and migrations drifted; run npm run db:generate -- --name=<what it does>.\n${output}`,
    ).toEqual(before);
  }, 60_000);

  it('are named by what they do', () => {
    for (const file of readdirSync(path.join(serverDir, 'drizzle')).filter((f) => f.endsWith('.sql'))) {
      expect(file).toMatch(/^\d{4}_[a-z]+(_[a-z]+)+\.sql$/);
    }
  });
});
