import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignIn as SignInPage } from '../../src/features/auth';

/**
 * The sign-in page's second step in jsdom against a stubbed API: after a right password of an account with a
 * second factor there is no session yet; the code goes with the challenge to /auth/login/second-factor, a refusal
 * is shown in words, and the session comes from the second answer. (The real thing: two-factor.e2e-spec.ts.)
 */
type Answer = { status: number; body: unknown };
let answers: Answer[] = [];
const requests: { url: string; body: unknown }[] = [];
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
    requests.push({ url: request.url, body: text ? JSON.parse(text) : null });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }),
);

let SignIn: typeof SignInPage;
beforeAll(async () => {
  ({ SignIn } = await import('../../src/features/auth'));
});
beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
});

async function open(): Promise<AnyRouter> {
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/login', component: SignIn }),
      createRoute({ getParentRoute: () => root, path: '/signup', component: () => <p>sign-up page</p> }),
      createRoute({ getParentRoute: () => root, path: '/servers', component: () => <p>servers page</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Sign in' });
  return router;
}

const STEP = {
  second_factor_required: true,
  challenge: 'challenge-1',
  methods: ['totp', 'recovery_code'],
  expires_at: '2030-01-01T00:00:00Z',
  passkey_options: null,
};

async function passwordStep() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'pioneer@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'browser-test-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByTestId('second-factor-step');
}

describe('the sign-in page with a second factor', () => {
  it('asks for the code after the password, shows a refusal, then signs in with the right code', async () => {
    answers = [
      { status: 200, body: STEP },
      {
        status: 401,
        body: {
          error: {
            code: 'Unauthenticated',
            message: 'the second factor is wrong or no longer valid',
            remedy: 'Enter the current code.',
          },
          request_id: 'r-1',
        },
      },
      { status: 200, body: { token: 'gsm_session_2fa', expires_at: '2030-01-01T00:00:00Z' } },
    ];
    const router = await open();
    await passwordStep();
    expect(localStorage.getItem('gsm.session')).toBeNull();
    const code = screen.getByLabelText('Code from your authenticator app');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter the current code.');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('servers page');
    expect(router.state.location.pathname).toBe('/servers');
    expect(localStorage.getItem('gsm.session')).toBe('gsm_session_2fa');
    expect(requests.map((r) => [new URL(r.url).pathname, r.body])).toEqual([
      ['/api/v1/auth/login', { email: 'pioneer@example.com', password: 'browser-test-password' }],
      ['/api/v1/auth/login/second-factor', { challenge: 'challenge-1', totp: '000000' }],
      ['/api/v1/auth/login/second-factor', { challenge: 'challenge-1', totp: '123456' }],
    ]);
    await act(async () => localStorage.clear());
  });

  it('takes a recovery code instead, and "start over" goes back to the password', async () => {
    answers = [
      { status: 200, body: STEP },
      { status: 200, body: { token: 'gsm_session_rc', expires_at: '2030-01-01T00:00:00Z' } },
    ];
    await open();
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('servers page');
    expect(requests[1]!.body).toEqual({ challenge: 'challenge-1', recovery_code: 'abcde-fghjk' });
    await act(async () => localStorage.clear());

    answers = [{ status: 200, body: STEP }];
    requests.length = 0;
    await open();
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await screen.findByLabelText('Password');
  });
});
