// npm start's supervisor (scripts/supervisor.mjs) keeps the server up: a server that dies is started again, with a
// growing pause while it keeps dying at start, and SIGTERM reaches the server and ends the supervisor cleanly.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { restartDelay } from '../../../../scripts/supervisor.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const FAKE_SERVER = path.join(ROOT, 'apps/server/test/fixtures/supervisor/fake-server.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'ventanilla-supervisor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
const startedPids = (file: string) =>
  lines(file)
    .filter((l) => l.startsWith('start '))
    .map((l) => Number(l.split(' ')[1]));

describe('supervisor', () => {
  it('pauses doubling from the first delay up to the cap, with jitter of a quarter either way', () => {
    for (const [failures, base] of [
      [0, 200],
      [1, 400],
      [3, 1_600],
      [20, 30_000],
    ] as const) {
      const delay = restartDelay(failures, 200, 30_000);
      expect(delay).toBeGreaterThanOrEqual(base * 0.75);
      expect(delay).toBeLessThanOrEqual(base * 1.25);
    }
  });

  it('starts a server that crashed or was killed again, and passes SIGTERM to it and exits 0', async () => {
    const starts = path.join(dir, 'starts.log');
    writeFileSync(starts, '');
    const script = `import(${JSON.stringify(path.join(ROOT, 'scripts/supervisor.mjs'))}).then((m) =>
      m.supervise([${JSON.stringify(FAKE_SERVER)}], { firstDelayMs: 50, healthyAfterMs: 60_000, log: () => {} }))`;
    const supervisor = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, STARTS_FILE: starts, CRASH_STARTS: '2' },
      stdio: 'ignore',
    });
    const exited = once(supervisor, 'exit');
    try {
      // Two crashes at start, then a server that stays up.
      await vi.waitFor(() => expect(startedPids(starts)).toHaveLength(3), { timeout: 15_000, interval: 50 });
      const running = startedPids(starts)[2]!;

      process.kill(running, 'SIGKILL');
      await vi.waitFor(() => expect(startedPids(starts)).toHaveLength(4), { timeout: 15_000, interval: 50 });
      const restarted = startedPids(starts)[3]!;
      expect(restarted).not.toBe(running);

      supervisor.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      expect(lines(starts).at(-1)).toBe(`stopped ${restarted} SIGTERM`);
    } finally {
      supervisor.kill('SIGKILL');
    }
  }, 40_000);
});
