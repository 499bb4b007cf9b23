import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The dashboard is built to static files (apps/web/dist) that the api-gateway serves; `vite` (dev server) proxies
// /api and /socket.io to a running platform (API_URL / REALTIME_URL, defaults of `npm start`).
const root = fileURLToPath(new URL('.', import.meta.url));

/** Paths the platform answers itself: never the dashboard's index.html, never cached by the service worker. */
const PLATFORM_PATHS = /^\/(api|socket\.io|health|metrics)(\/|$)/;

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
  plugins: [
    // Installable: the web app manifest and a Workbox service worker (generateSW). `prompt`: a new version waits
    // until the user reloads (common:update.*), so an open page never mixes chunks of two builds; the old worker's
    // precache keeps serving the old chunks meanwhile, even after the server dropped them.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // lib/pwa.ts registers it, after the page loaded and never on the overlay
      manifest: {
        id: '/',
        name: 'Ficsit Monitor',
        short_name: 'Ficsit',
        description: 'Live status, power, players and alerts of your Satisfactory dedicated servers.',
        lang: 'en',
        start_url: '/servers',
        scope: '/',
        display: 'standalone',
        // The dark theme of src/styles.css (--bg), the one the app opens in without a saved choice.
        background_color: '#0f1217',
        theme_color: '#0f1217',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      workbox: {
        // The app shell: index.html, every JS and CSS chunk (English texts ship in the entry; the other languages
        // are chunks of under 1 kB each, cheaper to precache than to miss offline). Source maps stay out.
        globPatterns: ['**/*.{js,css,html}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [PLATFORM_PATHS],
        cleanupOutdatedCaches: true,
        // The first install takes over the open page (it was loaded from the same build), so its next reads are
        // already kept; later versions wait for the prompt.
        clientsClaim: true,
        runtimeCaching: [
          {
            // The GET answers kept for offline use: what the servers list, a server's dashboard, a share page and
            // the frame (account, plan, client config) need to show their last values. An allow-list on purpose:
            // sign-in, tokens, channels (webhook URLs, signing secrets), share-link lists, history and every write
            // stay network-only. (Written inline: Workbox copies this function's source into sw.js.)
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/v1\/(me|client-config|billing\/subscription|(servers|public)(\/[^/]+(\/((metrics|power|production)\/latest|players|trains|drones))?)?)$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'gsm-last-answers',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
              plugins: [
                {
                  // One entry per organisation (X-Org-Id), so switching organisations never shows another's
                  // servers offline. lib/pwa.ts empties the cache when the signed-in user changes.
                  cacheKeyWillBeUsed: async ({ request }) => {
                    const org = request.headers.get('x-org-id');
                    if (!org) return request;
                    const url = new URL(request.url);
                    url.searchParams.set('__org', org);
                    return url.href;
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks a page loads, for scripts/web-budgets.mjs.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // TanStack's "use client" markers are for server components; a browser bundle ignores them. Workbox bundling
      // and minifying the service worker after the build takes seconds by design: not worth a timing warning.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'PLUGIN_TIMINGS' && warning.message.includes('vite-plugin-pwa:build closeBundle')) return;
        warn(warning);
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
