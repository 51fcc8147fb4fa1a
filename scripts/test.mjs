// npm test: unit and API tests (Vitest), then the browser suite (@playwright/test in Debian's Chromium).
// Every suite that touches a database runs on an embedded PostgreSQL 18 (the Vitest run starts one for all its files,
// the browser suite's servers run their own), or, with TEST_DATABASE_URL set, on that PostgreSQL server. Works on a fresh clone with nothing built: test code imports the workspace packages from source
// (the `@ventanilla/source` condition, docs/decisions/0009-fresh-clone-and-browser-runner.md); the browser suite
// builds the product it drives first, as `npm start` does.
//
// `--database-suites` (CI's second run, on PostgreSQL) runs what depends on the database server: every server test
// (all of the product's SQL), and of the browser suite the journeys that cross the most of it on a server of their
// own (DATABASE_URL at boot, the purchase and payment, the queue and its locks, invoice series, mail into tickets).
// The domain and web unit tests never open a database, and the other browser files drive the same server code as the
// server tests: a second run of them proves nothing new (docs/decisions/0029-ci-within-its-time.md).
import { spawnSync } from 'node:child_process';
import { ROOT } from './build-state.mjs';

const databaseSuitesOnly = process.argv.includes('--database-suites');

const run = (cmd, args) => {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL';
// web-dom: the screens' component tests (jsdom, Testing Library, MSW).
const projects = databaseSuitesOnly
  ? ['server', 'server-mocks']
  : ['domain', 'web', 'web-dom', 'server', 'server-mocks'];
console.log(`\n== Unit and API tests: ${projects.join(', ')} (${database}) ==`);
run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])]);
const DATABASE_JOURNEYS = [
  'journey.test.ts',
  'backoffice-queue.test.ts',
  'backoffice-collision.test.ts',
  'invoicing.test.ts',
  'tickets.test.ts',
];
const browserFiles = databaseSuitesOnly ? DATABASE_JOURNEYS : [];
console.log(`\n== Browser suite${databaseSuitesOnly ? ': the database journeys' : ''} (${database}) ==`);
run('npm', ['run', 'test', '-w', '@ventanilla/e2e', ...(browserFiles.length ? ['--', ...browserFiles] : [])]);
