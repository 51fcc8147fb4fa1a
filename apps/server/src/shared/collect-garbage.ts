import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Runs a full garbage collection of the calling thread. Only after one-time bulk work at start (loading the embedded
 * database's template, seeding the demo data): V8 collects when a thread allocates, and a server that goes idle right
 * after such work kept its garbage resident, 100-200 MB of it (docs/performance.md, "Memory and start").
 * `--expose-gc` set at run time makes `gc` available in contexts created afterwards, so no flag on the command line.
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
