import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './app/router';
import { ErrorBoundary } from './components/ErrorBoundary';
import './lib/i18n';
import { queryClient } from './lib/query';
import { registerRouter } from './lib/router';
import './lib/theme';
import './lib/flash';
import './styles.css';

registerRouter(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
