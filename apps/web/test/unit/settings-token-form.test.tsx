import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the `fetch` it finds when it is created: the stand-in must be there before the imports.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = f as unknown as typeof fetch;
  return f;
});

import { TokensTab } from '../../src/features/settings/TokensTab';
import { SettingsCtx, type ApiToken } from '../../src/features/settings/model';
import { queryClient } from '../../src/lib/query';
import { aMe } from './fixtures';

/**
 * The new-token form as a user meets it: the schema's errors on their fields (linked, the first one focused), the
 * API's field errors in the same place, and a created token's secret shown once while the list is read again.
 */
const me = aMe();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let tokens: ApiToken[];
let posted: unknown[];
let answerPost: (body: unknown) => Response;

beforeEach(() => {
  tokens = [];
  posted = [];
  fetchMock.mockImplementation(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/tokens' && request.method === 'GET') return json(200, tokens);
    if (path === '/api/v1/tokens' && request.method === 'POST') {
      const body = await request.json();
      posted.push(body);
      return answerPost(body);
    }
    return json(404, { error: { code: 'NotFound', message: `no ${request.method} ${path} here` } });
  });
});

afterEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
});

function renderTab() {
  render(
    <QueryClientProvider client={queryClient}>
      <SettingsCtx value={{ me, role: 'admin' }}>
        <TokensTab />
      </SettingsCtx>
    </QueryClientProvider>,
  );
  return screen.findByText('No API tokens yet.');
}

const tokenGets = () =>
  fetchMock.mock.calls.filter(([r]) => r.method === 'GET' && new URL(r.url).pathname === '/api/v1/tokens').length;

/** The text of the elements an element's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the new-token form', () => {
  it('without a scope: says so beside the scopes, focuses the first one and sends nothing', async () => {
    await renderTab();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CI' } });
    for (const box of screen.getAllByRole('checkbox') as HTMLInputElement[]) if (box.checked) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const group = screen.getByRole('group', { name: 'Scopes' });
    await waitFor(() => expect(description(group)).toBe('Choose at least one scope.'));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'servers:read' }));
    expect(posted).toEqual([]);
  });

  it('without a name: the name field is invalid, described and focused first', async () => {
    await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toBe('Give the token a name.');
    expect(document.activeElement).toBe(name);
  });

  it("puts the API's field error on the field it names", async () => {
    answerPost = () =>
      json(400, {
        error: {
          code: 'ValidationFailed',
          message: 'invalid body: name: already taken',
          details: { fields: [{ field: 'name', problem: 'already taken' }] },
        },
      });
    await renderTab();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(description(name)).toBe('already taken'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(screen.queryByRole('alert')).toBeNull(); // placed on the field, not repeated as a whole
  });

  it('a new token expires in 90 days unless another expiry (or never) is chosen', async () => {
    answerPost = (body) =>
      json(201, {
        ...(body as { name: string; scopes: string[] }),
        id: 't9',
        prefix: 'gsm_t_cd',
        created_at: new Date().toISOString(),
        last_used_at: null,
        expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
        token: 'gsm_t_other-secret',
      });
    await renderTab();
    const expires = screen.getByLabelText('Expires') as HTMLSelectElement;
    expect(expires.value).toBe('90');
    expect([...expires.options].map((o) => o.textContent)).toEqual([
      'in 30 days',
      'in 90 days',
      'in 365 days',
      'Never',
    ]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Backup' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create token' })));
    await screen.findByTestId('new-token-value');
    expect(posted).toEqual([{ name: 'Backup', scopes: ['servers:read', 'metrics:read'], expires_in_days: 90 }]);
  });

  it('shows a created token once and reads the list again', async () => {
    answerPost = (body) => {
      const row = { id: 't1', prefix: 'gsm_t_ab', created_at: new Date().toISOString(), last_used_at: null };
      const created = { ...(body as { name: string; scopes: string[] }), ...row, expires_at: null };
      tokens = [{ ...created }];
      return json(201, { ...created, token: 'gsm_t_secret-value' });
    };
    await renderTab();
    expect(tokenGets()).toBe(1);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Grafana ' } });
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create token' })));

    expect(await screen.findByTestId('new-token-value')).toHaveProperty('textContent', 'gsm_t_secret-value');
    expect(posted).toEqual([{ name: 'Grafana', scopes: ['servers:read', 'metrics:read'], expires_in_days: 30 }]);
    await screen.findByText('Grafana');
    expect(tokenGets()).toBe(2);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: /done, hide it/i }));
    expect(screen.queryByTestId('new-token-value')).toBeNull();
  });
});
