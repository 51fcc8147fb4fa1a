import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// The Fastify server proxies nothing: in development Vite forwards the API and the sandbox
// payment pages to it; in production the server serves dist/ itself (SPA fallback to index.html).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
    sourcemap: true,
    // A strict CSP (script-src 'self') forbids inline scripts and data: workers.
    assetsInlineLimit: 0,
  },
});
