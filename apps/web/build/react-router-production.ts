import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

// React Router's package resolves every import to its development build (`dist/development`: its exports name no
// production condition). Its production build (`dist/production`) differs only in `ENABLE_DEV_WARNINGS = false`,
// which lets the minifier drop the development warnings and their texts: about 0.5 KB gzip of the shop's entry
// (npm run bench:bundle). The browser's build takes the production one.

const DEVELOPMENT_BUILD = /([\\/]node_modules[\\/]react-router[\\/]dist[\\/])development([\\/])/;

/** The file of React Router's production build for a file of its development build; null for any other file. */
export function productionBuildOf(file: string): string | null {
  if (!DEVELOPMENT_BUILD.test(file)) return null;
  const production = file.replace(DEVELOPMENT_BUILD, '$1production$2');
  return existsSync(production) ? production : null;
}

/**
 * The Vite plugin: React Router from its production build, in the browser's build only (the development server keeps
 * the warnings; the server render's bundle keeps its dependencies external, as Node resolves them).
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'ventanilla:react-router-production',
    apply: 'build',
    // Before Vite's own resolution, which would settle a bare `react-router` first.
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId: {
      filter: { id: /^react-router(?:\/|$)/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        const production = resolved && !resolved.external ? productionBuildOf(resolved.id) : null;
        return production ? { ...resolved, id: production } : resolved;
      },
    },
  };
}
