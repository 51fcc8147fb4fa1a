// The last-resort handlers of the server process (src/shared/last-resort.ts, installed by src/server.ts): what no
// code caught is logged through the masked logger, never with the payment token, card digits or password it carries.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./support/last-resort-child.ts', import.meta.url));
const SECRETS = {
  SECRET_TOKEN: 'pm_9f8e7d6c5b4a39281706f5e4',
  SECRET_LAST4: '7319',
  SECRET_PASSWORD: 'Corre-Caballo-77',
};

async function run(logger: 'app' | 'boot'): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CHILD, logger], {
    env: { ...process.env, ...SECRETS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe.each(['app', 'boot'] as const)('last resort (%s logger)', (logger) => {
  it('logs an unhandled rejection masked and keeps running; logs an uncaught exception masked and exits 1', async () => {
    const { code, output } = await run(logger);

    expect(output).toContain('unhandled promise rejection (the server keeps running)');
    expect(output).toContain('still running');
    expect(output).toContain('uncaught exception: exiting');
    expect(code).toBe(1);
    // What was wrong stays readable...
    expect(output).toContain('charge failed for pm_…');
    // ...without what must never be logged.
    expect(output).not.toContain(SECRETS.SECRET_TOKEN);
    expect(output).not.toMatch(new RegExp(`\\b${SECRETS.SECRET_LAST4}\\b`));
    expect(output).not.toContain(SECRETS.SECRET_PASSWORD);
    expect(output).not.toMatch(/4111/);
  });
});
