import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './app/router';
import { ErrorBoundary } from './components/ErrorBoundary';
import './lib/i18n';
import { session } from './lib/api';
import { warmIntl } from './lib/format';
import { queryClient } from './lib/query';
import { registerRouter } from './lib/router';
import { nextTask } from './lib/tasks';
import './lib/theme';
import './lib/flash';
import './styles.css';

registerRouter(router);

// The installable app (service worker, offline and update banners) is a chunk of its own, loaded after the first
// page and never on the overlay, which stays as small as it was for streaming software.
const onOverlay = location.pathname.startsWith('/overlay/');
const OfflineBanner = lazy(() => import('./components/OfflineBanner'));
if (!onOverlay) void import('./lib/pwa').then((pwa) => pwa.startServiceWorker());

// The first render as a transition: React builds the page in slices of a few milliseconds, letting the browser paint
// and take input between them, instead of one task for the whole frame and page (Total Blocking Time).
// The route is resolved (matches, redirects, loaders started) before the first render: rendered later, the router's
// own first load changes every route subscriber's state between the render and its effects, and React then renders
// the whole frame and page a second time, synchronously, in one long task.
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            {!onOverlay && (
              <Suspense fallback={null}>
                <OfflineBanner />
              </Suspense>
            )}
            <Suspense fallback={null}>
              <RouterProvider router={router} />
            </Suspense>
          </QueryClientProvider>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
// Each in a task of its own (with the entry's evaluation, one long task): the router's first load, then the render.
void nextTask()
  .then(() => router.load())
  // A loader's failure is kept in the route's match and shown by its error component; render in any case.
  .catch(() => undefined)
  .then(nextTask)
  .then(render);

// Intl's data loads on first use (40-400 ms on a slow machine): on a worker's thread (warmIntl), not in the render of
// the first page's numbers; only where numbers come (signed in, or a share page), not on the sign-in page.
if (!onOverlay && (session.token() || location.pathname.startsWith('/share/'))) warmIntl();
else if (!onOverlay) {
  // Signed in later in this document: warmed then, once.
  const stop = session.subscribe(() => {
    if (!session.token()) return;
    stop();
    warmIntl();
  });
}
