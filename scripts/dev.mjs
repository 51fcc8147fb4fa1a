// npm run dev: the API with reload on change (tsx watch) and the Vite dev server with hot module replacement.
import { spawn } from 'node:child_process';
import { ROOT } from './build-state.mjs';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@ventanilla/server'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  // The Vite dev server proxies /api and /sandbox-pay to the API.
  spawn('npm', ['run', 'dev', '-w', '@ventanilla/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_API_TARGET: `http://127.0.0.1:${port}` },
  }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
