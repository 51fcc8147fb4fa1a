// npm run bench: the catalogue's hottest read, GET /api/stores/1/products/nota-simple, against a bare node:http
// server that returns the same bytes, in the same run on the same machine. Goal: at least 0.7 of the bare server.
// Beside it, the server-rendered product page (GET /tienda/nota-simple, HTML from the page cache) the same way.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from './build-state.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_PORT = 3901;
const BARE_PORT = 3902;
const PATH = '/api/stores/1/products/nota-simple';
const PAGE = '/tienda/nota-simple';

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
  spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Asked at 127.0.0.1: no redirect to the stores' canonical hosts.
      CANONICAL_HOST: 'off',
      SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      PAY_LINK_SECRET: randomBytes(32).toString('hex'),
      // Production requires a VAPID pair (web push); a fixed test-only one, never used to send.
      VAPID_PUBLIC_KEY: 'BKT-swmapHzG6ZmVS7GGEt2mfxLwfszQD0LNw8liU-xjlUQJnMmYCFulUTIC0oNnV8XOmBX3OJ8lNlwqJ-tf50w',
      VAPID_PRIVATE_KEY: 'bJaHU3SLg7JudKL1RG9lvKaFuUNu4PKjiB4m6-hc688',
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
  // The same response bytes: body and headers (content type, ETag, caching, security headers), minus the ones
  // node:http writes itself. The client then parses identical responses and only the servers differ.
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const sampleOf = async (url) => {
    const res = await fetch(`http://127.0.0.1:${APP_PORT}${url}`);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      body: bytes.toString('base64'),
      length: bytes.length,
      headers: Object.fromEntries([...res.headers].filter(([k]) => !skip.has(k))),
    };
  };
  const samples = { [PATH]: await sampleOf(PATH), [PAGE]: await sampleOf(PAGE) };
  const { length: bodyLength, headers } = samples[PATH];
  const bareFile = path.join(dataDir, 'bare.mjs');
  writeFileSync(
    bareFile,
    `import http from 'node:http';
const answers = new Map(Object.entries(${JSON.stringify(samples)}).map(([url, s]) => {
  const body = Buffer.from(s.body, 'base64');
  return [url, { body, headers: { ...s.headers, 'content-length': body.length } }];
}));
http.createServer((req, res) => {
  const answer = answers.get(req.url) ?? answers.get(${JSON.stringify(PATH)});
  res.writeHead(200, answer.headers);
  res.end(answer.body);
}).listen(${BARE_PORT}, '127.0.0.1');`,
  );
  bare = spawn(process.execPath, [bareFile], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${BARE_PORT}${PATH}`);

  // Warm both up, then measure one after the other with the same load.
  await new Promise((r) => autocannon({ url: `http://127.0.0.1:${APP_PORT}${PATH}`, connections: 10, duration: 2 }, r));
  await new Promise((r) =>
    autocannon({ url: `http://127.0.0.1:${BARE_PORT}${PATH}`, connections: 10, duration: 2 }, r),
  );
  const appRes = await run(`http://127.0.0.1:${APP_PORT}${PATH}`);
  const bareRes = await run(`http://127.0.0.1:${BARE_PORT}${PATH}`);
  await new Promise((r) => autocannon({ url: `http://127.0.0.1:${APP_PORT}${PAGE}`, connections: 10, duration: 2 }, r));
  const pageRes = await run(`http://127.0.0.1:${APP_PORT}${PAGE}`);
  const barePageRes = await run(`http://127.0.0.1:${BARE_PORT}${PAGE}`);

  const row = (name, r) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  const ratio = appRes.requests.average / bareRes.requests.average;
  console.log(
    `\nGET ${PATH} (${bodyLength} bytes, ${Object.keys(headers).length} headers), ${CONNECTIONS} connections, ${DURATION} s each`,
  );
  console.log(row('Ventanilla (Fastify, embedded db)', appRes));
  console.log(row('bare node:http, same bytes', bareRes));
  console.log(`ratio ${ratio.toFixed(2)} (goal >= 0.70) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}`);
  const pageRatio = pageRes.requests.average / barePageRes.requests.average;
  console.log(`\nGET ${PAGE} (server-rendered product page, ${samples[PAGE].length} bytes of HTML)`);
  console.log(row('Ventanilla (Fastify, page cache)', pageRes));
  console.log(row('bare node:http, same bytes', barePageRes));
  console.log(`ratio ${pageRatio.toFixed(2)} (goal >= 0.70) ${pageRatio >= 0.7 ? 'MET' : 'NOT MET'}`);
  console.log(
    `start on an existing embedded database, process start to healthy: ${startupMs} ms (goal <= 2000; ${startupMs <= 2000 ? 'met' : 'NOT MET'})\n`,
  );
  process.exitCode = appRes.errors + appRes.non2xx + pageRes.errors + pageRes.non2xx > 0 ? 1 : 0;
} finally {
  app.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
