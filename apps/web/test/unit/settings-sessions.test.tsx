import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the `fetch` it finds when it is created: the stand-in must be there before the imports.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = f as unknown as typeof fetch;
  return f;
});
const navigateMock = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/router', () => ({ navigate: navigateMock, registerRouter: vi.fn() }));

import { deviceOf } from '../../src/features/settings/device';
import type { SessionRow } from '../../src/features/settings/sessionQueries';
import { SessionsTab } from '../../src/features/settings/SessionsTab';
import { session } from '../../src/lib/api';
import { flash } from '../../src/lib/flash';
import { queryClient } from '../../src/lib/query';

/**
 * The Sessions tab as a user meets it: every session with its device and this one marked, "Sign out" of another
 * device (the list is read again, this device stays signed in), and "Sign out everywhere" (back to the sign-in page
 * with a message saying why).
 */
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const row = (over: Partial<SessionRow>): SessionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  created_at: '2026-03-01T10:00:00Z',
  last_used_at: '2026-03-01T11:00:00Z',
  ip: '198.51.100.7',
  user_agent: LAPTOP,
  expires_at: '2026-03-15T10:00:00Z',
  current: true,
  ...over,
});

let sessions: SessionRow[];
const calls = () => fetchMock.mock.calls.map(([r]) => `${r.method} ${new URL(r.url).pathname}`);

beforeAll(() => {
  // jsdom has <dialog> without its modal methods; these do what the browser does to the element.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  session.set('gsm_s_this-device');
  sessions = [
    row({ id: '00000000-0000-4000-8000-000000000002', user_agent: PHONE, ip: '203.0.113.9', current: false }),
    row({}),
  ];
  fetchMock.mockImplementation(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/me/sessions' && request.method === 'GET') return json(200, sessions);
    const one = /^\/api\/v1\/me\/sessions\/([\w-]+)$/.exec(path);
    if (one && request.method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    if (path === '/api/v1/me/sessions/revoke-all' && request.method === 'POST') {
      sessions = [];
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'NotFound', message: `no ${request.method} ${path} here` } });
  });
});

afterEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  navigateMock.mockReset();
  sessionStorage.clear();
});

async function renderTab() {
  render(
    <QueryClientProvider client={queryClient}>
      <SessionsTab />
    </QueryClientProvider>,
  );
  await screen.findByText('Firefox on Linux');
}

const rows = () => screen.getAllByTestId('session-row');
const openDialog = () => document.querySelector<HTMLElement>('dialog[open]')!;

describe('the Sessions tab', () => {
  it('lists every session with its device, address and times; only this device is marked', async () => {
    await renderTab();
    expect(rows()).toHaveLength(2);
    const [phone, laptop] = rows();
    expect(phone!.textContent).toContain('Safari on iOS');
    expect(phone!.textContent).toContain('203.0.113.9');
    expect(within(phone!).queryByText('This device')).toBeNull();
    expect(within(laptop!).getByText('This device')).toBeTruthy();
    expect(laptop!.querySelectorAll('time')).toHaveLength(3);
  });

  it('signs another device out after confirming: the list is read again, this device stays signed in', async () => {
    await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out the session of Safari on iOS from 203.0.113.9' }));
    expect(within(openDialog()).getByText('Sign out Safari on iOS?')).toBeTruthy();
    await act(async () => fireEvent.click(within(openDialog()).getByRole('button', { name: 'Sign out' })));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls()).toContain('DELETE /api/v1/me/sessions/00000000-0000-4000-8000-000000000002');
    expect(screen.getByRole('status').textContent).toBe('Safari on iOS was signed out.');
    expect(session.token()).toBe('gsm_s_this-device');
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it('"Sign out everywhere" asks first, then ends every session and goes to the sign-in page saying why', async () => {
    await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(within(openDialog()).getByText('Sign out on every device?')).toBeTruthy();
    within(openDialog()).getByRole('button', { name: 'Cancel' }).click();
    expect(calls()).not.toContain('POST /api/v1/me/sessions/revoke-all');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await act(async () => fireEvent.click(within(openDialog()).getByRole('button', { name: 'Sign out everywhere' })));
    await waitFor(() => expect(navigateMock).toHaveBeenCalledWith('/login', { replace: true }));
    expect(calls()).toContain('POST /api/v1/me/sessions/revoke-all');
    expect(session.token()).toBeNull();
    expect(flash.take()).toBe('You were signed out on every device. Sign in again to continue.');
  });

  it('signing this device out leaves for the sign-in page without the "session ended" message', async () => {
    await renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out the session of Firefox on Linux from 198.51.100.7' }));
    expect(within(openDialog()).getByText('Sign out this device?')).toBeTruthy();
    await act(async () => fireEvent.click(within(openDialog()).getByRole('button', { name: 'Sign out' })));
    await waitFor(() => expect(navigateMock).toHaveBeenCalledWith('/login', { replace: true }));
    expect(session.token()).toBeNull();
    expect(flash.take()).toBeNull();
  });
});

describe('deviceOf', () => {
  it('names the browser and the system of common user agents, and nothing it does not know', () => {
    expect(deviceOf(LAPTOP)).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(deviceOf(PHONE)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(
      deviceOf(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: 'curl', system: null });
    expect(deviceOf(null)).toEqual({ browser: null, system: null });
  });
});
