import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConfirmRecipient as ConfirmRecipientPage } from '../../src/features/auth';

/**
 * The page of an e-mail recipient's confirmation link in jsdom against a stubbed API: the token comes from the
 * link's fragment, nothing is confirmed until the reader clicks, and the API's refusal is shown with its remedy.
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

let ConfirmRecipient: typeof ConfirmRecipientPage;
beforeAll(async () => {
  ({ ConfirmRecipient } = await import('../../src/features/auth'));
});

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfirmRecipient />
    </QueryClientProvider>,
  );

describe('the confirm-recipient page', () => {
  it('takes the token from the link, confirms only on a click, and says which address now gets alerts', async () => {
    window.history.replaceState(null, '', '/confirm-recipient#token=tok_abcdefghijklmnopqrstuvwxyz');
    open();
    const field = (await screen.findByLabelText('Confirmation code')) as HTMLInputElement;
    expect(field.value).toBe('tok_abcdefghijklmnopqrstuvwxyz');
    expect(requests).toEqual([]);
    answer = {
      status: 200,
      body: { address: 'ops@example.com', channel_name: 'Ops mail', confirmed_at: '2026-11-28T00:00:00Z' },
    };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and receive alerts' })));
    await screen.findByText('ops@example.com now receives the alerts of the channel “Ops mail”.');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(/\/api\/v1\/alert-recipients\/confirm$/);
    expect(requests[0]!.body).toEqual({ token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    expect(window.location.hash).toBe('');
  });

  it("shows the API's refusal of a used or expired link with what to do", async () => {
    requests.length = 0;
    window.history.replaceState(null, '', '/confirm-recipient#token=old');
    answer = {
      status: 400,
      body: {
        error: {
          code: 'ValidationFailed',
          message: 'this confirmation link is not valid',
          remedy: 'Ask the channel owner to send a new link.',
        },
        request_id: 'r1',
      },
    };
    open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and receive alerts' })));
    await screen.findByText(/confirmation link is not valid/i);
    expect(screen.getByText(/Ask the channel owner to send a new link/)).toBeTruthy();
  });
});
