// npm run bench: the catalogue's hottest read, GET /api/stores/1/products/nota-simple, against a bare node:http
// server that returns the same bytes, in the same run on the same machine. Goal: at least 0.7 of the bare server.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, sourcesTime } from './build-state.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_PORT = 3901;
const BARE_PORT = 3902;
const PATH = '/api/stores/1/products/nota-simple';

if (buildIsStale()) {
  const t = sourcesTime();
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  markBuilt(t);
}

async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-bench-'));
const startApp = () =>
  spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      PAY_LINK_SECRET: randomBytes(32).toString('hex'),
      // Production refuses the sandbox provider: placeholder real providers (the benchmark never pays).
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_TERMINAL: '1',
      REDSYS_SECRET_KEY: randomBytes(24).toString('base64'),
      PAYMENT_ROUTING: JSON.stringify([
        ...['cc', 'bizum'].map((method) => ({ method, provider: 'redsys' })),
        ...['paypal', 'multibanco', 'sibsmb', 'sibsmbway'].map((method) => ({ method, provider: 'stripe' })),
      ]),
    },
  });
// First start creates and seeds the database; the second measures a start on an existing database.
let app = startApp();
await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`);
app.kill('SIGTERM');
await new Promise((r) => app.once('exit', r));
const restart = Date.now();
app = startApp();
let bare;
try {
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`);
  const startupMs = Date.now() - restart;
  const sample = await fetch(`http://127.0.0.1:${APP_PORT}${PATH}`);
  const body = Buffer.from(await sample.arrayBuffer());
  // The same response bytes: body and headers (content type, ETag, caching, security headers), minus the ones
  // node:http writes itself. The client then parses identical responses and only the servers differ.
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headers = Object.fromEntries([...sample.headers].filter(([k]) => !skip.has(k)));
  const bareFile = path.join(dataDir, 'bare.mjs');
  writeFileSync(
    bareFile,
    `import http from 'node:http';
const body = Buffer.from(${JSON.stringify(body.toString('base64'))}, 'base64');
const headers = { ...${JSON.stringify(headers)}, 'content-length': body.length };
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(${BARE_PORT}, '127.0.0.1');`,
  );
  bare = spawn(process.execPath, [bareFile], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);

  // Warm both up, then measure one after the other with the same load.
  await new Promise((r) => autocannon({ url: `http://127.0.0.1:${APP_PORT}${PATH}`, connections: 10, duration: 2 }, r));
  await new Promise((r) => autocannon({ url: `http://127.0.0.1:${BARE_PORT}/`, connections: 10, duration: 2 }, r));
  const appRes = await run(`http://127.0.0.1:${APP_PORT}${PATH}`);
  const bareRes = await run(`http://127.0.0.1:${BARE_PORT}/`);

  const row = (name, r) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  const ratio = appRes.requests.average / bareRes.requests.average;
  console.log(
    `\nGET ${PATH} (${body.length} bytes, ${Object.keys(headers).length} headers), ${CONNECTIONS} connections, ${DURATION} s each`,
  );
  console.log(row('Ventanilla (Fastify, embedded db)', appRes));
  console.log(row('bare node:http, same bytes', bareRes));
  console.log(`ratio ${ratio.toFixed(2)} (goal >= 0.70) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}`);
  console.log(`start on an existing embedded database, process start to healthy: ${startupMs} ms (goal < 3000)\n`);
  process.exitCode = appRes.errors + appRes.non2xx > 0 ? 1 : 0;
} finally {
  app.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
