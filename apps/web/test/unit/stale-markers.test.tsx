import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Panel } from '../../src/components/Panel';
import { Overlay } from '../../src/features/overlay';
import { ServerRow } from '../../src/features/servers/ServerRow';
import type { ServerView } from '../../src/features/servers/api';
import { DEFAULT_INTERVALS } from '../../src/lib/account';
import type { ConnInfo } from '../../src/live/realtime';
import { SHARED_KEY } from '../../src/live/source';
import { liveStore, type DataOf } from '../../src/live/store';

/**
 * The stale markers: data whose newest poll is older than three polling intervals (components/Panel.tsx, isStale)
 * says so, on a dashboard panel, in the servers list's "last seen" cell and on the stream overlay; fresh data says
 * nothing. A marker that disappears fails here.
 */

vi.stubGlobal('scrollTo', () => undefined);

// The overlay's connection and public reads, without a socket or the network: the connection is whatever `conn` is.
let conn: ConnInfo = { state: 'connected', attempt: 0, message: null, connects: 1, notice: null };
vi.mock('../../src/live/hooks', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  useShareLive: () => null,
  useConnection: () => conn,
}));
vi.mock('../../src/live/seed', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  seedLatest: vi.fn(async () => undefined),
}));
vi.mock('../../src/features/share', () => ({
  useShare: () => ({ data: { server: { name: 'Healthy base', addon_status: 'available' } }, error: null }),
  shareSource: (token: string) => ({ key: 'shared', base: `/api/v1/public/${token}`, auth: false }),
  InvalidShare: () => <p>invalid link</p>,
}));

const INTERVAL = DEFAULT_INTERVALS.health; // seconds: stale after 3 × 10 s without a new poll
const THRESHOLD_MS = 3 * INTERVAL * 1000;
const ago = (ms: number) => Date.now() - ms;

const HEALTH = {
  status: 'online',
  tickRate: 29.8,
  playerCount: 2,
  playerLimit: 4,
  techTier: 3,
  gamePhase: 1,
  gamePhaseName: 'Phase 1',
} as unknown as DataOf<'health'>;

describe('the stale marker of a dashboard panel', () => {
  const panel = (time: number | null) =>
    render(
      <Panel id="health" title="Health" time={time} interval={INTERVAL}>
        <p>figures</p>
      </Panel>,
    );

  it('says the data is stale, and for how long, when the newest poll is older than three intervals', async () => {
    panel(ago(5 * 60_000));
    const marker = await screen.findByRole('status');
    expect(marker.textContent).toBe('Stale — no new data for 5 min; polling may have stopped');
    expect(screen.getByText('figures')).toBeTruthy(); // the last data stays shown under it
  });

  it('marks a sample just past the threshold', async () => {
    panel(ago(THRESHOLD_MS + 10_000));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Stale — no new data for 4\d sec/);
  });

  it('says nothing for fresh data, data within the threshold, or before the first poll', () => {
    for (const time of [Date.now(), ago(THRESHOLD_MS - 10_000), null]) {
      const { unmount } = panel(time);
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByText(/Stale/)).toBeNull();
      unmount();
    }
  });
});

describe('the stale pill of a server in the list', () => {
  const ID = '77777777-7777-4777-8777-777777777777';
  const server = {
    id: ID,
    name: 'Healthy base',
    host: '203.0.113.10',
    port: 7777,
    addon_http_port: 8080,
    addon_ws_port: 8081,
    status: 'online',
    addon_status: 'available',
    last_seen_at: null,
    created_at: '2030-01-01T00:00:00Z',
  } as unknown as ServerView;

  async function row(healthTime: number): Promise<HTMLElement> {
    liveStore.forget(ID);
    liveStore.seedKind(ID, 'health', healthTime, HEALTH);
    const root = createRootRoute();
    const router = createRouter({
      routeTree: root.addChildren([
        createRoute({
          getParentRoute: () => root,
          path: '/servers',
          component: () => (
            <table>
              <tbody>
                <ServerRow server={server} healthInterval={INTERVAL} />
              </tbody>
            </table>
          ),
        }),
        createRoute({ getParentRoute: () => root, path: '/servers/$id', component: () => <p>server page</p> }),
      ]),
      history: createMemoryHistory({ initialEntries: ['/servers'] }),
    });
    render(<RouterProvider router={router} />);
    return screen.findByTestId('server-row');
  }

  it('shows "stale", with its hint, when the newest health poll is older than three intervals', async () => {
    const r = await row(ago(THRESHOLD_MS + 60_000));
    const pill = within(r).getByTitle('No new poll for more than three polling intervals');
    expect(pill.textContent).toBe('stale');
    // The figures of the last poll stay in the row.
    expect(within(r).getByText('29.8')).toBeTruthy();
  });

  it('shows no pill for a fresh poll', async () => {
    const r = await row(Date.now());
    expect(within(r).getByText('29.8')).toBeTruthy();
    expect(within(r).queryByText('stale')).toBeNull();
    expect(within(r).queryByTitle('No new poll for more than three polling intervals')).toBeNull();
  });
});

describe('the stale note of the stream overlay', () => {
  beforeEach(() => {
    liveStore.forget(SHARED_KEY);
    conn = { state: 'connected', attempt: 0, message: null, connects: 1, notice: null };
  });

  it('says "Stale — no new data" when connected but the newest health poll is older than three intervals', async () => {
    liveStore.seedKind(SHARED_KEY, 'health', ago(THRESHOLD_MS + 60_000), HEALTH);
    render(<Overlay token="share-token" />);
    expect(await screen.findByText('Stale — no new data')).toBeTruthy();
    expect(screen.getByTestId('overlay-tick-rate').textContent).toBe('29.8');
  });

  it('says nothing of staleness for a fresh poll', async () => {
    liveStore.seedKind(SHARED_KEY, 'health', Date.now(), HEALTH);
    render(<Overlay token="share-token" />);
    expect((await screen.findByTestId('overlay-tick-rate')).textContent).toBe('29.8');
    expect(screen.queryByText(/Stale/)).toBeNull();
  });

  it('while reconnecting, says so instead of calling old data stale', async () => {
    conn = { state: 'reconnecting', attempt: 2, message: null, connects: 1, notice: null };
    liveStore.seedKind(SHARED_KEY, 'health', ago(THRESHOLD_MS + 60_000), HEALTH);
    render(<Overlay token="share-token" />);
    await screen.findByTestId('connection-banner');
    expect(screen.queryByText('Stale — no new data')).toBeNull();
  });
});
