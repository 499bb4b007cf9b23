import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the `fetch` it finds when it is created: the stand-in must be there before the imports.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<(input: Request | string | URL) => Promise<Response>>();
  globalThis.fetch = f as unknown as typeof fetch;
  return f;
});

import { EmailBanner } from '../../src/app/EmailBanner';
import { VerifyEmail } from '../../src/features/auth/VerifyEmail';
import { session } from '../../src/lib/api';
import { queryClient } from '../../src/lib/query';
import { aMe } from './fixtures';

/**
 * The "verify your e-mail" banner goes the moment the address is verified: on the verify page's own success (the
 * account is read again before the success shows, so the next page renders the verified account, not the cached
 * one) and in the dashboard's other open tabs (they are told through localStorage and read the account again).
 */
vi.stubGlobal('scrollTo', () => undefined);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let verified: boolean;
let meReads: number;

beforeEach(() => {
  verified = false;
  meReads = 0;
  fetchMock.mockImplementation(async (input: Request | string | URL) => {
    // The typed client sends a Request; lib/api's `api` a path.
    const path = new URL(input instanceof Request ? input.url : String(input), window.location.href).pathname;
    if (path === '/api/v1/me') {
      meReads++;
      // A read after the verification takes a moment, as over a network.
      if (verified) await new Promise((resolve) => setTimeout(resolve, 300));
      return json(200, aMe({ email_verified: verified }));
    }
    if (path === '/api/v1/auth/verify-email') {
      verified = true;
      return json(200, { status: 'verified' });
    }
    if (path === '/api/v1/billing/subscription') return json(404, { error: { code: 'NotFound', message: 'none' } });
    return json(404, { error: { code: 'NotFound', message: 'not here' } });
  });
  session.set('gsm_session_verify_banner');
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  session.clear();
});

/** A page, under the layout's banner unless it is one of the account pages (they have no layout). */
async function open(path: string, Page: () => React.JSX.Element, layout = true) {
  window.history.replaceState(null, '', path);
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: path.split('#')[0]!, component: Page }),
      ...(path.startsWith('/servers')
        ? []
        : [createRoute({ getParentRoute: () => root, path: '/servers', component: () => <p>servers page</p> })]),
    ]),
    history: createMemoryHistory({ initialEntries: [path.split('#')[0]!] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      {layout && <EmailBanner />}
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the verify banner', () => {
  it('is gone on the first page after the verify page, not after a later read', async () => {
    await open('/servers', () => <p>servers page</p>);
    await screen.findByTestId('verify-banner');
    cleanup();
    const readsBefore = meReads;
    await open('/verify-email#token=verify-token-1', VerifyEmail, false);
    await screen.findByTestId('email-verified');
    expect(meReads - readsBefore).toBe(1); // the verify page read the account again before it showed the success
    cleanup();
    // "Continue to your servers": the layout renders from the cache, which already holds the verified account.
    render(
      <QueryClientProvider client={queryClient}>
        <EmailBanner />
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('verify-banner')).toBeNull();
  });

  it('goes on the next page although the account was read just before the link verified it (no storage event)', async () => {
    await open('/servers', () => <p>servers page</p>);
    await screen.findByTestId('verify-banner');
    cleanup();
    // Verified elsewhere (a mail opened on another device): this tab's cached account, read a moment ago, is stale.
    verified = true;
    render(
      <QueryClientProvider client={queryClient}>
        <EmailBanner />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByTestId('verify-banner')).toBeNull(), { timeout: 2000 });
  });

  it('goes in another open tab as soon as this one verifies (the storage event)', async () => {
    await open('/servers', () => <p>servers page</p>);
    await screen.findByTestId('verify-banner');
    verified = true;
    // What the browser delivers to the other tabs when the verify page of one tab writes its mark.
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'gsm.account-changed', newValue: String(Date.now()) }));
    });
    await waitFor(() => expect(screen.queryByTestId('verify-banner')).toBeNull(), { timeout: 2000 });
  });
});
