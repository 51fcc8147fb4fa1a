import type { Plugin } from 'vite';

// React Router ships one large module for all its React parts. Two kinds of its top-level statements look like side
// effects to the bundler, so everything they reference stays in the shop's entry even when no screen uses it (its
// `<Form>` with `useSubmit`, `useFormAction` and the form-submission helpers, about 1.7 KB gzip;
// npm run bench:bundle):
// - `var Form = React10.forwardRef(...)`: a call the bundler cannot prove pure (React's own calls carry no
//   `@__PURE__` annotation in this build);
// - `Form.displayName = "Form";`: a property write, which keeps the component alive on its own.
// This plugin marks those calls pure and drops the displayName writes (names React DevTools shows; nothing at run
// time reads them), in React Router's files only. When a React Router release changes this shape, nothing matches,
// the build stays correct and only larger (the unit test then fails: build/react-router-pure.test.ts).

/** React Router's bundled modules (its development and production builds). */
export const REACT_ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;

const TOP_LEVEL_REACT_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
const DISPLAY_NAME_WRITE = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The module's code with its top-level React calls marked pure and its displayName writes blanked (lines kept). */
export function markReactRouterPure(code: string): { code: string; calls: number; displayNames: number } {
  let calls = 0;
  let displayNames = 0;
  const out = code
    .replace(TOP_LEVEL_REACT_CALL, (_match, declaration: string, call: string) => {
      calls += 1;
      return `${declaration}/* @__PURE__ */ ${call}`;
    })
    .replace(DISPLAY_NAME_WRITE, (line) => {
      displayNames += 1;
      return ' '.repeat(line.length);
    });
  return { code: out, calls, displayNames };
}

/** The Vite plugin (build only: the development server keeps the library as it is). */
export function reactRouterPure(): Plugin {
  return {
    name: 'ventanilla:react-router-pure',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_MODULE },
      handler(code) {
        const result = markReactRouterPure(code);
        if (result.calls === 0 && result.displayNames === 0) return null;
        // Lines are kept; only the annotated lines' columns move (maps are for our own debugging).
        return { code: result.code, map: null };
      },
    },
  };
}
