// npm run bench:memory: the whole product's memory and start time, as `npm start` runs it (development defaults:
// embedded database, demo users and demo orders seeded on a new data directory).
//
// Starts the built server as a child process twice: on a fresh data directory (first start: initdb, migrations,
// catalogue and demo seed) and again on the same, now existing, directory. Samples the memory of the child's process
// tree every 50 ms: the embedded PostgreSQL is several processes (postmaster, its helpers, one backend per pooled
// connection) under the server.
// Two figures per sample:
//   - RSS summed over the tree: counts pages shared between processes (PostgreSQL's shared buffers, its binary and
//     libraries) once per process that touches them, so it overstates a multi-process tree;
//   - PSS summed over the tree (/proc/<pid>/smaps_rollup): each shared page divided among the processes sharing it,
//     so the total counts it once. This is the honest total, and the goals are judged on it:
//   - peak PSS during the first start <= 500 MB
//   - PSS at rest after the demo seed <= 300 MB (the first start and the start on the existing directory)
//   - start on an existing database (process start to a healthy /api/health) <= 2 s
// BENCH_MEMORY_REST_S (default 5) is how long the server idles before "at rest" is sampled; DATABASE_URL measures
// against that PostgreSQL instead (the database's own processes are then not counted). BENCH_MEMORY_NODE_ARGS adds node options to the child (experiments).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from './build-state.mjs';

const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3911);
const REST_S = Number(process.env.BENCH_MEMORY_REST_S ?? 5);
const GOALS = { peakMb: 500, restMb: 300, startMs: 2000 };

if (process.env.BENCH_SKIP_BUILD !== '1' && buildIsStale()) {
  const t = sourcesTime();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  markBuilt(t);
}

/** The pids of `pid` and all its descendants (Linux /proc). */
function treePids(pid) {
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
  const pids = [];
  const pending = [pid];
  while (pending.length > 0) {
    const p = pending.pop();
    pids.push(p);
    pending.push(...(children.get(p) ?? []));
  }
  return pids;
}

/** RSS and PSS in bytes summed over the process tree of `pid`. */
function treeMemory(pid) {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const p of treePids(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      processes += 1;
    } catch {
      // gone
    }
  }
  return { rss, pss, processes };
}

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

async function health() {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the server on `dataDir`, returns the time to healthy, the engine it reports, the peaks (RSS and PSS, each its
 * own maximum) until then and the memory at rest.
 */
async function runOnce(dataDir) {
  const started = performance.now();
  const extraArgs = (process.env.BENCH_MEMORY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraArgs, SERVER_ENTRY], {
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
  const peak = { rss: 0, pss: 0 };
  const sample = () => {
    const now = treeMemory(child.pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
    return now;
  };
  const sampler = setInterval(sample, 50);
  try {
    let startMs;
    let db;
    for (;;) {
      if (exited) throw new Error('the server exited while starting');
      const answer = await health();
      if (answer) {
        startMs = performance.now() - started;
        db = answer.db;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, REST_S * 1000));
    const rest = sample();
    return { startMs, db, peak, rest };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    if (!exited) await new Promise((r) => child.once('exit', r));
  }
}

const met = (ok) => (ok ? 'met' : 'NOT MET');

function report(label, first, again) {
  console.log(`\n${label}: PSS (goals) and RSS summed over the server's process tree, ${REST_S} s idle for "at rest":`);
  console.log(
    `  first start: peak PSS ${mb(first.peak.pss)} MB (goal <= ${GOALS.peakMb} MB: ${met(mb(first.peak.pss) <= GOALS.peakMb)}), peak RSS ${mb(first.peak.rss)} MB`,
  );
  console.log(
    `  first start: at rest PSS ${mb(first.rest.pss)} MB (goal <= ${GOALS.restMb} MB: ${met(mb(first.rest.pss) <= GOALS.restMb)}), RSS ${mb(first.rest.rss)} MB, ${first.rest.processes} processes`,
  );
  console.log(`  first start: healthy after ${Math.round(first.startMs)} ms (no goal)`);
  console.log(
    `  existing database: start ${Math.round(again.startMs)} ms (goal <= ${GOALS.startMs} ms: ${met(again.startMs <= GOALS.startMs)})`,
  );
  console.log(
    `  existing database: peak PSS ${mb(again.peak.pss)} MB, at rest PSS ${mb(again.rest.pss)} MB (goal <= ${GOALS.restMb} MB: ${met(mb(again.rest.pss) <= GOALS.restMb)}), at rest RSS ${mb(again.rest.rss)} MB`,
  );
}

{
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-bench-memory-'));
  try {
    const first = await runOnce(dataDir);
    const again = await runOnce(dataDir);
    report(
      process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL; its processes not counted)' : 'Embedded PostgreSQL',
      first,
      again,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\nmachine load average: ${load}`);
