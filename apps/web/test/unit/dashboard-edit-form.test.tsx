import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the fetch it finds when it is created: replace it before anything imports it.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<typeof fetch>();
  globalThis.fetch = f;
  return f;
});

const { EditServerForm } = await import('../../src/features/dashboard/EditServerForm');
const { keys } = await import('../../src/lib/query');

/** The dashboard's edit form: react-hook-form + zod in the browser, the API's field problems on the fields. */
const server = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Healthy base',
  host: '10.0.0.7',
  port: 7777,
  addon_http_port: 8080,
  addon_ws_port: 8081,
  status: 'online' as const,
  addon_status: 'available' as const,
  last_seen_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

let qc: QueryClient;
const onClose = vi.fn();
function form() {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(keys.server(server.id), server);
  return render(
    <QueryClientProvider client={qc}>
      <EditServerForm server={server} onClose={onClose} />
    </QueryClientProvider>,
  );
}
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  fetchMock.mockReset();
  onClose.mockReset();
});

describe('EditServerForm', () => {
  it('checks the fields before sending, links each problem to its field and focuses the first', async () => {
    form();
    fireEvent.change(input('Name'), { target: { value: '  ' } });
    fireEvent.change(input('Port'), { target: { value: '99999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(describedBy(input('Name'))).toContain('Give the server a name.');
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input('Port'))).toContain('1 to 65535');
    expect(document.activeElement).toBe(input('Name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only what changed, and the answer replaces the cached server', async () => {
    form();
    fetchMock.mockResolvedValue(Response.json({ ...server, name: 'Renamed base' }));
    fireEvent.change(input('Name'), { target: { value: 'Renamed base' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.method).toBe('PATCH');
    expect(new URL(request.url).pathname).toBe(`/api/v1/servers/${server.id}`);
    expect(await request.json()).toEqual({ name: 'Renamed base' });
    expect(qc.getQueryData<typeof server>(keys.server(server.id))?.name).toBe('Renamed base');
  });

  it("puts the API's problem on the field it names and moves focus there (a refused admin password)", async () => {
    form();
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'InvalidAdminPassword',
            message: 'the server refused this admin password',
            remedy: 'Use the password set in the server settings.',
            details: { field: 'admin_password' },
          },
        },
        { status: 422 },
      ),
    );
    fireEvent.change(input('New admin password'), { target: { value: 'not-it' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() =>
      expect(describedBy(input('New admin password'))).toContain('the server refused this admin password'),
    );
    expect(document.activeElement).toBe(input('New admin password'));
    expect(screen.getByRole('alert').textContent).toContain('Use the password set in the server settings.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without a request when nothing changed', async () => {
    form();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
