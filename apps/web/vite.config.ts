import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appVersion, versionFile } from './build/app-version.ts';
import { frameTexts } from './build/frame-texts.ts';
import { precompress } from './build/precompress.ts';
import { reactRouterDeclarative } from './build/react-router-declarative.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { reactRouterPure } from './build/react-router-pure.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ISLANDS_ENTRY = path.join(here, 'src/islands.tsx');

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
let islandsClosure: Set<string> | null = null;
/** The modules the islands' entry imports statically, transitively (computed once per build). */
function islandsModules(graph: ModuleGraph): Set<string> {
  if (islandsClosure) return islandsClosure;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(ISLANDS_ENTRY);
  islandsClosure = seen;
  return seen;
}

// The Fastify server proxies nothing: in development Vite forwards the API and the sandbox
// payment pages to it; in production the server serves dist/ itself (SPA fallback to index.html).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    reactRouterProduction(),
    reactRouterPure(),
    reactRouterDeclarative(),
    frameTexts(ISLANDS_ENTRY, path.join(here, 'src')),
    versionFile(appVersion(here)),
    precompress({ outDir: path.join(here, 'dist'), mapsDir: path.join(here, 'dist-maps') }),
  ],
  resolve: {
    // Use the domain package's TypeScript sources directly (no prebuild needed).
    conditions: ['@ventanilla/source', ...defaultClientConditions],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox-pay': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox-pay': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Maps for our own debugging, never public: no sourceMappingURL, moved out of dist/ (build/precompress.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json (never served: a dot directory): the server names a page's chunks in its <head>.
    manifest: true,
    // A strict CSP (script-src 'self') forbids inline scripts and data: workers.
    assetsInlineLimit: 0,
    // No modulepreload polyfill in the entry: every browser of the build target but Safari < 17 and Firefox < 115
    // supports it, and there a preload hint only does nothing (the modules still load when imported).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shop's entry (index.html: main.tsx, the whole app) and the entry of a page hydrated as islands
      // (islands.tsx: the frame around the server's markup; docs/decisions/0028-home-page-islands.md).
      input: { index: path.join(here, 'index.html'), islands: ISLANDS_ENTRY },
      output: {
        // The frame's texts of a language (build/frame-texts.ts) apart from its whole catalogue (`es`, `en`, `pt`).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.startsWith('\0virtual:frame-texts/')
            ? 'assets/frame-texts-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        // Everything an entry imports statically in one chunk: left alone, the modules it shares with the lazy
        // screens (React, the router, the query client, the session) come in several small chunks, which compress
        // worse apart and each cost a request (npm run bench:bundle). What the islands' entry needs too (React, the
        // query client, the session, the frame) is the `frame` chunk; the rest of the app's (React Router, the route
        // table, the screens' loader) is `shell`, which a page hydrated as islands never loads.
        codeSplitting: {
          groups: [
            {
              debugName: 'initial',
              name: (id, ctx) => (id === ISLANDS_ENTRY ? null : islandsModules(ctx).has(id) ? 'frame' : 'shell'),
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});
