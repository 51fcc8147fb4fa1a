import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarativeOnly } from './react-router-declarative.ts';
import { REACT_ROUTER_MODULE } from './react-router-pure.ts';

const SHAPE = [
  'function _renderMatches(matches, parentMatches = [], dataRouterOpts) {',
  '  let dataRouterState = dataRouterOpts?.state;',
  '  return dataRouterState ? boundary(matches) : matches;',
  '}',
  'function useNavigate() {',
  '  let { isDataRoute } = React2.useContext(RouteContext);',
  '  return isDataRoute ? useNavigateStable() : useNavigateUnstable();',
  '}',
  'RenderErrorBoundary.contextType = RSCRouterContext;',
  'var after = 1;',
].join('\n');

describe('declarativeOnly', () => {
  it('fixes the data router spots to the declarative case, keeping every line', () => {
    const out = declarativeOnly(SHAPE);
    expect(out).not.toBeNull();
    const lines = out!.split('\n');
    expect(lines).toHaveLength(SHAPE.split('\n').length);
    expect(lines[0]).toBe('function _renderMatches(matches, parentMatches = []) {');
    expect(lines[1]).toBe('  const dataRouterOpts = void 0, dataRouterState = void 0;');
    expect(lines[2]).toBe('  return dataRouterState ? boundary(matches) : matches;');
    expect(lines[5]).toBe('');
    expect(lines[6]).toBe('  return useNavigateUnstable();');
    expect(lines[8]?.trim()).toBe('');
    expect(lines[9]).toBe('var after = 1;');
  });

  it('changes nothing unless all three spots are there', () => {
    expect(declarativeOnly(SHAPE.replace('RenderErrorBoundary.contextType', 'Other.contextType'))).toBeNull();
    expect(declarativeOnly(SHAPE.replace('isDataRoute ?', 'isDataRoute() ?'))).toBeNull();
    expect(declarativeOnly('var x = 1;')).toBeNull();
  });

  // A React Router release that bundles differently would leave the data routers' code in the entry unnoticed.
  it('finds all three in the installed React Router', () => {
    const require = createRequire(import.meta.url);
    const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
    const fixed = readdirSync(dist)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => path.join(dist, file))
      .filter((file) => REACT_ROUTER_MODULE.test(file) && declarativeOnly(readFileSync(file, 'utf8')) !== null);
    expect(fixed).toHaveLength(1);
  });
});
