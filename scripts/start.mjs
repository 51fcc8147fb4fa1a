// npm start: builds when the build is missing or stale, then serves the whole product on PORT (default 3000) and
// keeps it up: a server process that dies (a crash, an out-of-memory kill, kill -9) is started again with backoff,
// and SIGTERM/SIGINT stop it cleanly (scripts/supervisor.mjs; docs/operations.md, "Keeping it up").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from './build-state.mjs';
import { supervise } from './supervisor.mjs';

if (buildIsStale()) {
  const started = sourcesTime();
  console.log('Building Ventanilla (first start or changed sources)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  markBuilt(started);
}

supervise([path.join(ROOT, SERVER_ENTRY)], { cwd: ROOT });
