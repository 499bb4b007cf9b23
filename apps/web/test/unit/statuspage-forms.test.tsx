import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the `fetch` it finds when it is created: the stand-in must be there before the imports.
const fetchMock = vi.hoisted(() => {
  const f = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = f as unknown as typeof fetch;
  return f;
});

import { CreateStatusPage } from '../../src/features/settings/statuspage/CreateStatusPage';
import { PostIncident } from '../../src/features/settings/statuspage/StatusIncidents';
import { i18n } from '../../src/lib/i18n';
import { queryClient } from '../../src/lib/query';

/**
 * The status pages' settings forms as an operator uses them (react-hook-form + zod with the API's limits): a bad
 * address or an empty title is said at the field and nothing is sent; a valid page is sent trimmed with its chosen
 * servers; the API's refusal of a field (slug taken) lands on that field; an incident needs a message. (The real
 * thing, with the platform behind it: apps/web/test/status-page.e2e-spec.ts.)
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SERVERS = [
  { id: '6a0c2a4e-1111-4d2e-9f10-5a6b7c8d9e01', name: 'Alpha' },
  { id: '6a0c2a4e-2222-4d2e-9f10-5a6b7c8d9e02', name: 'Beta' },
] as never;
const PAGE_ID = '0b0e7f43-8a1c-4d2e-9f10-5a6b7c8d9e0f';
let sent: { path: string; body: unknown }[];
let answer: (path: string, body: unknown) => Response;

beforeEach(() => {
  sent = [];
  answer = (path, body) =>
    path === '/api/v1/status-pages'
      ? json(201, { id: PAGE_ID, ...(body as object), url: `/status/${(body as { slug: string }).slug}` })
      : json(201, { id: 'i1' });
  fetchMock.mockImplementation(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST') {
      const body = await request.json();
      sent.push({ path, body });
      return answer(path, body);
    }
    return json(200, []);
  });
});

afterEach(async () => {
  cleanup();
  queryClient.clear();
  await act(async () => i18n.changeLanguage('en'));
});

const show = (ui: React.ReactNode) => render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);

describe('publishing a status page', () => {
  it('checks the address and title at their fields and sends nothing until they are right', async () => {
    show(<CreateStatusPage servers={SERVERS} />);
    fireEvent.change(screen.getByLabelText('Address (slug)'), { target: { value: 'Our Servers!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Use 2-63 lowercase letters, digits or dashes, starting with a letter or digit.'),
    ).toBeTruthy();
    expect(screen.getByText('Enter a title.')).toBeTruthy();
    expect(screen.getByLabelText('Address (slug)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends the page trimmed with the chosen servers, says where it is published, and empties the form', async () => {
    show(<CreateStatusPage servers={SERVERS} />);
    fireEvent.change(screen.getByLabelText('Address (slug)'), { target: { value: ' community ' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  Our servers ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Beta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published at /status/community.')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/api/v1/status-pages',
        body: { slug: 'community', title: 'Our servers', server_ids: ['6a0c2a4e-2222-4d2e-9f10-5a6b7c8d9e02'] },
      },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect((screen.getByRole('checkbox', { name: 'Beta' }) as HTMLInputElement).checked).toBe(false);
  });

  it("puts the API's refusal of the address on the address field", async () => {
    answer = () =>
      json(400, {
        error: {
          code: 'ValidationFailed',
          message: 'the body is not valid',
          details: { fields: [{ field: 'slug', problem: 'this address is taken' }] },
        },
      });
    show(<CreateStatusPage servers={SERVERS} />);
    fireEvent.change(screen.getByLabelText('Address (slug)'), { target: { value: 'taken' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Ours' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('this address is taken')).toBeTruthy();
    expect(screen.getByLabelText('Address (slug)').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('posting an incident', () => {
  it('needs a title and a message, then sends them trimmed with the impact', async () => {
    show(<PostIncident pageId={PAGE_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Post incident' }));
    expect(await screen.findByText('Enter a message.')).toBeTruthy();
    expect(screen.getByText('Enter a title.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Incident title'), { target: { value: ' Trains stall ' } });
    fireEvent.change(screen.getByLabelText('Impact'), { target: { value: 'major' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: ' We are on it. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post incident' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: `/api/v1/status-pages/${PAGE_ID}/incidents`,
      body: { title: 'Trains stall', impact: 'major', message: 'We are on it.' },
    });
  });
});
