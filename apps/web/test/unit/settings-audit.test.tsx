import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the `fetch` it finds when it is created: the stand-in must be there before the imports.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = f as unknown as typeof fetch;
  return f;
});

import { AuditTab } from '../../src/features/settings/AuditTab';
import { SettingsCtx, type AuditEntry, type Role } from '../../src/features/settings/model';
import { queryClient } from '../../src/lib/query';
import { aMe } from './fixtures';

/** The audit log pages forwards with the API's cursor: older entries are added below, the end says so. */
const entry = (id: string, action: string): AuditEntry => ({
  id,
  time: '2026-06-01T12:00:00Z',
  action,
  actor: { user_id: 'u1', email: 'pioneer@example.com', token_id: null },
  target: { type: 'api_token', id: 'f3b1c2d4-0000-4000-8000-000000000000' },
  details: { name: 'CI' },
  ip: '127.0.0.1',
  request_id: null,
});

const PAGES: Record<string, { items: AuditEntry[]; next_cursor: string | null }> = {
  first: { items: [entry('3', 'token.revoked'), entry('2', 'token.created')], next_cursor: 'c1' },
  c1: { items: [entry('1', 'member.invited')], next_cursor: null },
};

afterEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
});

function renderTab(role: Role) {
  const me = aMe({ role, organisations: [] });
  render(
    <QueryClientProvider client={queryClient}>
      <SettingsCtx value={{ me, role }}>
        <AuditTab />
      </SettingsCtx>
    </QueryClientProvider>,
  );
}

const actions = () => screen.getAllByTestId('audit-row').map((r) => r.getAttribute('data-action'));

describe('the audit log', () => {
  it('loads older entries below the first page with the cursor, until the end', async () => {
    fetchMock.mockImplementation(async (request: Request) => {
      const url = new URL(request.url);
      const page = PAGES[url.searchParams.get('cursor') ?? 'first'];
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderTab('admin');
    await screen.findAllByTestId('audit-row');
    expect(actions()).toEqual(['token.revoked', 'token.created']);
    expect(screen.queryByText('That is the whole log.')).toBeNull();

    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(actions()).toEqual(['token.revoked', 'token.created', 'member.invited']));
    expect(screen.queryByTestId('load-more')).toBeNull();
    screen.getByText('That is the whole log.');

    const queries = fetchMock.mock.calls.map(([r]) => new URL(r.url).search);
    expect(queries).toEqual(['?limit=50', '?limit=50&cursor=c1']);
  });

  it('is for admins only: others are told so and nothing is asked of the API', () => {
    renderTab('operator');
    screen.getByText("The audit log is for the organisation's admins; your role is Operator.");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
