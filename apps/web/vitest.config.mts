import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The dashboard's unit tests (Vitest, jsdom): the live store, formatters, chart adapters, forms, i18n. They run
// first in `npm test`; the browser tests (Chromium against the whole platform) are Jest's (apps/web/test/*.e2e-spec.ts).
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: [
      {
        find: /^@app\/samples\/(registry|rows)$/,
        replacement: fileURLToPath(new URL('../../libs/samples/src/$1.ts', import.meta.url)),
      },
      {
        find: /^@app\/contracts$/,
        replacement: fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/unit/setup.ts'],
    reporters: ['default'],
  },
});
