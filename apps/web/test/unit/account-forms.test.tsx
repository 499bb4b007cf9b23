import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Auth from '../../src/features/auth';
import type { AccountTab as AccountTabPanel } from '../../src/features/settings/AccountTab';

/**
 * The account pages of issue 22 in jsdom against a stubbed API: "Forgot password?", the reset and verification
 * links (token from the fragment), and Settings > Account's password change. The form's own checks send nothing;
 * the API's refusals are shown in the reader's words.
 */
type Answer = { status: number; body: unknown };
let answer: Answer = { status: 200, body: {} };
const requests: { url: string; body: unknown }[] = [];
vi.stubGlobal('scrollTo', () => undefined);
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const text = await request.text();
    requests.push({ url: request.url, body: text ? JSON.parse(text) : null });
    return answer.status === 204
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
  }),
);

let pages: typeof Auth;
let AccountTab: typeof AccountTabPanel;
beforeAll(async () => {
  pages = await import('../../src/features/auth');
  ({ AccountTab } = await import('../../src/features/settings/AccountTab'));
});
beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: {} };
});

const refusal = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message, remedy: 'the API remedy' }, request_id: 'r1' },
});

async function open(Page: () => React.JSX.Element, path: string): Promise<void> {
  window.history.replaceState(null, '', path);
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: path.split('#')[0]!, component: Page }),
      createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>sign-in page</p> }),
      createRoute({ getParentRoute: () => root, path: '/servers', component: () => <p>servers page</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: [path.split('#')[0]!] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('Forgot password?', () => {
  it('checks the address first, then asks for the link and says a mail is on its way if an account exists', async () => {
    await open(pages.ForgotPassword, '/forgot-password');
    type('E-mail', 'not an address');
    await click('Send the link');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(requests).toEqual([]);
    answer = { status: 202, body: { status: 'accepted' } };
    type('E-mail', 'ada@example.com');
    await click('Send the link');
    await screen.findByText(/If an account exists for ada@example.com, a mail with a link/);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(/\/api\/v1\/auth\/password-reset$/);
    expect(requests[0]!.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('the reset link page', () => {
  it('takes the token from the fragment, needs the new password twice, sets it and forgets the link', async () => {
    await open(pages.ResetPassword, '/reset-password#token=reset-token-123');
    expect(screen.queryByLabelText('Reset code')).toBeNull();
    type('New password', 'short');
    type('Repeat the new password', 'short');
    await click('Set the new password');
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    type('New password', 'a long new password');
    type('Repeat the new password', 'a long new passwort');
    await click('Set the new password');
    expect(await screen.findByText('The two passwords differ.')).toBeTruthy();
    expect(requests).toEqual([]);
    answer = { status: 204, body: null };
    type('Repeat the new password', 'a long new password');
    await click('Set the new password');
    await screen.findByText('Your new password is set and every session of your account was signed out.');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(/\/api\/v1\/auth\/password-reset\/confirm$/);
    expect(requests[0]!.body).toEqual({ token: 'reset-token-123', password: 'a long new password' });
    expect(window.location.hash).toBe('');
  });

  it('says in words that a link expired and where to get a new one', async () => {
    await open(pages.ResetPassword, '/reset-password#token=old');
    answer = refusal(410, 'LinkExpired', 'the password reset link expired');
    type('New password', 'a long new password');
    type('Repeat the new password', 'a long new password');
    await click('Set the new password');
    expect(await screen.findByText('This reset link has expired')).toBeTruthy();
    expect(screen.getByText('Ask for a new one on the “Forgot password?” page.')).toBeTruthy();
  });
});

describe('the verification link page', () => {
  it('verifies the token of the fragment at once and shows the result', async () => {
    answer = { status: 200, body: { status: 'verified' } };
    await open(pages.VerifyEmail, '/verify-email#token=verify-token-456');
    await screen.findByText(/your e-mail address is verified/);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual({ token: 'verify-token-456' });
    expect(window.location.hash).toBe('');
  });

  it('a used link: the refusal in words, and a field for another code', async () => {
    answer = refusal(400, 'LinkInvalid', 'the verification link was used already');
    await open(pages.VerifyEmail, '/verify-email#token=used');
    expect(await screen.findByText('This verification link is not valid or was used already')).toBeTruthy();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
  });
});

describe('Settings > Account: change password', () => {
  const openTab = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AccountTab />
      </QueryClientProvider>,
    );

  it('a wrong current password is shown at its field; a right one changes it and empties the form', async () => {
    openTab();
    type('Current password', 'not mine');
    type('New password', 'a changed password');
    type('Repeat the new password', 'a changed password');
    answer = {
      status: 400,
      body: {
        error: {
          code: 'ValidationFailed',
          message: 'the current password is wrong',
          details: { fields: [{ field: 'current_password', problem: 'is wrong' }] },
        },
        request_id: 'r2',
      },
    };
    await click('Change password');
    expect(await screen.findByText('This is not your current password.')).toBeTruthy();
    expect(requests[0]!.url).toMatch(/\/api\/v1\/me\/password$/);
    expect(requests[0]!.body).toEqual({ current_password: 'not mine', new_password: 'a changed password' });

    answer = { status: 204, body: null };
    type('Current password', 'my real password');
    await click('Change password');
    await screen.findByText('Your password was changed. Your other sessions were signed out.');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
