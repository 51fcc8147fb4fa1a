// Lint: TypeScript rules, import boundaries (as errors) and one file-naming convention for the whole repo.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** Kebab-case file names (`order-status.ts`, `orders.routes.ts`, `order-list.route.tsx`). */
const fileNaming = {
  rules: {
    'kebab-case': {
      meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
      create(context) {
        return {
          Program(node) {
            const base = path.basename(context.filename).replace(/\.(d\.)?[cm]?[jt]sx?$/, '');
            if (!KEBAB.test(base))
              context.report({ node, messageId: 'name', data: { name: path.basename(context.filename) } });
          },
        };
      },
    },
  },
};

/** The server's modules: the folders under apps/server/src/modules (docs/architecture.md, "Server modules"). */
const SERVER_MODULES = path.join(import.meta.dirname, 'apps/server/src/modules');

/** The module (folder under apps/server/src/modules) a file belongs to, or null outside them. */
function serverModuleOf(file) {
  const rel = path.relative(SERVER_MODULES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** The other modules a file's relative imports and re-exports (type-only ones too) reach. */
function modulesImportedBy(file, specifiers) {
  const found = new Set();
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const target = serverModuleOf(path.resolve(path.dirname(file), specifier));
    if (target && target !== serverModuleOf(file)) found.add(target);
  }
  return found;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.[^']+)'/g;
let moduleImportsOnDisk;
/** Every module file's imports of other modules, read once per lint run (tests and the file being linted aside). */
function moduleImports() {
  if (moduleImportsOnDisk) return moduleImportsOnDisk;
  moduleImportsOnDisk = new Map();
  for (const entry of fs.readdirSync(SERVER_MODULES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const specifiers = [...fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((m) => m[1]);
    moduleImportsOnDisk.set(file, modulesImportedBy(file, specifiers));
  }
  return moduleImportsOnDisk;
}

/**
 * No cycle between server modules: a module may import another only if that one does not reach back to it through
 * any chain of imports (import-x/no-cycle sees files; two modules can import each other through different files).
 */
const serverModules = {
  rules: {
    'no-cycle': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { cycle: 'Module cycle: {{path}}. Move what both need to the lower module or to shared/.' },
      },
      create(context) {
        const file = path.resolve(context.filename);
        const own = serverModuleOf(file);
        if (!own) return {};
        const sources = [];
        const collect = (node) => {
          if (node.source && typeof node.source.value === 'string') sources.push(node.source);
        };
        return {
          ImportDeclaration: collect,
          ExportNamedDeclaration: collect,
          ExportAllDeclaration: collect,
          ImportExpression: collect,
          'Program:exit'() {
            const edges = new Map();
            for (const [other, targets] of moduleImports()) {
              if (other === file) continue;
              const from = serverModuleOf(other);
              for (const target of targets) edges.set(from, (edges.get(from) ?? new Set()).add(target));
            }
            for (const source of sources) {
              const target = [...modulesImportedBy(file, [source.value])][0];
              if (!target) continue;
              // Breadth-first from the imported module back to this one; the path found is the cycle reported.
              const cameFrom = new Map([[target, null]]);
              const queue = [target];
              while (queue.length > 0 && !cameFrom.has(own)) {
                const current = queue.shift();
                for (const next of edges.get(current) ?? []) {
                  if (!cameFrom.has(next)) {
                    cameFrom.set(next, current);
                    queue.push(next);
                  }
                }
              }
              if (!cameFrom.has(own)) continue;
              const chain = [];
              for (let at = own; at !== null; at = cameFrom.get(at)) chain.unshift(at);
              context.report({ node: source, messageId: 'cycle', data: { path: [own, ...chain].join(' -> ') } });
            }
          },
        };
      },
    },
  },
};
/**
 * Money and e-mail are read in one place each: packages/domain/src/money (parseMoney, parseTypedMoney, MONEY_PATTERNS)
 * and packages/domain/src/validators (validateEmail, isAddressShaped). A regular expression elsewhere that reads a
 * decimal amount (`[.,]`, `\.\d{2}`, `\.\d{1,2}`) or has an `@` in it, as a literal, a `RegExp` argument or a schema's
 * `pattern`, is a second parser in the making; the rule names the one to call. (The `@` rule is blunt on purpose: a
 * regular expression that really is about something else says so in an eslint-disable comment.)
 */
const MONEY_SHAPE = String.raw`/\[\.,\]|\[,\.\]|\\\.\(?(\?:)?\\d\{(1,)?2\}/`;
const onePlaceRule = (shape, message) => [
  { selector: `Literal[regex.pattern=${shape}]`, message },
  { selector: `NewExpression[callee.name='RegExp'] > Literal[value=${shape}]`, message },
  { selector: `CallExpression[callee.name='RegExp'] > Literal[value=${shape}]`, message },
  { selector: `Property[key.name='pattern'] > Literal[value=${shape}]`, message },
];
const ONE_PARSER_RULES = [
  ...onePlaceRule(
    MONEY_SHAPE,
    'Read money with parseMoney / parseTypedMoney (or MONEY_PATTERNS in a schema) from @ventanilla/domain.',
  ),
  ...onePlaceRule('/@/', 'Check e-mail addresses with validateEmail / isAddressShaped from @ventanilla/domain.'),
];

/** The web app's features are its folders under apps/web/src/features: a new folder gets its zone without editing this. */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // Build output of the web app's server render and its hidden source maps (apps/web, npm run build).
      '**/dist-ssr/**',
      '**/dist-maps/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'coverage/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, files: fileNaming },
    settings: {
      // Which files import-x parses to follow imports (no-cycle needs the TypeScript sources, not only .js).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/domain/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['@ventanilla/source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      'files/kebab-case': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // No import cycles: a module graph that is a tree loads in one obvious order (and stays splittable).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The domain is pure and shared: it imports no app.
            { target: './packages/domain', from: './apps', message: 'packages/domain must not depend on an app.' },
            { target: './apps/server', from: './apps/web', message: 'The server must not import the web app.' },
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            // Web: app -> features -> shared, and no feature imports another.
            {
              target: './apps/web/src/shared',
              from: './apps/web/src/features',
              message: 'shared must not import features.',
            },
            { target: './apps/web/src/shared', from: './apps/web/src/app', message: 'shared must not import app.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import app.' },
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'A feature must not import another feature: move what both need to shared.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules on the server only (one TypeScript program for src and test; the rest of the repo stays on the
    // fast syntactic rules): a promise nobody awaits or catches is a crash waiting for its rejection.
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    languageOptions: {
      parserOptions: { project: './apps/server/tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Every package the server imports is declared in its own package.json (a transitive one can vanish on any
      // install); tests may use devDependencies, the code that ships may not.
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: ['./apps/server', '.'],
          devDependencies: ['apps/server/test/**', 'apps/server/scripts/**', '**/*.test.ts'],
        },
      ],
    },
  },
  {
    // Server modules as units (docs/architecture.md, "Server modules"): outside a module, only its index.ts may be
    // imported (its internals are free to change), and no two modules depend on each other, however indirectly.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { boundaries, 'server-modules': serverModules },
    settings: {
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'server', pattern: 'apps/server/src' },
      ],
      'boundaries/include': ['apps/server/src/**/*.ts'],
      'import/resolver': { typescript: { project: ['apps/server/tsconfig.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
              message:
                "Import another module only through its index.ts (add what you need to that module's public surface).",
            },
          ],
        },
      ],
      'server-modules/no-cycle': 'error',
    },
  },
  {
    // The back office's areas as units, like the server's modules (docs/architecture.md, "apps/web"): outside an area
    // (apps/web/src/features/backoffice/<area>), only its index.ts may be imported.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'backoffice-area', pattern: 'apps/web/src/features/backoffice/*', capture: ['area'] },
        { type: 'web', pattern: 'apps/web/src' },
      ],
      'boundaries/include': ['apps/web/src/**/*.{ts,tsx}'],
      'import/resolver': { typescript: { project: ['apps/web/tsconfig.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { element: { type: 'backoffice-area', fileInternalPath: '!index.ts' } } },
              message:
                "Import another back-office area only through its index.ts (add what you need to that area's public surface).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm', 'fastify', 'react'],
              message: 'The domain package has no I/O and no framework.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The app's own Link and NavLink (shared/ui): React Router's carry its framework mode's prefetching into the
      // shop's entry (npm run bench:bundle). No data router: the browser's build fixes React Router to its
      // declarative mode (apps/web/build/react-router-declarative.ts), where a data router would lose its error
      // boundaries.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use Link and NavLink from shared/ui (smaller entry; same navigation).',
            },
            {
              name: 'react-router',
              importNames: [
                'RouterProvider',
                'StaticRouterProvider',
                'createBrowserRouter',
                'createHashRouter',
                'createMemoryRouter',
                'createStaticRouter',
                'createRoutesStub',
              ],
              message:
                'The app uses React Router in its declarative mode only (apps/web/build/react-router-declarative.ts).',
            },
            {
              name: 'react-router/dom',
              message:
                'The app uses React Router in its declarative mode only (apps/web/build/react-router-declarative.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'packages/domain/src/money/**',
      'packages/domain/src/validators/**',
      '**/*.test.ts',
      'apps/server/test/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ONE_PARSER_RULES] },
  },
  {
    // Services take plain values, never the HTTP request: the routes pass what they need of it (request.store,
    // request.language, a cookie's value). docs/architecture.md, "Server modules". The one-parser rules stay on.
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_PARSER_RULES,
        ...[
          "ImportDeclaration[source.value='fastify'] ImportSpecifier[imported.name='FastifyRequest']",
          "TSTypeReference[typeName.name='FastifyRequest']",
          "TSQualifiedName[right.name='FastifyRequest']",
          "TSImportType[qualifier.name='FastifyRequest']",
        ].map((selector) => ({
          selector,
          message:
            'A service takes plain values, not the FastifyRequest: the route passes request.store.id, request.language or what else it needs of the request.',
        })),
      ],
    },
  },
  {
    // The browser suite asserts on the page as it will be, not as it was once read: `expect(await x.inputValue())`
    // reads once and fails on a busy machine before the page has caught up. Web-first assertions retry.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='expect'] > AwaitExpression.arguments:first-child",
          message:
            'No expect(await ...): a value read once races the page. Use a web-first assertion (await expect(locator).toHaveValue/toHaveText/toContainText/toHaveAttribute/toHaveCount/toBeChecked, await expect(page).toHaveURL/toHaveTitle) or await expect.poll(() => ...) for a computed value.',
        },
      ],
    },
  },
  // Formatting is Prettier's (npm run format); no lint rule argues with it.
  prettier,
);
