// The built product (apps/server/dist/bundle/server.js, the same as npm start) on a free port with a fresh data
// directory and the demo data, for the benchmarks that measure pages (npm run bench:web, npm run bench:bundle). Builds
// first when the build is missing or older than its sources.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from './build-state.mjs';

/** Builds the product when the build is missing or stale (exits on a failed build). */
export function buildIfStale() {
  if (!buildIsStale()) return;
  const t = sourcesTime();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  markBuilt(t);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts the built product (`BENCH_URL`: a running server instead); `stop()` ends it and drops its data. */
export async function startProduct() {
  if (process.env.BENCH_URL) return { baseUrl: process.env.BENCH_URL, external: true, stop: async () => {} };
  buildIfStale();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-bench-web-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, child);
  return {
    baseUrl,
    external: false,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
