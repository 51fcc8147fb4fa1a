// npm run bench:checkout: paid orders per second through the real HTTP API, on the embedded default and on
// PostgreSQL, in the same run. Goal: >= 100 paid orders per second with p99 <= 250 ms on the embedded
// database, which on a slow 2-core guest means at most 12 ms of CPU per paid order, app and database together
// (printed for each run, read from /proc).
//
// Each run starts the built server as a child process (development defaults, as `npm start`: the sandbox payment
// provider, demo data) on a fresh data directory; for PostgreSQL on a dedicated database `ventanilla_bench_checkout`
// created afresh on BENCH_PG_URL (default the local server, postgres://postgres@127.0.0.1:5432/test). Before the
// clock starts, BENCH_CUSTOMERS customers (default 32) register and sign in, each from its own address (the server
// trusts X-Forwarded-For here, as behind a proxy), as shoppers in a busy hour would. Then each of them, concurrently,
// over and over for BENCH_DURATION seconds (default 20):
//   1. adds a nota simple to the cart       POST /api/cart/items
//   2. checks out, paying by card           POST /api/checkout (Idempotency-Key)
//   3. opens the sandbox provider's page     GET  /sandbox-pay/checkout/<ref>
//   4. pays with the test card               POST /sandbox-pay/checkout/<ref>
//      (the sandbox then notifies the shop over HTTP, signed: the order is paid and invoiced in one transaction)
//   5. waits until the order is paid         GET  /api/orders/<id>/payment?wait=10 (long poll, as the web's
//      success page: answered when the notification is applied)
// An order counts when step 5 saw it paid within the run AND, checked in the database after the server stopped, it
// is paid and has exactly one invoice. Latency: every request of steps 1-5, from send to the last byte of the answer
// (p99 is the goal's); the order's time: from step 1 to paid.
// BENCH_SERVER_ENTRY runs another build of the server (a copy of an earlier bundle: an A/B comparison on one machine).
// BENCH_ONLY=embedded|postgres runs one of them. The embedded run is the embedded PostgreSQL (decision 0025).
// BENCH_STATEMENTS=1 preloads scripts/trace-statements.mjs into the server and prints, for the clock's orders, the
// statements and round trips to the database per request of each step and per paid order (counts, not times: the
// same on any machine; BENCH_CUSTOMERS=1 leaves no contention to change them). Its CPU figures include the tracer.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from './build-state.mjs';
import { Shopper } from './checkout-shopper.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 32);
const PORT = Number(process.env.BENCH_CHECKOUT_PORT ?? 3921);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_PG_DB: another name lets two runs share one PostgreSQL server (each drops and creates its own database).
const BENCH_DB = process.env.BENCH_PG_DB ?? 'ventanilla_bench_checkout';
const ONLY = process.env.BENCH_ONLY;
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const TRACER = path.join(ROOT, 'scripts/trace-statements.mjs');
// cpuMsPerOrder: app and database together; two cores (2,000 ms of CPU a second) at 100 orders/s leave 20 ms per
// order, of which the bench's own client and the machine take their share.
const GOALS = { ordersPerS: 100, p99Ms: 250, cpuMsPerOrder: 12 };
const BASE = `http://127.0.0.1:${PORT}`;

const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
const pg = require('pg');

if (process.env.BENCH_SKIP_BUILD !== '1' && buildIsStale()) {
  const t = sourcesTime();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  markBuilt(t);
}

function startServer(env) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ...(STATEMENTS ? ['--import', TRACER] : []),
      process.env.BENCH_SERVER_ENTRY ?? SERVER_ENTRY,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SMTP_INBOUND_PORT: 'off',
        TRUST_PROXY: '1',
        SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
        ...env,
      },
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  // The server's errors (pino level >= 50) are shown: a failure counted below has its cause here.
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (/"level":(5|6)\d/.test(line)) console.error(line.slice(0, 2000));
  });
  return { child, exited };
}

/** Waits for /api/health and returns the database it reports ('postgres'). */
async function waitHealthy(server) {
  let gone = false;
  void server.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error('the server exited while starting');
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return (await res.json()).db;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopServer(server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime (ms) and parent pid of every process, from /proc/<pid>/stat. */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      table.set(Number(entry), {
        comm,
        ppid: Number(fields[1]),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS,
      });
    } catch {
      // ended meanwhile
    }
  }
  return table;
}

/**
 * CPU time (ms) used so far by: the app (the server process), its descendants (the embedded PostgreSQL), the other
 * `postgres` processes on this machine (an external server) and this bench process (the customers' client).
 */
function cpuSnapshot(serverPid) {
  const table = processTable();
  const tree = new Set([serverPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, p] of table) {
      if (tree.has(pid) || !tree.has(p.ppid)) continue;
      tree.add(pid);
      grew = true;
    }
  }
  let children = 0;
  let otherPostgres = 0;
  for (const [pid, p] of table) {
    if (pid !== serverPid && tree.has(pid)) children += p.cpuMs;
    else if (!tree.has(pid) && p.comm === 'postgres') otherPostgres += p.cpuMs;
  }
  const usage = process.cpuUsage();
  return {
    app: table.get(serverPid)?.cpuMs ?? 0,
    embeddedDb: children,
    externalDb: otherPostgres,
    client: (usage.user + usage.system) / 1000,
    at: performance.now(),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function runLoad(serverPid) {
  const shoppers = Array.from({ length: CUSTOMERS }, (_, i) => new Shopper(BASE, i));
  const runId = randomBytes(3).toString('hex');
  for (let i = 0; i < shoppers.length; i += 8) {
    await Promise.all(shoppers.slice(i, i + 8).map((s, j) => s.signUp(`bench-${runId}-${i + j}@example.com`)));
  }
  const latencies = [];
  const orderTimes = [];
  const paidOrders = [];
  const errors = new Map();
  const steps = new Map();
  const recorder = (step) => (ms) => {
    latencies.push(ms);
    if (!steps.has(step)) steps.set(step, []);
    steps.get(step).push(ms);
  };
  const fail = (what) => errors.set(what, (errors.get(what) ?? 0) + 1);
  if (STATEMENTS) await fetch(`${BASE}/__bench/statements?reset=1`);
  const cpuBefore = cpuSnapshot(serverPid);
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  let seq = 0;

  async function oneOrder(s) {
    const t0 = performance.now();
    const paid = await s.payOneOrder({ record: recorder });
    if (paid.failed) return fail(paid.failed);
    const { orderId } = paid;
    // As the success page does: the server holds the request until the notification is applied (long poll).
    for (;;) {
      const state = await s.request('GET', `/api/orders/${orderId}/payment?wait=10`, {
        record: recorder('payment state'),
      });
      if (state.status === 200 && state.json().paid) break;
      if (performance.now() > deadline + 10_000) return fail('not paid in time');
    }
    if (performance.now() <= deadline) {
      paidOrders.push(orderId);
      orderTimes.push(performance.now() - t0);
    }
  }

  await Promise.all(
    shoppers.map(async (s) => {
      while (performance.now() < deadline) {
        seq += 1;
        try {
          await oneOrder(s);
        } catch (err) {
          fail(`error ${err?.cause?.code ?? err?.message ?? err}`);
        }
      }
    }),
  );
  const cpuAfter = cpuSnapshot(serverPid);
  const cpu = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, cpuAfter[k] - cpuBefore[k]]));
  const statements = STATEMENTS ? await (await fetch(`${BASE}/__bench/statements`)).json() : undefined;
  latencies.sort((a, b) => a - b);
  orderTimes.sort((a, b) => a - b);
  for (const list of steps.values()) list.sort((a, b) => a - b);
  return { paidOrders, latencies, orderTimes, errors, attempts: seq, steps, cpu, statements };
}

/** Orders among `ids` that are paid and have exactly one invoice, read from the database itself. */
async function countInvoiced(query, ids) {
  if (ids.length === 0) return 0;
  const { rows } = await query(
    `select count(*)::int as n from orders o
      where o.order_id = any($1::bigint[]) and o.paid_at is not null
        and (select count(*) from invoices i where i.order_id = o.order_id and i.kind = 'invoice') = 1`,
    [ids],
  );
  return rows[0].n;
}

async function benchEmbedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-bench-checkout-'));
  try {
    const server = startServer({ DATA_DIR: dataDir });
    let load;
    let engine;
    try {
      engine = await waitHealthy(server);
      load = await runLoad(server.child.pid);
    } finally {
      await stopServer(server);
    }
    // The embedded PostgreSQL opens the directory again, to count what was invoiced.
    const { openDatabase } = await import(path.join(ROOT, 'apps/server/dist/db/connection.js'));
    const db = await openDatabase({ dataDir });
    try {
      const invoiced = await countInvoiced((sql, params) => db.pool.query(sql, params), load.paidOrders);
      return { ...load, engine, invoiced };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${BENCH_DB}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-bench-checkout-pg-'));
  try {
    const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    let load;
    try {
      await waitHealthy(server);
      load = await runLoad(server.child.pid);
    } finally {
      await stopServer(server);
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return { ...load, invoiced: await countInvoiced((sql, params) => client.query(sql, params), load.paidOrders) };
    } finally {
      await client.end();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Statements and round trips per request of each kind and per paid order (BENCH_STATEMENTS=1). */
function reportStatements({ counts, texts }, orders) {
  const per = (n, d) => (d > 0 ? (n / d).toFixed(2) : '-');
  console.log(`  statements / round trips to the database (${orders} paid orders):`);
  let total = [0, 0];
  for (const [label, c] of Object.entries(counts).sort((a, b) => b[1].statements - a[1].statements)) {
    if (c.statements === 0) continue;
    const perRequest =
      label === 'background' ? '' : `, per request ${per(c.statements, c.requests)} / ${per(c.roundTrips, c.requests)}`;
    console.log(
      `    ${label.padEnd(44)} ${String(c.requests).padStart(6)} requests${perRequest}, per paid order ${per(c.statements, orders)} / ${per(c.roundTrips, orders)}`,
    );
    total = [total[0] + c.statements, total[1] + c.roundTrips];
  }
  console.log(`    all, per paid order: ${per(total[0], orders)} statements, ${per(total[1], orders)} round trips`);
  if (process.env.BENCH_STATEMENTS_TEXTS === '1') {
    for (const [text, n] of Object.entries(texts)) console.log(`      ${String(n).padStart(6)}  ${text}`);
  }
}

function report(name, r, goals) {
  const rate = r.invoiced / DURATION_S;
  const p = (q) => percentile(r.latencies, q).toFixed(1);
  const o = (q) => percentile(r.orderTimes, q).toFixed(0);
  const p99 = percentile(r.latencies, 99);
  console.log(`\n${name}: ${CUSTOMERS} customers, ${DURATION_S} s`);
  console.log(
    `  paid orders with an invoice: ${r.invoiced} of ${r.paidOrders.length} seen paid = ${rate.toFixed(1)}/s` +
      (goals ? ` (goal >= ${GOALS.ordersPerS}/s: ${rate >= GOALS.ordersPerS ? 'met' : 'NOT MET'})` : ''),
  );
  console.log(
    `  request latency (${r.latencies.length} requests): p50 ${p(50)} ms, p95 ${p(95)} ms, p99 ${p(99)} ms` +
      (goals ? ` (goal p99 <= ${GOALS.p99Ms} ms: ${p99 <= GOALS.p99Ms ? 'met' : 'NOT MET'})` : '') +
      `, max ${p(100)} ms`,
  );
  for (const [step, list] of r.steps) {
    console.log(
      `    ${step.padEnd(14)} ${String(list.length).padStart(6)} requests, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`,
    );
  }
  console.log(`  order from cart to paid: p50 ${o(50)} ms, p99 ${o(99)} ms`);
  // Where the machine's CPU went while the customers ran, per paid order (2 cores = 2,000 ms of CPU per second).
  const perOrder = (ms) => (r.paidOrders.length > 0 ? (ms / r.paidOrders.length).toFixed(1) : '-');
  const db = r.cpu.embeddedDb + r.cpu.externalDb;
  const seconds = r.cpu.at / 1000;
  console.log(
    `  CPU per paid order: app ${perOrder(r.cpu.app)} ms, database ${perOrder(db)} ms, bench client ${perOrder(r.cpu.client)} ms` +
      ` (busy: app ${(r.cpu.app / 10 / seconds).toFixed(0)}%, database ${(db / 10 / seconds).toFixed(0)}%, client ${(r.cpu.client / 10 / seconds).toFixed(0)}% of a core)`,
  );
  if (r.paidOrders.length > 0) {
    const appDb = (r.cpu.app + db) / r.paidOrders.length;
    console.log(
      `  CPU per paid order, app + database: ${perOrder(r.cpu.app)} + ${perOrder(db)} = ${appDb.toFixed(1)} ms` +
        (goals ? ` (goal <= ${GOALS.cpuMsPerOrder} ms: ${appDb <= GOALS.cpuMsPerOrder ? 'met' : 'NOT MET'})` : ''),
    );
  }
  if (r.statements) reportStatements(r.statements, r.paidOrders.length);
  if (r.errors.size > 0) console.log(`  failures: ${JSON.stringify(Object.fromEntries(r.errors))}`);
}

const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const results = {};
if (ONLY !== 'postgres') results.embedded = await benchEmbedded();
if (ONLY !== 'embedded') {
  try {
    results.postgres = await benchPostgres();
  } catch (err) {
    console.log(`\nPostgreSQL run skipped: ${err.message}`);
  }
}
console.log(
  `\nCheckout benchmark (machine load average before: ${loadBefore}; after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
);
if (results.embedded) {
  report(
    `Embedded database (${results.embedded.engine === 'postgres' ? 'PostgreSQL 18' : results.embedded.engine})`,
    results.embedded,
    true,
  );
}
if (results.postgres) report(`PostgreSQL (${BENCH_DB})`, results.postgres, false);
