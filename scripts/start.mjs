// npm start: builds when the build is missing or stale, then serves the whole product on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale, markBuilt, ROOT, SERVER_ENTRY, sourcesTime } from './build-state.mjs';

if (buildIsStale()) {
  const started = sourcesTime();
  console.log('Building Ventanilla (first start or changed sources)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  markBuilt(started);
}

const server = spawn(process.execPath, [path.join(ROOT, SERVER_ENTRY)], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
