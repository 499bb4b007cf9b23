import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Servers as ServersPage } from '../../src/features/servers';
import type { queryClient as QueryClientInstance } from '../../src/lib/query';
import type { liveStore as LiveStore } from '../../src/live/store';

/**
 * The servers list in jsdom against a stubbed API: rows with typed links to each server, the plan's usage, the
 * notice when the plan is full, the empty state, and a server removed elsewhere leaving the list.
 */
const routes: Record<string, unknown> = {};
vi.stubGlobal('scrollTo', () => undefined);
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const path = new URL(request.url).pathname;
    const body = routes[path];
    if (body === undefined)
      return new Response(JSON.stringify({ error: { code: 'NoDataYet', message: 'no data yet' } }), { status: 409 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }),
);

const server = (id: string, name: string) => ({
  id,
  name,
  host: '203.0.113.10',
  port: 7777,
  addon_http_port: 8080,
  addon_ws_port: 8081,
  status: 'online',
  addon_status: 'available',
  last_seen_at: null,
  created_at: '2030-01-01T00:00:00Z',
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const me = (role: string) => ({
  id: 'u',
  email: 'p@example.com',
  name: 'Pioneer',
  organisation_id: 'o',
  role,
  organisations: [{ id: 'o', name: 'Pioneer', personal: true, role }],
  plan: { id: 'free', max_servers: 1, retention_hours: 24 },
});
const subscription = (servers: number | null) => ({
  plan: { id: 'free', name: 'Free', servers, retention_hours: 24, polling_intervals_seconds: {}, share_links: false },
  limits: { servers, retention_hours: 24, api_daily_quota: null },
  usage: { servers: 1 },
});

let Servers: typeof ServersPage;
let queryClient: typeof QueryClientInstance;
let liveStore: typeof LiveStore;
beforeAll(async () => {
  ({ Servers } = await import('../../src/features/servers'));
  ({ queryClient } = await import('../../src/lib/query'));
  ({ liveStore } = await import('../../src/live/store'));
});
afterEach(() => queryClient.clear());

async function open(): Promise<void> {
  localStorage.setItem('gsm.session', 'gsm_session_test');
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/servers', component: Servers }),
      createRoute({ getParentRoute: () => root, path: '/servers/new', component: () => <p>wizard page</p> }),
      createRoute({ getParentRoute: () => root, path: '/servers/$id', component: () => <p>server page</p> }),
      createRoute({ getParentRoute: () => root, path: '/settings/$tab', component: () => <p>settings page</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/servers'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Servers', level: 1 });
}

describe('the servers list', () => {
  it('lists the servers with links to their pages, the usage of the plan, and the way to add one', async () => {
    Object.assign(routes, {
      '/api/v1/servers': [server(A, 'Alpha'), server(B, 'Beta')],
      '/api/v1/me': me('admin'),
      '/api/v1/billing/subscription': subscription(15),
    });
    await open();
    const rows = await screen.findAllByTestId('server-row');
    expect(rows.map((r) => r.dataset.serverName)).toEqual(['Alpha', 'Beta']);
    expect(within(rows[0]!).getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe(`/servers/${A}`);
    expect(within(rows[0]!).getByTestId('server-status').textContent).toBe('Online');
    expect((await screen.findByTestId('plan-usage')).textContent).toBe('2 of 15 servers · Free plan');
    expect(screen.getByRole('link', { name: 'Add server' }).getAttribute('href')).toBe('/servers/new');
    expect(screen.queryByTestId('plan-full')).toBeNull();

    // Deleted in another tab: the socket marks it removed, and it leaves the list.
    liveStore.markRemoved(B);
    await vi.waitFor(() => expect(screen.getAllByTestId('server-row')).toHaveLength(1));
    expect(screen.getByTestId('plan-usage').textContent).toContain('1 of 15 servers');
  });

  it('says when the plan is full, with a link to the plans', async () => {
    Object.assign(routes, {
      '/api/v1/servers': [server(A, 'Alpha')],
      '/api/v1/me': me('operator'),
      '/api/v1/billing/subscription': subscription(1),
    });
    await open();
    const notice = await screen.findByTestId('plan-full');
    expect(notice.textContent).toBe('Your Free plan allows 1 server. To add another, remove one or upgrade the plan.');
    fireEvent.click(within(notice).getByRole('link', { name: 'upgrade the plan' }));
    await screen.findByText('settings page');
  });

  it('an empty organisation: what to do, and no add button for a viewer', async () => {
    Object.assign(routes, {
      '/api/v1/servers': [],
      '/api/v1/me': me('viewer'),
      '/api/v1/billing/subscription': subscription(1),
    });
    await open();
    await screen.findByRole('heading', { name: 'No servers yet' });
    await screen.findByText('This organisation has no servers yet. An operator or admin can add one.');
    expect(screen.queryByRole('link', { name: /add/i })).toBeNull();
  });
});
