import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appVersion, versionFile } from './build/app-version.ts';
import { precompress } from './build/precompress.ts';
import { reactRouterPure } from './build/react-router-pure.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

// The Fastify server proxies nothing: in development Vite forwards the API and the sandbox
// payment pages to it; in production the server serves dist/ itself (SPA fallback to index.html).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    reactRouterPure(),
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
      output: {
        // Everything the entry imports statically in one chunk: left alone, the modules it shares with the lazy
        // screens (React, the router, the query client, the session) come in several small chunks, which compress
        // worse apart and each cost a request (npm run bench:bundle).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
