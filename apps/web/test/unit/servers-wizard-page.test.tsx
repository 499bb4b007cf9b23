import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddServer as AddServerPage } from '../../src/features/servers';

/**
 * The add-server wizard in jsdom against a stubbed API: the form's checks before any request, the live steps of a
 * registration (NDJSON lines), a failed step with its remedy and the way back to the field, API field problems on
 * their fields, the plan limit with the link to the plans, and the new server's page after every step passed.
 */
type Reply = { status: number; type: string; body: string };
let reply: Reply;
const requests: { method: string; url: string; body: unknown }[] = [];
vi.stubGlobal('scrollTo', () => undefined);
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const text = await request.text();
    requests.push({ method: request.method, url: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.type } });
  }),
);
const json = (status: number, body: unknown): Reply => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});
const ndjson = (...lines: unknown[]): Reply => ({
  status: 200,
  type: 'application/x-ndjson; charset=utf-8',
  body: lines.map((l) => `${JSON.stringify(l)}\n`).join(''),
});
const step = (name: string, ok: boolean) => ({
  type: 'step',
  step: name,
  ok,
  duration_ms: 9,
  observed: `${name} seen`,
});

let AddServer: typeof AddServerPage;
beforeAll(async () => {
  ({ AddServer } = await import('../../src/features/servers'));
});
beforeEach(() => {
  requests.length = 0;
});

async function open(): Promise<AnyRouter> {
  const root = createRootRoute();
  const page = (text: string) => () => <p>{text}</p>;
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/servers/new', component: AddServer }),
      createRoute({ getParentRoute: () => root, path: '/servers', component: page('servers page') }),
      createRoute({ getParentRoute: () => root, path: '/servers/$id', component: page('server page') }),
      createRoute({ getParentRoute: () => root, path: '/settings/$tab', component: page('settings page') }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/servers/new'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Add a server', level: 1 });
  return router;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
function fill(values: Partial<Record<'Name' | 'Host' | 'Port' | 'Admin password', string>>): void {
  const all = { Name: 'Test factory', Host: '203.0.113.10', Port: '7777', 'Admin password': 'secret', ...values };
  for (const [label, value] of Object.entries(all)) fireEvent.change(field(label), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
const currentStage = () => screen.getByRole('list', { name: 'Progress' }).querySelector('[aria-current="step"]');

describe('the add-server wizard', () => {
  it('refuses a bad port before any request, with the error tied to the field and the focus on it', async () => {
    await open();
    fill({ Port: '70000' });
    submit();
    await screen.findByText('Must be a whole number from 1 to 65535.');
    const port = field('Port');
    expect(port.getAttribute('aria-invalid')).toBe('true');
    const ids = (port.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Must be a whole number from 1 to 65535.',
    );
    expect(document.activeElement).toBe(port);
    expect(requests).toEqual([]);
    expect(currentStage()?.textContent).toContain('Server details');
  });

  it('a wrong admin password: the failed step with its remedy, and a button back to the password', async () => {
    reply = ndjson(step('reachable', true), step('health_check', true), step('password_login', false), {
      type: 'error',
      status: 422,
      error: {
        code: 'InvalidAdminPasswordException',
        message: 'PasswordLogin failed: wrong password',
        remedy: 'Check the admin password in the server settings.',
        details: { step: 'password_login' },
      },
      request_id: 'r-2',
    });
    await open();
    fill({});
    submit();
    const failed = await waitFor(() => {
      const el = document.querySelector('[data-testid="diagnostic-step"][data-ok="false"]');
      if (!el) throw new Error('no failed step yet');
      return el as HTMLElement;
    });
    expect(failed.dataset.step).toBe('password_login');
    expect(document.querySelectorAll('[data-testid="diagnostic-step"][data-ok="true"]')).toHaveLength(2);
    expect(within(failed).getByTestId('remedy').textContent).toContain('Check the admin password');
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/v1/servers',
        body: {
          name: 'Test factory',
          host: '203.0.113.10',
          port: 7777,
          admin_password: 'secret',
          addon_http_port: 8080,
          addon_ws_port: 8081,
        },
      },
    ]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Checking the server' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change the admin password' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Admin password')));
  });

  it('puts the API’s field problem on its field (a refused host)', async () => {
    reply = json(400, {
      error: {
        code: 'TargetNotAllowed',
        message: 'private addresses cannot be monitored',
        remedy: 'Register the public address.',
        details: { field: 'host', reason: 'private' },
      },
      request_id: 'r-3',
    });
    await open();
    fill({ Host: '10.0.0.5' });
    submit();
    await screen.findByText('private addresses cannot be monitored', { selector: '.field-error' });
    expect(document.activeElement).toBe(field('Host'));
    expect(currentStage()?.textContent).toContain('Server details');
  });

  it('the plan limit says so and links to the plans', async () => {
    reply = json(403, {
      error: {
        code: 'PlanLimitReached',
        message: 'the free plan allows 1 server(s) and 1 are registered',
        remedy: 'Remove a server or upgrade to the hobby plan.',
        details: { plan: 'free', limit: 1, used: 1, upgrade_plan: 'hobby' },
      },
      request_id: 'r-4',
    });
    const router = await open();
    fill({});
    submit();
    const notice = await screen.findByTestId('plan-limit');
    expect(notice.textContent).toContain('The free plan allows 1 server');
    fireEvent.click(within(notice).getByRole('link', { name: 'Compare plans' }));
    await screen.findByText('settings page');
    expect(router.state.location.pathname).toBe('/settings/plan');
  });

  it('every step passed: the outcome gets the focus, then the new server’s page opens', async () => {
    const id = '7d1f9d0e-3a3c-4c55-9a4f-0b4a5e2f6c11';
    const steps = ['reachable', 'health_check', 'password_login', 'addon'].map((s) => step(s, true));
    const server = {
      id,
      name: 'Test factory',
      host: '203.0.113.10',
      port: 7777,
      addon_http_port: 8080,
      addon_ws_port: 8081,
      status: 'unknown',
      addon_status: 'unknown',
      last_seen_at: null,
      created_at: '2030-01-01T00:00:00Z',
      diagnostics: { ok: true, steps: steps.map((s) => ({ ...s, type: undefined })), game: null, addon_via: null },
    };
    reply = ndjson(...steps, { type: 'created', server });
    const router = await open();
    fill({});
    submit();
    const done = await screen.findByText(/Every step passed/);
    expect(document.activeElement).toBe(done.closest('.notice'));
    expect(currentStage()?.textContent).toContain('Registered');
    await screen.findByText('server page', undefined, { timeout: 4000 });
    expect(router.state.location.pathname).toBe(`/servers/${id}`);
  });
});
