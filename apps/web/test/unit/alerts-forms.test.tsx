import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The typed client keeps the fetch it finds when it is created: put the fake in place before anything imports it.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const { AddChannel } = await import('../../src/features/alerts/ChannelForms');
const { RuleForm } = await import('../../src/features/alerts/RuleForm');

/**
 * The alert forms in the DOM: an invalid value is refused before any request, the focus goes to the first invalid
 * field and its error is part of the field's description; the API's own field problems land on the fields too.
 */
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>{node}</Suspense>
    </QueryClientProvider>,
  );
}

/** The texts that describe a control (aria-describedby), in order. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const DISCORD = 'https://discord.com/api/webhooks/123456789012345678/abc';

beforeEach(() => fetchMock.mockReset());

describe('the add-channel form', () => {
  it('refuses a wrong webhook URL before any request: focus on the field, the error in its description', async () => {
    wrap(<AddChannel onCreated={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ops' } });
    const url = screen.getByLabelText('Webhook URL');
    fireEvent.change(url, { target: { value: 'https://example.com/not-discord' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));

    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(url);
    expect(description(url)).toMatch(/^This is not a Discord webhook URL.* \| In Discord open Server Settings/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the channel with the chosen language of its messages', async () => {
    const created = vi.fn();
    fetchMock.mockImplementation(() =>
      answer(201, {
        id: 'c1',
        kind: 'discord',
        name: 'Ops',
        enabled: true,
        locale: 'de',
        target: 'discord.com/api/webhooks/••••',
        created_at: '',
        updated_at: '',
        last_delivery: null,
      }),
    );
    wrap(<AddChannel onCreated={created} />);
    const language = (await screen.findByLabelText('Language of the messages')) as HTMLSelectElement;
    expect([...language.options].map((o) => o.textContent)).toEqual([
      'English',
      'Deutsch',
      'Español',
      'Français',
      'Nederlands',
    ]);
    expect(language.value).toBe('en');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ops' } });
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: DISCORD } });
    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));

    await waitFor(() => expect(created).toHaveBeenCalledOnce());
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/notification-channels');
    expect(await request.json()).toEqual({ kind: 'discord', name: 'Ops', locale: 'de', config: { url: DISCORD } });
  });

  it('puts the API’s field problem on its field and moves the focus there', async () => {
    fetchMock.mockImplementation(() =>
      answer(422, {
        error: {
          code: 'TargetNotAllowed',
          message: 'that address is in a private network',
          details: { field: 'config.url' },
        },
      }),
    );
    wrap(<AddChannel onCreated={() => undefined} />);
    const url = await screen.findByLabelText('Webhook URL');
    fireEvent.change(url, { target: { value: DISCORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));

    await waitFor(() => expect(description(url)).toMatch(/^that address is in a private network/));
    expect(document.activeElement).toBe(url);
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the e-mail kind’s recipients, named in the error', async () => {
    wrap(<AddChannel onCreated={() => undefined} />);
    await act(async () => fireEvent.click(await screen.findByRole('radio', { name: /e-mail/i })));
    const to = screen.getByLabelText('Recipients');
    fireEvent.change(to, { target: { value: 'ops@example.com, nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(description(to)).toMatch(/^“nobody” is not an e-mail address\./));
    expect(document.activeElement).toBe(to);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the rule form', () => {
  const kind = {
    kind: 'player_count_above',
    title: 'Many players',
    description: 'More players than the threshold are online.',
    severity: 'info' as const,
    per_instance: false,
    event: false,
    requires_addon: false,
    params: [
      {
        name: 'above',
        label: 'Above',
        type: 'integer',
        unit: 'players',
        min: 0,
        max: 1000,
        default: null,
        required: true,
      },
    ],
    defaults: { pending_seconds: 0, pending_polls: 1 },
  };

  it('is generated from the kind: a required threshold left empty stops the form at that field', async () => {
    wrap(<RuleForm serverId="s1" kind={kind} channels={[]} onDone={() => undefined} />);
    const above = await screen.findByLabelText('Above (players)');
    expect(description(above)).toBe('From 0 to 1,000.');
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(above.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(above);
    expect(description(above)).toBe('Enter a number. | From 0 to 1,000.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a new rule with its kind once every field is valid', async () => {
    const done = vi.fn();
    fetchMock.mockImplementation(() => answer(201, { id: 'r1', name: 'Many players' }));
    wrap(<RuleForm serverId="s1" kind={kind} channels={[]} onDone={done} />);
    fireEvent.change(await screen.findByLabelText('Above (players)'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(done).toHaveBeenCalledWith('Rule “Many players” added.'));
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/v1/servers/s1/alert-rules');
    expect(await request.json()).toMatchObject({ kind: 'player_count_above', params: { above: 8 }, channel_ids: null });
  });
});
