// Preloaded into the built server by `BENCH_STATEMENTS=1 npm run bench:checkout` (`node --import`): counts the
// statements the server sends to the database and the round trips among them, each attributed to the HTTP request
// whose asynchronous context sent it (its method and path, numbers and references replaced by `:id`), or to
// `background` (pg-boss, the e-mail outbox, timers). A round trip is a statement sent while nothing else is in flight
// on its connection: a statement pipelined behind another (node-postgres's `pipeline` option) shares that one's wait.
// `GET /__bench/statements` answers the counts so far (requests, statements and round trips per label, and the
// statements' texts with their counts); `?reset=1` then starts them afresh. Nothing of this is in the product: only
// the bench loads it.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
const pg = require('pg');

const context = new AsyncLocalStorage();
let counts = new Map();
let texts = new Map();

const entry = (label) => {
  let e = counts.get(label);
  if (!e) counts.set(label, (e = { requests: 0, statements: 0, roundTrips: 0 }));
  return e;
};

/** `POST /sandbox-pay/checkout/AbC123?lang=es` -> `POST /sandbox-pay/checkout/:id`. */
function labelOf(req) {
  const pathname = (req.url ?? '').split('?')[0];
  const parts = pathname.split('/').map((p) => (/\d/.test(p) && p.length > 0 ? ':id' : p));
  return `${req.method} ${parts.join('/')}`;
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res, ...rest) {
  if (event !== 'request') return emit.call(this, event, req, res, ...rest);
  if ((req.url ?? '').startsWith('/__bench/statements')) {
    const body = JSON.stringify({
      counts: Object.fromEntries(counts),
      texts: Object.fromEntries([...texts].sort((a, b) => b[1] - a[1])),
    });
    if (req.url.includes('reset=1')) [counts, texts] = [new Map(), new Map()];
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return true;
  }
  const label = labelOf(req);
  entry(label).requests += 1;
  return context.run({ label }, () => emit.call(this, event, req, res, ...rest));
};

const inFlight = new WeakMap();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const label = context.getStore()?.label ?? 'background';
  const e = entry(label);
  const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
  const key = `${label} | ${text.replace(/\s+/g, ' ').slice(0, 160)}`;
  texts.set(key, (texts.get(key) ?? 0) + 1);
  e.statements += 1;
  const pending = inFlight.get(this) ?? 0;
  if (pending === 0) e.roundTrips += 1;
  inFlight.set(this, pending + 1);
  const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
  const cbIndex = typeof values === 'function' ? 1 : typeof callback === 'function' ? 2 : -1;
  if (cbIndex >= 0 || typeof config?.callback === 'function' || typeof config?.submit === 'function') {
    // Callback form (pg-pool's `pool.query`) or a submittable: count its end when it answers.
    if (cbIndex === 1) {
      const cb = values;
      return query.call(this, config, (...a) => (done(), cb(...a)));
    }
    if (cbIndex === 2) {
      const cb = callback;
      return query.call(this, config, values, (...a) => (done(), cb(...a)));
    }
    const result = query.call(this, config, values, callback);
    if (typeof result?.once === 'function') {
      result.once('end', done);
      result.once('error', done);
    } else done();
    return result;
  }
  const result = query.call(this, config, values, callback);
  if (typeof result?.then === 'function') result.then(done, done);
  else done();
  return result;
};

// pg-pool calls a waiting `connect(callback)` from the context of whoever released a client: keep the caller's.
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (cb) {
  return connect.call(this, typeof cb === 'function' ? AsyncResource.bind(cb) : cb);
};
