// Worker thread: runs PGlite behind a PostgreSQL wire-protocol socket so that queries never block the HTTP event loop.
// Started by embedded-server.ts; keep it small, the lifecycle logic lives there.
import { chmodSync, readFileSync, rmSync, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { collectGarbage } from '../../shared/collect-garbage.js';
import { copyTemplateDirectory, IN_MEMORY, isNewDataDir, openDurablePGlite } from './durable-pglite.js';
import type { FromWorkerMessage, ListenAddress, PgliteWorkerData, ToWorkerMessage } from './worker-protocol.js';

// The main thread's pool holds one connection (pglite-socket interleaves the extended-protocol messages of concurrent
// connections: electric-sql/pglite#1046); the slack lets a reconnect through before the old socket is cleaned up.
const MAX_CONNECTIONS = 4;

if (!parentPort) throw new Error('pglite-worker must run in a worker thread');
const port = parentPort;
const { pgliteDir, listen, templatePath } = workerData as PgliteWorkerData;
const send = (message: FromWorkerMessage): void => port.postMessage(message);

// The template is read only for a new database.
// The build's template is a cluster directory, copied; tests pass a tarball (PGlite.dumpDataDir), loaded by PGlite.
const fromTemplate = templatePath !== undefined && isNewDataDir(pgliteDir);
const templateDirectory = fromTemplate && statSync(templatePath).isDirectory();
// A directory template cannot be copied into an in-memory database: that one starts empty (initdb) instead.
if (templateDirectory && pgliteDir !== IN_MEMORY) copyTemplateDirectory(templatePath, pgliteDir);
const db = await openDurablePGlite(
  pgliteDir,
  fromTemplate && !templateDirectory ? () => new Blob([readFileSync(templatePath)]) : undefined,
);
// A tarball and its unpacked copy (~100 MB) are garbage now; this thread goes idle and would keep them.
if (fromTemplate && !templateDirectory) collectGarbage();

// SQL errors come back as protocol messages; a throw means PGlite itself broke, and pglite-socket's queue would then
// stall for good (electric-sql/pglite#1046). Exit so that the main thread starts a fresh worker.
let closing = false;
const execProtocolRawStream = db.execProtocolRawStream.bind(db);
db.execProtocolRawStream = async (message, options) => {
  try {
    return await execProtocolRawStream(message, options);
  } catch (err) {
    if (closing) throw err;
    send({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
    process.exit(1); // in a worker this ends the thread only
  }
};

// A socket file left by a killed process would make listen() fail; the data directory lock says it is not in use.
if ('path' in listen) rmSync(listen.path, { force: true });
const server = new PGLiteSocketServer({ db, ...listen, maxConnections: MAX_CONNECTIONS });
await server.start();
let address: ListenAddress = listen;
if ('path' in listen) {
  chmodSync(listen.path, 0o600); // no authentication behind it: only this user may connect
} else {
  address = { host: listen.host, port: Number(server.getServerConn().split(':').pop()) };
}

port.on('message', (message: ToWorkerMessage) => {
  if (message.type === 'close') {
    close().catch((err: unknown) => {
      // The main thread hears it as any fatal error of the worker, and stops waiting for 'closed'.
      send({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
      process.exit(1); // in a worker this ends the thread only
    });
  }
});
send({ type: 'ready', address });

async function close(): Promise<void> {
  closing = true;
  await server.stop();
  await db.exec('CHECKPOINT');
  await db.close();
  send({ type: 'closed' });
  port.close();
}
