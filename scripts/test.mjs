// npm test: unit and API tests (Vitest), then the browser journey (Playwright in Debian's Chromium).
// With TEST_DATABASE_URL set, every suite runs against that PostgreSQL server instead of embedded PGlite.
import { spawnSync } from 'node:child_process';
import { ROOT } from './build-state.mjs';

const run = (cmd, args) => {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

console.log(`\n== Unit and API tests (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}) ==`);
run('npx', ['vitest', 'run', '--project', 'domain', '--project', 'web', '--project', 'server']);
console.log('\n== Browser journey ==');
run('npm', ['run', 'test', '-w', '@ventanilla/e2e']);
