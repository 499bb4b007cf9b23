import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the `fetch` it finds when it is created: the stand-in must be there before the imports.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = f as unknown as typeof fetch;
  return f;
});

import { i18n } from '../../src/lib/i18n';
import { PasskeysCard } from '../../src/features/security/PasskeysCard';
import { queryClient } from '../../src/lib/query';

/**
 * Renaming a passkey in Settings -> Security as a user does it: "Rename" on its row, the name checked before it is
 * sent (empty, too long), the API's refusal shown in words, and the list read again with the new name. (The real
 * thing, through Chromium's virtual authenticator: apps/web/test/security.e2e-spec.ts.)
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ID = '0b0e7f43-8a1c-4d2e-9f10-5a6b7c8d9e0f';
let passkeys: { id: string; name: string; created_at: string; last_used_at: string | null }[];
let patched: unknown[];
let answerPatch: (body: { name: string }) => Response;

beforeEach(() => {
  passkeys = [{ id: ID, name: 'Passkey 1', created_at: '2026-11-20T10:00:00Z', last_used_at: null }];
  patched = [];
  answerPatch = (body) => {
    passkeys[0] = { ...passkeys[0]!, name: body.name };
    return json(200, passkeys[0]);
  };
  fetchMock.mockImplementation(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/me/passkeys' && request.method === 'GET') return json(200, passkeys);
    if (path === `/api/v1/me/passkeys/${ID}` && request.method === 'PATCH') {
      const body = (await request.json()) as { name: string };
      patched.push(body);
      return answerPatch(body);
    }
    return json(404, { error: { code: 'NotFound', message: 'not here' } });
  });
});

afterEach(async () => {
  // Unmounted first: a mounted list would read the passkeys again into the emptied cache.
  cleanup();
  queryClient.clear();
  await act(async () => i18n.changeLanguage('en'));
});

const open = async () => {
  render(
    <QueryClientProvider client={queryClient}>
      <PasskeysCard />
    </QueryClientProvider>,
  );
  const row = await screen.findByRole('row', { name: /Passkey 1/ });
  fireEvent.click(within(row).getByRole('button', { name: 'Rename the passkey “Passkey 1”' }));
  return screen.getByLabelText('New name for “Passkey 1”');
};

describe('renaming a passkey', () => {
  it('checks the name, sends the trimmed one, and shows the list with it', async () => {
    const input = await open();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Enter a name, so you can tell your passkeys apart.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Use at most 100 characters.')).toBeTruthy();
    expect(patched).toEqual([]);

    fireEvent.change(input, { target: { value: '  Work laptop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Passkey “Passkey 1” renamed to “Work laptop”.')).toBeTruthy();
    expect(patched).toEqual([{ name: 'Work laptop' }]);
    await waitFor(() => expect(screen.getByRole('row', { name: /Work laptop/ })).toBeTruthy());
    expect(screen.queryByLabelText(/New name for/)).toBeNull();
  });

  it("shows the API's refusal and keeps the form open; cancel closes it unchanged", async () => {
    answerPatch = () =>
      json(404, {
        error: { code: 'NotFound', message: 'passkey not found', remedy: 'Reload the page: it was removed.' },
      });
    const input = await open();
    fireEvent.change(input, { target: { value: 'Phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Reload the page: it was removed.');
    expect(screen.getByLabelText('New name for “Passkey 1”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/New name for/)).toBeNull();
    expect(screen.getByRole('row', { name: /Passkey 1/ })).toBeTruthy();
  });

  it('speaks the reader’s language', async () => {
    await act(async () => i18n.changeLanguage('de'));
    render(
      <QueryClientProvider client={queryClient}>
        <PasskeysCard />
      </QueryClientProvider>,
    );
    const row = await screen.findByRole('row', { name: /Passkey 1/ });
    expect(within(row).getByRole('button', { name: 'Passkey „Passkey 1“ umbenennen' }).textContent).toBe('Umbenennen');
  });
});
