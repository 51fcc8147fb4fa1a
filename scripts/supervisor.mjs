// Keeps a Node process running (npm start's server): started again when it ends without being asked to, after a
// pause that doubles with each quick death (with jitter, capped) and starts small again once a run lasted
// `healthyAfterMs`. SIGTERM and SIGINT are passed to it, and this process then ends with it.
import { spawn } from 'node:child_process';

/** The pause before start number `failures + 1`: exponential, capped, with +-25% jitter. */
export function restartDelay(failures, firstMs, maxMs) {
  const base = Math.min(maxMs, firstMs * 2 ** failures);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

function jsonLog(level, msg, extra = {}) {
  const line = JSON.stringify({ level, msg, supervisor: true, ...extra });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/**
 * Runs `node <args>` under supervision until SIGTERM or SIGINT; then exits with the child's exit code (0 when it
 * ended on the signal it was passed). Options: firstDelayMs (200), maxDelayMs (30 s), healthyAfterMs (10 s: a run
 * that long got past its start and served), cwd, log(level, msg, extra).
 */
export function supervise(args, options = {}) {
  const { firstDelayMs = 200, maxDelayMs = 30_000, healthyAfterMs = 10_000, cwd, log = jsonLog } = options;
  let child;
  let stopSignal;
  let restartTimer;
  let failures = 0;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
    child.on('error', (err) => log('error', 'Could not start the server process.', { err: String(err) }));
    child.on('exit', (code, signal) => {
      child = undefined;
      if (stopSignal) process.exit(code ?? (signal === stopSignal ? 0 : 1));
      const uptimeMs = Date.now() - startedAt;
      if (uptimeMs >= healthyAfterMs) failures = 0;
      const restartInMs = restartDelay(failures, firstDelayMs, maxDelayMs);
      failures += 1;
      log('error', 'The server process ended unexpectedly; starting it again.', {
        exitCode: code,
        signal,
        uptimeMs,
        restartInMs,
      });
      restartTimer = setTimeout(start, restartInMs);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopSignal = signal;
      clearTimeout(restartTimer);
      if (child) child.kill(signal);
      else process.exit(0); // between two starts: nothing to stop
    });
  }
  start();
}
