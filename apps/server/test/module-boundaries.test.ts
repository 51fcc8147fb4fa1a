import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration, run through ESLint's Node API on planted files: importing another server
// module's internals and a cycle between modules are errors (docs/architecture.md, "Server modules").
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  // The planted files exist only in memory: no type information for them (the boundary rules need none).
  overrideConfig: {
    files: ['apps/server/**/*.ts'],
    languageOptions: { parserOptions: { project: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

/** The errors of the module rules for `code` linted as if it were the file `file` (relative to the repository). */
async function moduleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'server-modules/no-cycle' || m.fatal)
    .map((m) => `${m.line}: ${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('server module boundaries (lint)', () => {
  it("refuses a module importing another module's internals, and accepts its index.ts", async () => {
    const errors = await moduleErrors(
      'apps/server/src/modules/seo/planted.ts',
      [
        "import { TicketsService } from '../tickets/tickets.service.js';",
        "import { ticketsRoutes } from '../tickets/index.js';",
        "import { seoPlugin } from './seo.routes.js';",
        'export const planted = [TicketsService, ticketsRoutes, seoPlugin];',
      ].join('\n'),
    );
    expect(errors).toEqual([expect.stringMatching(/^1: boundaries\/dependencies: Import another module only through/)]);
  });

  it("refuses the app importing a module's internals", async () => {
    const errors = await moduleErrors(
      'apps/server/src/planted.ts',
      "import { CartService } from './modules/cart/cart.service.js';\nexport const planted = CartService;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^1: boundaries\/dependencies:/)]);
  });

  it('refuses a cycle between modules, even through their index.ts', async () => {
    // Checkout imports the order records (it writes the order): the records importing checkout closes a cycle.
    const errors = await moduleErrors(
      'apps/server/src/modules/order-records/planted.ts',
      "import type { CheckoutService } from '../checkout/index.js';\nexport type Planted = CheckoutService;\n",
    );
    expect(errors).toEqual([
      '1: server-modules/no-cycle: Module cycle: order-records -> checkout -> order-records. Move what both need to the lower module or to shared/.',
    ]);
  });

  it('finds a longer cycle and names its path', async () => {
    // uploads -> files exists; files importing cart (cart -> uploads) closes files -> cart -> uploads -> files.
    const errors = await moduleErrors(
      'apps/server/src/modules/files/planted.ts',
      "import { CartService } from '../cart/index.js';\nexport const planted = CartService;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/^1: server-modules\/no-cycle: Module cycle: files -> cart -> .*files\./),
    ]);
  });

  it('passes the modules as they are (a real file of each kind)', async () => {
    for (const file of ['apps/server/src/app.ts', 'apps/server/src/modules/checkout/checkout.service.ts']) {
      const { readFile } = await import('node:fs/promises');
      expect(await moduleErrors(file, await readFile(path.join(root, file), 'utf8'))).toEqual([]);
    }
  });

  it('refuses the FastifyRequest in a service, however named, and leaves it to routes', async () => {
    const code = [
      "import type { FastifyRequest } from 'fastify';",
      "import type * as F from 'fastify';",
      'export const a = (request: FastifyRequest) => request.url;',
      'export const b = (request: F.FastifyRequest) => request.url;',
    ].join('\n');
    const requestErrors = async (file: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return (result?.messages ?? [])
        .filter((m) => m.ruleId === 'no-restricted-syntax' || m.fatal)
        .map((m) => `${m.line}: ${m.message}`);
    };
    expect(await requestErrors('apps/server/src/modules/cart/planted.service.ts')).toEqual([
      expect.stringMatching(/^1: A service takes plain values, not the FastifyRequest/),
      expect.stringMatching(/^3: A service takes plain values/),
      expect.stringMatching(/^4: A service takes plain values/),
    ]);
    expect(await requestErrors('apps/server/src/modules/cart/planted.routes.ts')).toEqual([]);
  });
});
