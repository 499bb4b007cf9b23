import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The dashboard is built to static files (apps/web/dist) that the api-gateway serves; `vite` (dev server) proxies
// /api and /socket.io to a running platform (API_URL / REALTIME_URL, defaults of `npm start`).
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  // The sample-kind registry's browser-safe modules (no zod, no Node), from source so they are tree-shaken.
  resolve: {
    alias: [
      {
        find: /^@app\/samples\/(registry|rows)$/,
        replacement: fileURLToPath(new URL('../../libs/samples/src/$1.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // TanStack's "use client" markers are for server components; a browser bundle ignores them.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': process.env.API_URL ?? 'http://127.0.0.1:3000',
      '/socket.io': { target: process.env.REALTIME_URL ?? 'http://127.0.0.1:3001', ws: true },
    },
  },
});
