import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationPage as InvitationPageType } from '../../src/features/auth';

/**
 * The page of an invitation mail's link in jsdom against a stubbed API, signed in: the code comes from the link's
 * fragment, nothing is accepted until the reader clicks, and each refusal says why in the reader's words.
 */
type Answer = { status: number; body: unknown };
let answer: Answer = { status: 200, body: {} };
const requests: { url: string; body: unknown; auth: string | null }[] = [];
const ACCOUNT_READS = ['/api/v1/me', '/api/v1/billing/subscription'];
vi.stubGlobal('scrollTo', () => undefined);
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    // The frame's language picker reads the signed-in account (GET /me, /billing/subscription): answered apart,
    // as not found, and not among the page's requests.
    if (ACCOUNT_READS.includes(new URL(request.url).pathname))
      return new Response(JSON.stringify({ error: { code: 'NotFound', message: 'not in this test' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const text = await request.text();
    requests.push({
      url: request.url,
      body: text ? JSON.parse(text) : null,
      auth: request.headers.get('authorization'),
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }),
);

let InvitationPage: typeof InvitationPageType;
// Signed in (the setup empties localStorage after each test).
beforeEach(() => localStorage.setItem('gsm.session', 'gsm_s_test'));
beforeAll(async () => {
  ({ InvitationPage } = await import('../../src/features/auth'));
});

const refusal = (reason: string, status = 403): Answer => ({
  status,
  body: {
    error: { code: status === 403 ? 'Forbidden' : 'NotFound', message: 'refused', remedy: 'r', details: { reason } },
    request_id: 'r1',
  },
});

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationPage />
    </QueryClientProvider>,
  );

describe('the invitation page, signed in', () => {
  it('takes the code from the link and accepts only on a click, with the session', async () => {
    window.history.replaceState(null, '', '/invitations/accept#token=gsm_i_abcDEF-123_x');
    answer = refusal('email_unverified');
    open();
    const field = (await screen.findByLabelText('Invitation link or code')) as HTMLInputElement;
    expect(field.value).toBe('gsm_i_abcDEF-123_x');
    expect(requests).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' })));
    const said = await screen.findByTestId('invitation-refused');
    expect(said.getAttribute('data-reason')).toBe('email_unverified');
    expect(said.textContent).toMatch(/^Verify your e-mail address first/);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(/\/api\/v1\/invitations\/accept$/);
    expect(requests[0]!.body).toEqual({ token: 'gsm_i_abcDEF-123_x' });
    expect(requests[0]!.auth).toBe('Bearer gsm_s_test');
  });

  it('another address: says so and offers to sign in with another account; a withdrawn one: ask for a new one', async () => {
    window.history.replaceState(null, '', '/invitations/accept#token=gsm_i_other');
    answer = refusal('other_email');
    const { unmount } = open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' })));
    expect((await screen.findByTestId('invitation-refused')).textContent).toMatch(/another e-mail address/);
    expect(screen.getByRole('button', { name: 'Sign in with another account' })).toBeTruthy();
    unmount();

    answer = refusal('revoked', 404);
    open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' })));
    expect((await screen.findByTestId('invitation-refused')).textContent).toMatch(/withdrawn.*new one/);
    expect(screen.queryByRole('button', { name: 'Sign in with another account' })).toBeNull();
  });
});
