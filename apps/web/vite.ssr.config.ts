import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';

// The server render's bundle (docs/decisions/0015-server-rendering.md): src/entry-server.tsx into dist-ssr/, outside
// dist/ so it is never served as a static file. Dependencies stay external (resolved from node_modules at run time);
// the domain package is read from its sources, as in the browser build.
export default mergeConfig(
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
