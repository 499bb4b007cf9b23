import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignIn as SignInPage } from '../../src/features/auth';

/**
 * The sign-in page in jsdom against a stubbed API: the form's own checks (errors tied to their fields, focus on
 * the first invalid one, no request), the API's refusal in words, the session-ended message, and the way on to
 * the servers. openapi-fetch takes `fetch` when the client is made, so the stub is in place before the import.
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
  sessionStorage.clear();
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

const email = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('the sign-in page', () => {
  it('checks the form first: each error tied to its field, focus on the first, nothing sent', async () => {
    await open();
    submit();
    await screen.findByText('Enter your e-mail address.');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    const describedBy = email().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter your e-mail address.');
    expect(password().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(document.activeElement).toBe(email());
    fireEvent.change(email(), { target: { value: 'not-an-address' } });
    fireEvent.change(password(), { target: { value: 'x' } });
    submit();
    await screen.findByText('Enter a valid e-mail address.');
    expect(requests).toEqual([]);
  });

  it('shows the API’s refusal with its remedy, and stays on the page', async () => {
    answer = {
      status: 401,
      body: {
        error: {
          code: 'Unauthenticated',
          message: 'the e-mail or the password is wrong',
          remedy: 'Check both and try again.',
        },
        request_id: 'r-1',
      },
    };
    const router = await open();
    fireEvent.change(email(), { target: { value: ' pioneer@example.com ' } });
    fireEvent.change(password(), { target: { value: 'wrong-password' } });
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail or the password is wrong');
    expect(alert.textContent).toContain('Check both and try again.');
    expect(requests).toEqual([
      {
        url: expect.stringMatching(/\/api\/v1\/auth\/login$/),
        body: { email: 'pioneer@example.com', password: 'wrong-password' },
      },
    ]);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('gsm.session')).toBeNull();
  });

  it('signs in: the session is kept and the servers open', async () => {
    answer = { status: 200, body: { token: 'gsm_session_abc', expires_at: '2030-01-01T00:00:00Z' } };
    const router = await open();
    fireEvent.change(email(), { target: { value: 'pioneer@example.com' } });
    fireEvent.change(password(), { target: { value: 'browser-test-password' } });
    submit();
    await screen.findByText('servers page');
    expect(router.state.location.pathname).toBe('/servers');
    expect(localStorage.getItem('gsm.session')).toBe('gsm_session_abc');
    await act(async () => localStorage.clear());
  });

  it('says that the session ended, in the reader’s words', async () => {
    sessionStorage.setItem('gsm.flash', 'Your session has ended. Sign in again to continue.');
    await open();
    const note = screen.getByTestId('session-ended-message');
    expect(note.textContent).toContain('Your session has ended');
    expect(note.textContent).toContain('Sign in again to continue.');
    await waitFor(() => expect(sessionStorage.getItem('gsm.flash')).toBeNull());
  });

  it('passes on a reason the platform gave', async () => {
    sessionStorage.setItem('gsm.flash', 'You were signed out: the session was revoked');
    await open();
    expect(screen.getByTestId('session-ended-message').textContent).toContain('the session was revoked');
  });
});
