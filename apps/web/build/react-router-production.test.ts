import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionBuildOf } from './react-router-production.ts';

describe('productionBuildOf', () => {
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

  // A release that stops shipping the production build (or renames it) would put the warnings back unnoticed.
  it('names the production build of the module the package resolves to', () => {
    const development = path.join(dist, 'development', 'index.mjs');
    expect(existsSync(development)).toBe(true);
    expect(productionBuildOf(development)).toBe(path.join(dist, 'production', 'index.mjs'));
  });

  it('leaves any other file alone', () => {
    expect(productionBuildOf(path.join(dist, 'production', 'index.mjs'))).toBeNull();
    expect(productionBuildOf('/app/node_modules/react-router-dom/dist/development/index.mjs')).toBeNull();
    expect(productionBuildOf(path.join(dist, 'development', 'no-such-file.mjs'))).toBeNull();
  });
});
