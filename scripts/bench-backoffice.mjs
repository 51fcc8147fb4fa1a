// npm run bench:backoffice: the back-office search (GET /api/backoffice/items) on a million order items.
//
// PostgreSQL: DATABASE_URL, or a dedicated database `ventanilla_bench` it creates on postgres://postgres@127.0.0.1:5432
// (BENCH_PG_ADMIN_URL to use another server). Order items are added with the demo:orders generator until there are
// BENCH_ITEMS (default 1,000,000). The real app listens on 127.0.0.1 and a signed-in agent asks, one request at a
// time, BENCH_SAMPLES (default 200) varied searches per kind; each p95 is printed beside its goal, with two baselines
// from the same run: GET /api/health (one SELECT 1 through the app) and the first page without a filter, plus the same
// substring filters on the bare table with index scans disabled (what the trigram indexes buy).
//
// Embedded: the embedded PostgreSQL in data/bench-embedded (kept between runs) with BENCH_EMBEDDED_ITEMS (default 100,000)
// items; the largest event-loop stall of the app's process (perf_hooks monitorEventLoopDelay) while the searches run.
//
// Statistics (GET /api/backoffice/statistics/...) on the same PostgreSQL database: BENCH_STATS_SAMPLES (default 40)
// requests per route, 30-day ranges ending anywhere in the last year (a quarter of them for one store), and the longest
// range (366 days); each p95 beside the 200 ms goal.
//
// BENCH_ONLY=postgres|embedded|statistics runs one part (statistics: the PostgreSQL statistics alone, no search).
// Results go to stdout; docs/performance.md keeps the figures.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildIsStale, markBuilt, ROOT, sourcesTime } from './build-state.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const EMBEDDED_ITEMS = Number(process.env.BENCH_EMBEDDED_ITEMS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const ONLY = process.env.BENCH_ONLY;
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (buildIsStale()) {
  const t = sourcesTime();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  markBuilt(t);
}

const dist = (p) => import(pathToFileURL(path.join(ROOT, 'apps/server/dist', p)).href);
const { buildApp } = await dist('app.js');
const { loadConfig } = await dist('config/env.js');
const { openPreparedDatabase } = await dist('modules/demo/demo-database.js');
const { addDemoOrders } = await dist('modules/demo/bulk-orders.js');

const GOALS = { id: 20, email: 20, status: 20, date: 20, text: 100 };
const STATS_SAMPLES = Number(process.env.BENCH_STATS_SAMPLES ?? 40);
const STATS_GOAL = 200;
const STATS_ROUTES = ['orders', 'products', 'queue-age', 'agents', 'refunds'];

/** A repeatable random source, so two runs ask the same questions. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '—');

async function ensureItems(database, catalog, target, batchSize) {
  const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM order_items');
  const have = rows[0].n;
  if (have >= target) {
    console.log(`  ${have.toLocaleString('en')} order items already there`);
    return have;
  }
  console.log(`  ${have.toLocaleString('en')} order items; adding ${(target - have).toLocaleString('en')} orders…`);
  const result = await addDemoOrders(database.pool, catalog, {
    count: target - have,
    batchSize,
    seed: 20_261_124,
    onProgress: ({ done, total, elapsedMs }) => {
      if (done === total || done % (batchSize * 5) === 0) {
        console.log(
          `    ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(done / (elapsedMs / 1000)).toLocaleString('en')} orders/s)`,
        );
      }
    },
  });
  console.log(`  added in ${(result.ms / 1000).toFixed(1)} s`);
  return target;
}

/** The searches an agent makes, varied: real ids, e-mail pieces, statuses, weeks, words from names and addresses. */
async function workload(pool, seed) {
  const rnd = random(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const { rows: bounds } = await pool.query('SELECT min(item_id) AS lo, max(item_id) AS hi FROM order_items');
  const lo = Number(bounds[0].lo);
  const hi = Number(bounds[0].hi);
  const ids = Array.from({ length: SAMPLES * 2 }, () => lo + Math.floor(rnd() * (hi - lo + 1)));
  const { rows: sample } = await pool.query(
    `SELECT o.order_id, o.customer_email, o.customer_lastname, i.created_at, i.referencia
     FROM order_items i JOIN orders o USING (order_id) WHERE i.item_id = ANY($1::int[])`,
    [ids],
  );
  const { rows: range } = await pool.query('SELECT min(created_at) AS a, max(created_at) AS b FROM order_items');
  const first = new Date(range[0].a).getTime();
  const last = new Date(range[0].b).getTime();
  const day = (t) => new Date(t).toISOString().slice(0, 10);
  const statuses = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 97, 98, 99, 100, 101, 102, 103, 110, 120, 1000, 1001];
  // What agents type: surnames and first names, streets, towns, notes' words, references, a DNI's digits.
  const words = [
    'ferreira',
    'gonzález',
    "o'sullivan",
    'murphy',
    'calle mayor',
    'rua augusta',
    'avenida de la constitución',
    'dos hermanas',
    'ericeira',
    'marbella',
    'finca registral',
    'conservatória',
    'eircode',
    'logística',
    'notaría de',
    'universidad de sevilla',
    'killarney',
    'lucía',
    'pinhal novo',
    'urgente',
  ];
  const cases = {
    id: () => `order_id=${pick(sample).order_id}`,
    email: () => {
      const email = pick(sample).customer_email;
      const local = email.split('@')[0];
      // A piece of the address as an agent remembers it: the middle, or name and the start of the number.
      return `email=${encodeURIComponent(rnd() < 0.5 ? local.slice(1) : local.slice(0, Math.max(3, local.length - 2)))}`;
    },
    status: () => {
      const several = rnd() < 0.3;
      const list = several ? [pick(statuses), pick(statuses)].join(',') : String(pick(statuses));
      return `status=${list}&page=${1 + Math.floor(rnd() * 3)}`;
    },
    date: () => {
      const start = first + rnd() * Math.max(0, last - first - 7 * 86_400_000);
      const span = pick([0, 1, 6, 30]);
      return `date_start=${day(start)}&date_end=${day(start + span * 86_400_000)}`;
    },
    text: () => {
      // Half from the data (a surname, or a reference pasted whole), half words typed from memory.
      const roll = rnd();
      const row = pick(sample);
      const term =
        roll < 0.3
          ? row.customer_lastname.split(' ')[0].toLowerCase()
          : roll < 0.5 && row.referencia
            ? row.referencia
            : pick(words);
      return `text=${encodeURIComponent(term)}`;
    },
    // A reference's start matching many old orders and few or no recent ones (2-3 s by trigram before migration 0046;
    // now a prefix range of the references, docs/backoffice.md "Substring filters").
    textPrefix: () =>
      `text=${encodeURIComponent(pick(['ns-2025/', 'crp-2025/', 'rp-2025/', 'NS-2024/', 'ns-2025/00']))}`,
  };
  const urls = {};
  for (const [name, make] of Object.entries(cases)) {
    urls[name] = Array.from({ length: name === 'textPrefix' ? Math.min(20, SAMPLES) : SAMPLES }, make);
  }
  return urls;
}

/** Signs the demo agent in over HTTP; returns the session cookie. */
async function signIn(base) {
  const session = await fetch(`${base}/api/session`);
  const csrf = (await session.json()).csrf_token;
  let cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
    body: JSON.stringify({ email: 'agente@ventanilla.test', password: 'agente-demo-2026' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const renewed = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (renewed.length) cookie = renewed.join('; ');
  return cookie;
}

// The client runs in a worker thread: the app's event loop (measured on the embedded database) carries only the
// server's work, and the client's parsing never delays a response it is timing.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
async function timeRequests(paths) {
  const latencies = [];
  let refused = null;
  for (const p of paths) {
    const t0 = performance.now();
    const res = await fetch(workerData.base + p, { headers: { cookie: workerData.cookie } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) { refused = res.status + ' ' + body.slice(0, 160); break; }
    latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  return { latencies, refused };
}
(async () => {
  const out = {};
  for (const [name, paths] of workerData.jobs) out[name] = await timeRequests(paths);
  parentPort.postMessage(out);
})().catch((err) => parentPort.postMessage({ error: String(err && err.stack || err) }));
`;

// A thread that does nothing but watch its own event loop: its largest delay is what the machine alone (other
// processes, the scheduler) causes in the same minutes, the baseline of the app's stall.
const IDLE = `
const { parentPort } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const keep = setInterval(() => {}, 1000);
parentPort.once('message', () => { h.disable(); clearInterval(keep); parentPort.postMessage({ max: h.max / 1e6, p99: h.percentile(99) / 1e6 }); });
`;

function idleWatcher() {
  const worker = new Worker(IDLE, { eval: true });
  return () =>
    new Promise((resolve) => {
      worker.once('message', (out) => {
        void worker.terminate();
        resolve(out);
      });
      worker.postMessage('stop');
    });
}

/** Requests one after the other (a person at a desk), in a worker; per job the sorted latencies or the refusal. */
function timeJobs(base, cookie, jobs) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { base, cookie, jobs } });
    worker.once('message', (out) => (out.error ? reject(new Error(out.error)) : resolve(out)));
    worker.once('error', reject);
  });
}

async function runSearches(base, cookie, urls, during = () => {}) {
  const search = (list) => list.map((q) => `/api/backoffice/items?${q}`);
  // Warm up: connections, plans, the first pages in the cache.
  await timeJobs(
    base,
    cookie,
    Object.entries(urls).map(([name, list]) => [name, search(list.slice(0, 10))]),
  );
  during(true);
  const results = await timeJobs(base, cookie, [
    ['health', Array.from({ length: SAMPLES }, () => '/api/health')],
    ['unfiltered', Array.from({ length: SAMPLES }, () => '/api/backoffice/items')],
    ...Object.entries(urls).map(([name, list]) => [name, search(list)]),
  ]);
  during(false);
  return results;
}

function report(results) {
  const rows = [
    ['baseline: GET /api/health (SELECT 1)', 'health', null],
    ['baseline: first page, no filter', 'unfiltered', null],
    ['by order_id', 'id', GOALS.id],
    ['by e-mail substring', 'email', GOALS.email],
    ['by status (one or two, pages 1-3)', 'status', GOALS.status],
    ['by date range (1 to 31 days)', 'date', GOALS.date],
    ['text substring', 'text', GOALS.text],
    ["text: a reference's start (ns-2025/)", 'textPrefix', GOALS.text],
  ];
  console.log(`\n  ${'search'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}   goal (p95)`);
  const missed = [];
  for (const [label, key, goal] of rows) {
    const r = results[key];
    if (r.refused) {
      console.log(`  ${label.padEnd(40)} refused by the route: ${r.refused}`);
      missed.push(label);
      continue;
    }
    const p95 = percentile(r.latencies, 95);
    const verdict = goal === null ? '' : `<= ${goal} ms ${p95 <= goal ? 'MET' : 'NOT MET'}`;
    if (goal !== null && p95 > goal) missed.push(label);
    console.log(
      `  ${label.padEnd(40)} ${fmt(percentile(r.latencies, 50)).padStart(9)} ${fmt(p95).padStart(9)} ${fmt(r.latencies.at(-1)).padStart(9)}   ${verdict}`,
    );
  }
  return missed;
}

/** The substring filters on the bare table without their trigram indexes (same session, index scans off). */
async function withoutIndexes(pool, urls) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off');
    const out = {};
    for (const [key, column, param] of [
      ['email', 'search_email', 'email'],
      ['text', 'search_text', 'text'],
    ]) {
      const latencies = [];
      for (const q of urls[key].slice(0, 20)) {
        const term = decodeURIComponent(new URLSearchParams(q).get(param) ?? '').toLowerCase();
        const like = `%${term.replace(/[\\%_]/g, '\\$&')}%`;
        const t0 = performance.now();
        await client.query(
          `SELECT item_id FROM order_items WHERE ${column} LIKE $1 ORDER BY created_at DESC, item_id DESC LIMIT 11`,
          [like],
        );
        latencies.push(performance.now() - t0);
      }
      latencies.sort((a, b) => a - b);
      out[key] = latencies;
    }
    await client.query('ROLLBACK');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    return { error: String(err.message ?? err) };
  } finally {
    client.release();
  }
}

/** Statistics requests: 30-day ranges ending anywhere in the last year (a quarter for one store), and a whole year. */
function statisticsWorkload(seed) {
  const rnd = random(seed);
  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const month = () => {
    const end = Math.floor(rnd() * 335);
    const store = rnd() < 0.25 ? `&store=${[1, 16, 25, 9][Math.floor(rnd() * 4)]}` : '';
    return `from=${day(end + 29)}&to=${day(end)}${store}`;
  };
  const jobs = [];
  for (const route of STATS_ROUTES) {
    jobs.push([
      `${route} (30 days)`,
      Array.from({ length: STATS_SAMPLES }, () => `/api/backoffice/statistics/${route}?${month()}`),
    ]);
    jobs.push([
      `${route} (366 days)`,
      Array.from(
        { length: Math.max(5, STATS_SAMPLES / 4) },
        () => `/api/backoffice/statistics/${route}?from=${day(365)}&to=${day(0)}`,
      ),
    ]);
  }
  return jobs;
}

async function runStatistics(base, cookie) {
  const jobs = statisticsWorkload(44);
  await timeJobs(
    base,
    cookie,
    jobs.map(([name, list]) => [name, list.slice(0, 3)]),
  );
  const results = await timeJobs(base, cookie, jobs);
  console.log(
    `\n  ${'statistics'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}   goal (p95)`,
  );
  const missed = [];
  for (const [name] of jobs) {
    const r = results[name];
    if (r.refused) {
      console.log(`  ${name.padEnd(40)} refused by the route: ${r.refused}`);
      missed.push(name);
      continue;
    }
    const p95 = percentile(r.latencies, 95);
    if (p95 > STATS_GOAL) missed.push(name);
    console.log(
      `  ${name.padEnd(40)} ${fmt(percentile(r.latencies, 50)).padStart(9)} ${fmt(p95).padStart(9)} ${fmt(r.latencies.at(-1)).padStart(9)}   <= ${STATS_GOAL} ms ${p95 <= STATS_GOAL ? 'MET' : 'NOT MET'}`,
    );
  }
  return missed;
}

async function startApp(env) {
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'ventanilla-bench-files-'));
  const config = loadConfig({
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: env.DATA_DIR ?? filesDir,
  });
  const { database, catalog } = await openPreparedDatabase(config);
  return { config, database, catalog, filesDir };
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}`;
}

console.log(`\nBack-office search benchmark — ${machine()}`);
let failed = false;

if (ONLY !== 'embedded') {
  let url = process.env.DATABASE_URL;
  if (!url) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'ventanilla_bench'`);
    if (!rowCount) await admin.query('CREATE DATABASE ventanilla_bench');
    await admin.end();
    const u = new URL(ADMIN_URL);
    u.pathname = '/ventanilla_bench';
    url = u.toString();
  }
  console.log(`\nPostgreSQL (${new URL(url).pathname.slice(1)}):`);
  const { config, database, catalog, filesDir } = await startApp({ ...process.env, DATABASE_URL: url });
  const { rows: version } = await database.pool.query('SHOW server_version');
  const items = await ensureItems(database, catalog, ITEMS, 20_000);
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const cookie = await signIn(base);
    const missed = [];
    if (ONLY !== 'statistics') {
      const urls = await workload(database.pool, 42);
      const results = await runSearches(base, cookie, urls);
      console.log(
        `  PostgreSQL ${version[0].server_version}, ${items.toLocaleString('en')} order items, ${SAMPLES} requests per search, one at a time over HTTP`,
      );
      missed.push(...report(results));
      const bare = await withoutIndexes(database.pool, urls);
      if (bare.error) console.log(`  (no index-less baseline: ${bare.error})`);
      else {
        for (const key of ['email', 'text']) {
          console.log(
            `  baseline without indexes, ${key} (bare SQL, 20 queries): p50 ${fmt(percentile(bare[key], 50))}, max ${fmt(bare[key].at(-1))}`,
          );
        }
      }
    }
    const { rows: orderCount } = await database.pool.query('SELECT count(*)::int AS n FROM orders');
    console.log(
      `\n  Statistics: ${orderCount[0].n.toLocaleString('en')} orders, ${STATS_SAMPLES} requests per 30-day route, one at a time over HTTP`,
    );
    missed.push(...(await runStatistics(base, cookie)));
    if (missed.length) {
      failed = true;
      console.log(`  goals missed: ${missed.join('; ')}`);
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
}

if (ONLY !== 'postgres' && ONLY !== 'statistics') {
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(ROOT, 'data/bench-embedded');
  mkdirSync(dataDir, { recursive: true });
  console.log(`\nEmbedded database (PostgreSQL in ${path.relative(ROOT, dataDir)}):`);
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const { config, database, catalog } = await startApp(env);
  const items = await ensureItems(database, catalog, EMBEDDED_ITEMS, 5_000);
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const cookie = await signIn(base);
    const urls = await workload(database.pool, 43);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let stopIdle;
    const results = await runSearches(base, cookie, urls, (on) => {
      if (on) {
        stopIdle = idleWatcher();
        delay.enable();
      } else delay.disable();
    });
    const idle = await stopIdle();
    console.log(`  ${items.toLocaleString('en')} order items, ${SAMPLES} requests per search, one at a time over HTTP`);
    report(results);
    const stall = delay.max / 1e6;
    console.log(
      `\n  event loop while the searches ran: p99 delay ${fmt(delay.percentile(99) / 1e6)}, largest stall ${fmt(stall)} (goal: none over 50 ms) ${stall <= 50 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  baseline, an idle thread of the same process in the same minutes: p99 delay ${fmt(idle.p99)}, largest ${fmt(idle.max)} (the machine's own share)`,
    );
    if (stall > 50) failed = true;
  } finally {
    await app.close();
    await database.close();
  }
}

console.log('');
process.exitCode = failed ? 1 : 0;
