// npm run bench:memory: the whole product's memory and start time, as `npm start` runs it (development defaults:
// embedded database, demo users and demo orders seeded on a new data directory).
//
// Starts the built server as a child process twice: on a fresh data directory (first start: initdb, migrations,
// catalogue and demo seed) and again on the same, now existing, directory. Samples the resident memory (RSS) of the
// child's process tree every 25 ms (the embedded database is a worker thread of the same process, so its WebAssembly
// heap is in that RSS). Prints each figure beside its goal:
//   - peak RSS during the first start <= 500 MB
//   - RSS at rest after the demo seed <= 300 MB (the first start and the start on the existing directory)
//   - start on an existing database (process start to a healthy /api/health) <= 2 s
// BENCH_MEMORY_REST_S (default 5) is how long the server idles before "at rest" is sampled; DATABASE_URL measures the
// same against PostgreSQL (the database's own processes are then not counted). BENCH_MEMORY_NODE_ARGS adds node
// options to the child (experiments).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, sourcesTime } from './build-state.mjs';

const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3911);
const REST_S = Number(process.env.BENCH_MEMORY_REST_S ?? 5);
const GOALS = { peakMb: 500, restMb: 300, startMs: 2000 };

if (process.env.BENCH_SKIP_BUILD !== '1' && buildIsStale()) {
  const t = sourcesTime();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  markBuilt(t);
}

const PAGE_KB = 4;

/** RSS in bytes of `pid` and all its descendants (Linux /proc). */
function treeRss(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // process ended meanwhile
    }
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const p = pending.pop();
    try {
      const statm = readFileSync(`/proc/${p}/statm`, 'utf8').split(' ');
      total += Number(statm[1]) * PAGE_KB * 1024;
    } catch {
      // gone
    }
    pending.push(...(children.get(p) ?? []));
  }
  return total;
}

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

async function healthy() {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts the server on `dataDir`, returns the time to healthy, the peak RSS until then and the RSS at rest. */
async function runOnce(dataDir) {
  const started = performance.now();
  const extraArgs = (process.env.BENCH_MEMORY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraArgs, 'apps/server/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_INBOUND_PORT: 'off',
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid))), 25);
  try {
    let startMs;
    for (;;) {
      if (exited) throw new Error('the server exited while starting');
      if (await healthy()) {
        startMs = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const peakAtReady = peak;
    await new Promise((r) => setTimeout(r, REST_S * 1000));
    const rest = treeRss(child.pid);
    return { startMs, peakAtReady, peak: Math.max(peak, rest), rest };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    if (!exited) await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-bench-memory-'));
try {
  const first = await runOnce(dataDir);
  const again = await runOnce(dataDir);
  const met = (ok) => (ok ? 'met' : 'NOT MET');
  const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL; its processes not counted)' : 'embedded (PGlite)';
  console.log(`\nMemory and start (${db}), RSS of the server's process tree, ${REST_S} s idle for "at rest":`);
  console.log(
    `  first start: peak ${mb(first.peak)} MB (goal <= ${GOALS.peakMb} MB: ${met(mb(first.peak) <= GOALS.peakMb)})`,
  );
  console.log(
    `  first start: at rest ${mb(first.rest)} MB (goal <= ${GOALS.restMb} MB: ${met(mb(first.rest) <= GOALS.restMb)})`,
  );
  console.log(`  first start: healthy after ${Math.round(first.startMs)} ms (no goal)`);
  console.log(
    `  existing database: start ${Math.round(again.startMs)} ms (goal <= ${GOALS.startMs} ms: ${met(again.startMs <= GOALS.startMs)})`,
  );
  console.log(
    `  existing database: peak ${mb(again.peak)} MB, at rest ${mb(again.rest)} MB (goal <= ${GOALS.restMb} MB: ${met(mb(again.rest) <= GOALS.restMb)})`,
  );
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`  machine load average: ${load}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
