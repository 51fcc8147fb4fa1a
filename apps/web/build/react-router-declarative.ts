import type { Plugin } from 'vite';
import { REACT_ROUTER_MODULE } from './react-router-pure.ts';

// The app runs React Router in its declarative mode only: `<BrowserRouter>` (`<StaticRouter>` on the server,
// `<MemoryRouter>` in tests) and `<Routes>`, never a data router (lint forbids their APIs: eslint.config.js). Three
// spots of React Router's module keep the data routers' and React Server Components' code in the shop's entry all
// the same, about 1.3 KB gzip (npm run bench:bundle):
// - `_renderMatches(matches, parentMatches, dataRouterOpts)`: only a data router passes the third argument; its
//   error boundaries, hydration fallbacks and error callbacks hang off it;
// - `useNavigate()` takes the data router's navigation when the route says `isDataRoute`, which only the matches of
//   a data router say (in `_renderMatches`);
// - `RenderErrorBoundary.contextType = RSCRouterContext;`, a property write, keeps that error boundary (a data
//   router's) and the RSC redirect handling it renders alive once nothing else refers to it.
// This plugin fixes the first two to the declarative case and drops the write. All three or none: when a release
// changes one of them, the module stays as it is (correct, larger) and the unit test fails
// (build/react-router-declarative.test.ts). Lines are kept, so the maps stay close.

interface Edit {
  find: RegExp;
  replace: (match: string) => string;
}

/** `text` with as many line breaks as `match`, at the end (so the lines after it keep their numbers). */
const sameLines = (match: string, text: string) => text + '\n'.repeat(match.split('\n').length - 1);

const EDITS: readonly Edit[] = [
  {
    find: /^function _renderMatches\(matches, parentMatches = \[\], dataRouterOpts\) \{\n {2}let dataRouterState = dataRouterOpts\?\.state;$/m,
    replace: (match) =>
      sameLines(match, 'function _renderMatches(matches, parentMatches = []) {') +
      '  const dataRouterOpts = void 0, dataRouterState = void 0;',
  },
  {
    find: /^ {2}let \{ isDataRoute \} = React\d*\.useContext\(RouteContext\);\n {2}return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);$/m,
    replace: (match) => sameLines(match, '') + '  return useNavigateUnstable();',
  },
  {
    find: /^RenderErrorBoundary\.contextType = RSCRouterContext;$/m,
    replace: (match) => ' '.repeat(match.length),
  },
];

/** React Router's module fixed to the declarative mode (see above); null when it does not have all three spots. */
export function declarativeOnly(code: string): string | null {
  if (!EDITS.every((edit) => edit.find.test(code))) return null;
  return EDITS.reduce((out, edit) => out.replace(edit.find, edit.replace), code);
}

/** The Vite plugin (the browser's build only: the development server keeps the library as it is). */
export function reactRouterDeclarative(): Plugin {
  return {
    name: 'ventanilla:react-router-declarative',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform: {
      filter: { id: REACT_ROUTER_MODULE },
      handler(code) {
        const out = declarativeOnly(code);
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
