import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';

// The server render's bundle (docs/decisions/0015-server-rendering.md): src/entry-server.tsx into dist-ssr/, outside
// dist/ so it is never served as a static file. Dependencies stay external (resolved from node_modules at run time);
// the domain package is read from its sources, as in the browser build.
const config = mergeConfig(
  base,
  defineConfig({
    ssr: { resolve: { conditions: ['@ventanilla/source'] }, noExternal: ['@ventanilla/domain'] },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: 'dist-ssr',
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
    },
  }),
);

// The browser's grouping of the entry's modules into one chunk (vite.config.ts) is not for this bundle: here it makes
// chunks import each other around entry-server's top-level await, and the module never finishes loading.
delete (config.build?.rolldownOptions?.output as { codeSplitting?: unknown } | undefined)?.codeSplitting;

export default config;
