// Three app instances on one PostgreSQL (apps/server/test/scale/three-instances.test.ts): sessions, locks, the queue,
// e-mails and files across them. Needs a PostgreSQL server; TEST_DATABASE_URL names the database to connect to for
// creating (and dropping) the scratch database, by default the local one.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/test/scale/three-instances.test.ts'],
  { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } },
);
process.exit(result.status ?? 1);
