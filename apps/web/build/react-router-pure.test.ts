import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markReactRouterPure, REACT_ROUTER_MODULE } from './react-router-pure.ts';

describe('markReactRouterPure', () => {
  it('marks top-level React calls pure and blanks displayName writes, keeping every line', () => {
    const code = [
      'var Link = React10.forwardRef(',
      '  (props, ref) => null',
      ');',
      'Link.displayName = "Link";',
      'var RouteContext = React.createContext(null);',
      '  inner.displayName = "Kept";',
      'var other = compute(1);',
    ].join('\n');
    const result = markReactRouterPure(code);
    expect(result).toMatchObject({ calls: 2, displayNames: 1 });
    const lines = result.code.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(lines[3]).toBe(' '.repeat('Link.displayName = "Link";'.length));
    expect(lines[4]).toBe('var RouteContext = /* @__PURE__ */ React.createContext(null);');
    // Not top level, or not a React call: left alone.
    expect(lines[5]).toBe('  inner.displayName = "Kept";');
    expect(lines[6]).toBe('var other = compute(1);');
  });

  // A React Router release that bundles differently would leave <Form> and its helpers in the entry unnoticed.
  it('still finds its targets in the installed React Router', () => {
    const require = createRequire(import.meta.url);
    const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
    let calls = 0;
    let displayNames = 0;
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.mjs'))) {
      const full = path.join(dist, file);
      expect(REACT_ROUTER_MODULE.test(full)).toBe(true);
      const result = markReactRouterPure(readFileSync(full, 'utf8'));
      calls += result.calls;
      displayNames += result.displayNames;
    }
    expect(calls).toBeGreaterThanOrEqual(3); // Link, NavLink, Form
    expect(displayNames).toBeGreaterThanOrEqual(3);
  });
});
