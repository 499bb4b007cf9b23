import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorNotice } from '../../src/components/ErrorNotice';
import { ConfirmButton, ErrorNote, Loadable, PANEL_HEADING, Table } from '../../src/components/ui';
import { ApiFailure } from '../../src/lib/api';
import { i18n } from '../../src/lib/i18n';

/**
 * The shared components every page leans on: failures show the API's message and remedy with a way on, Loadable is
 * never blank, the confirm dialog keeps the keyboard user's focus where it belongs, wide tables are reachable.
 */

/** Renders inside a one-route memory router (the components use the router's typed links) and a query client. */
async function renderInApp(ui: () => ReactNode) {
  const root = createRootRoute({ component: () => <>{ui()}</> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router as unknown as AnyRouter} />
    </QueryClientProvider>,
  );
  await act(() => router.load());
  return view;
}

const failure = (over: Partial<ConstructorParameters<typeof ApiFailure>> = []) => {
  const [status, code, message, remedy, details, requestId] = over;
  return new ApiFailure(
    status ?? 409,
    code ?? 'ServerNameTaken',
    message ?? 'a server with this name exists already',
    remedy === undefined ? 'Pick another name.' : remedy,
    details ?? null,
    requestId === undefined ? 'req-42' : requestId,
  );
};

afterEach(() => i18n.changeLanguage('en'));

describe('ErrorNotice and ErrorNote', () => {
  it('ErrorNotice shows the message as a sentence, the remedy, the request id, and retries', async () => {
    const retry = vi.fn();
    await renderInApp(() => <ErrorNotice error={failure()} title="Saving failed" onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.notice-title')?.textContent).toBe(
      'Saving failed: A server with this name exists already',
    );
    expect(screen.getByTestId('remedy').textContent).toBe('Pick another name.');
    expect(alert.textContent).toContain('Request id req-42');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("ErrorNotice takes any thrown value, and speaks the reader's language around the API's words", async () => {
    await i18n.changeLanguage('de');
    await renderInApp(() => <ErrorNotice error={new Error('boom')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').querySelector('.notice-title')?.textContent).toBe('Boom');
    expect(screen.queryByTestId('remedy')).toBeNull();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('ErrorNote shows the API message and remedy, and links to the plans when the plan is the limit', async () => {
    await renderInApp(() => (
      <ErrorNote
        error={failure([402, 'PlanLimitReached', 'your plan allows 1 server', 'Upgrade to add more servers.'])}
      />
    ));
    expect(screen.getByRole('alert').querySelector('.notice-title')?.textContent).toBe('Your plan allows 1 server');
    expect(screen.getByTestId('remedy').textContent).toBe('Upgrade to add more servers.');
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/settings/plan');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('ErrorNote says how many servers to remove when the API only counts them', async () => {
    await renderInApp(() => (
      <ErrorNote
        error={failure([409, 'TooManyServers', 'the new plan allows fewer servers', null, { to_remove: 2 }])}
      />
    ));
    expect(screen.getByTestId('remedy').textContent).toBe('Remove 2 servers first, then change the plan.');
    expect(screen.getByRole('link', { name: 'Go to your servers' }).getAttribute('href')).toBe('/servers');
  });
});

describe('Loadable', () => {
  function Tokens(props: { load: () => Promise<string[]> }) {
    const query = useQuery({ queryKey: ['tokens'], queryFn: props.load });
    return (
      <Loadable state={query} what="API tokens">
        {(tokens) => (
          <ul>
            {tokens.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </Loadable>
    );
  }

  it('says what is loading, then shows the data', async () => {
    let resolve!: (v: string[]) => void;
    await renderInApp(() => <Tokens load={() => new Promise((r) => (resolve = r))} />);
    expect(screen.getByRole('status').textContent).toBe('Loading API tokens…');
    await act(async () => resolve(['ci', 'grafana']));
    expect((await screen.findAllByRole('listitem')).map((li) => li.textContent)).toEqual(['ci', 'grafana']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failure with its remedy, and "Try again" fetches anew', async () => {
    const load = vi.fn().mockRejectedValueOnce(failure()).mockResolvedValueOnce(['ci']);
    await renderInApp(() => <Tokens load={load} />);
    expect((await screen.findByTestId('remedy')).textContent).toBe('Pick another name.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('listitem')).textContent).toBe('ci');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('turns a thrown non-API value into a message with a remedy', async () => {
    await renderInApp(() => <Tokens load={() => Promise.reject(new Error('unexpected answer'))} />);
    expect((await screen.findByRole('alert')).querySelector('.notice-title')?.textContent).toBe('Unexpected answer');
    expect(screen.getByTestId('remedy').textContent).toBe('Reload the page; if it happens again, tell us.');
  });

  it('without a name, says it is loading', async () => {
    await renderInApp(() => (
      <Loadable state={{ data: undefined, error: null, refetch: () => undefined }}>{() => null}</Loadable>
    ));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});

describe('ConfirmButton', () => {
  // jsdom has <dialog> without its modal methods; these do what the browser does to the element.
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });

  /** The browser's Escape on a modal dialog: a cancelable "cancel" event. */
  const pressEscape = (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true }));

  async function setUp(action: () => Promise<unknown>) {
    await renderInApp(() => (
      <>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          API tokens
        </h2>
        <ConfirmButton target='token "ci"' question='Revoke token "ci"?' confirm="Revoke" action={action}>
          Revoke
        </ConfirmButton>
      </>
    ));
    const trigger = screen.getByRole('button', { name: 'Revoke token "ci"' });
    const dialog = document.querySelector('dialog')!;
    return { trigger, dialog };
  }

  it('opens on the Cancel button; Escape closes it and gives the focus back, without acting', async () => {
    const action = vi.fn(async () => undefined);
    const { trigger, dialog } = await setUp(action);
    trigger.focus();
    fireEvent.click(trigger);
    expect(dialog.open).toBe(true);
    expect(document.activeElement?.textContent).toBe('Cancel');
    pressEscape(dialog);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(trigger);
    expect(action).not.toHaveBeenCalled();
  });

  it('confirming acts once, says it is working, then closes and focuses the panel heading', async () => {
    let finish!: () => void;
    const action = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { trigger, dialog } = await setUp(action);
    fireEvent.click(trigger);
    const confirm = screen.getByRole('button', { name: 'Revoke' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.textContent).toBe('Working…'));
    fireEvent.click(confirm);
    expect(action).toHaveBeenCalledOnce();
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    await act(async () => finish());
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(document.activeElement?.id).toBe(PANEL_HEADING);
  });

  it('a failure stays in the dialog with the remedy; opening again starts clean', async () => {
    const action = vi.fn().mockRejectedValue(failure([403, 'Forbidden', 'only admins revoke tokens', 'Ask an admin.']));
    const { trigger, dialog } = await setUp(action);
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByTestId('remedy')).textContent).toBe('Ask an admin.');
    expect(dialog.open).toBe(true);
    pressEscape(dialog);
    fireEvent.click(trigger);
    await waitFor(() => expect(screen.queryByTestId('remedy')).toBeNull());
    expect(dialog.open).toBe(true);
  });
});

describe('Table', () => {
  it('is a named region the keyboard can reach and scroll, with a name for the actions column', async () => {
    await renderInApp(() => (
      <Table label="API tokens" head={['Name', '']}>
        <tr>
          <td>ci</td>
          <td />
        </tr>
      </Table>
    ));
    const region = screen.getByRole('region', { name: 'API tokens' });
    expect(region.tabIndex).toBe(0);
    expect(region.classList.contains('table-wrap')).toBe(true);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Actions']);
  });
});
