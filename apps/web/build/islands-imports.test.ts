// A page hydrated as islands (src/islands.tsx, docs/decisions/0028-home-page-islands.md) carries no router: its links
// are plain anchors (shared/ui/link.tsx). One import of React Router by the frame, by a module it imports or by a
// chunk it loads would bring the router (about 10 KB gzip) back into the home page's JavaScript, since the bundler
// puts what the islands' entry reaches in the chunk both entries share (vite.config.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleClosure, moduleImports } from './module-closure.ts';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const isRouter = (name: string) => name === 'react-router' || name === 'react-router-dom';

describe('moduleImports', () => {
  it('lists run-time imports and re-exports, static and dynamic, and leaves type-only ones out', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import './c.css';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "const f = () => import('./f');",
    ].join('\n');
    expect(moduleImports(code)).toEqual({ static: ['./a', './c.css', './d'], dynamic: ['./f'] });
  });
});

describe("the islands' entry", () => {
  it('imports no React Router, statically or in a chunk it loads', () => {
    const { packages } = moduleClosure(path.join(SRC, 'islands.tsx'), { lazy: true });
    const router = [...packages].filter(([name]) => isRouter(name)).map(([, file]) => path.relative(SRC, file));
    // A file named here imports the router: give the frame the shared link (shared/ui/link.tsx) or import the module
    // it needs rather than an index that re-exports router screens (shared/auth).
    expect(router).toEqual([]);
    expect(packages.has('react')).toBe(true);
  });

  it("is told apart from the app's entry, which has the router", () => {
    const { packages } = moduleClosure(path.join(SRC, 'main.tsx'));
    expect([...packages.keys()].some(isRouter)).toBe(true);
  });
});
