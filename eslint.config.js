// Lint: TypeScript rules, import boundaries (as errors) and one file-naming convention for the whole repo.
import js from '@eslint/js';
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
      // shop's entry (npm run bench:bundle).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use Link and NavLink from shared/ui (smaller entry; same navigation).',
            },
          ],
        },
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
