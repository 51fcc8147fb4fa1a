import { loggableError } from './loggable-error.js';

export interface LastResortLog {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/** Until the app's logger exists: JSON lines on stderr, the error masked as the app's logger masks it. */
export const bootLog: LastResortLog = {
  error: (obj, msg) => writeLine('error', obj, msg),
  fatal: (obj, msg) => writeLine('fatal', obj, msg),
};

function writeLine(level: string, obj: object, msg: string): void {
  const { err, ...rest } = obj as { err?: unknown };
  console.error(JSON.stringify({ level, msg, ...rest, ...(err === undefined ? {} : { err: loggableError(err) }) }));
}

/**
 * The process's last resort, for what no code caught, logged through `log()` (the app's masked logger once built):
 * - an unhandled rejection is logged and the server keeps running: it is a background task that failed (its state is
 *   in the database, and the loops retry it), and exiting would cut every customer's request in flight and, with the
 *   embedded database, restart it;
 * - an uncaught exception is logged and the process exits 1: a synchronous throw escaped half-way through changing
 *   memory, so nothing in it can be trusted any more (the supervisor starts a fresh one).
 */
export function installLastResort(log: () => LastResortLog, exit: (code: number) => void = process.exit): void {
  process.on('unhandledRejection', (reason) => {
    log().error({ err: reason }, 'unhandled promise rejection (the server keeps running)');
  });
  process.on('uncaughtException', (err, origin) => {
    log().fatal({ err, origin }, 'uncaught exception: exiting');
    exit(1);
  });
}
