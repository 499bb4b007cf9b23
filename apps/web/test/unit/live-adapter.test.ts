import type { ServerSnapshot } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys, queryClient } from '../../src/lib/query';
import { applyLive } from '../../src/live/adapter';
import { seedLatest, type DataSource } from '../../src/live/seed';
import { liveKeys } from '../../src/live/source';
import { liveStore } from '../../src/live/store';

/**
 * The live adapter: every socket delta goes into the live store, and where it changes something a query holds
 * (the servers list, a server's details, the history, the alert pages) the query cache follows.
 */
const ORG = '22222222-2222-4222-8222-222222222222';
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const iso = (s: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, s)).toISOString();

const row = (id: string, name: string) => ({
  id,
  name,
  host: '10.0.0.1',
  port: 7777,
  addon_http_port: 8080,
  addon_ws_port: 8081,
  status: 'online' as const,
  addon_status: 'available' as const,
  last_seen_at: iso(0),
  created_at: iso(0),
});

const snapshot = (serverId: string, over: Partial<ServerSnapshot> = {}): ServerSnapshot => ({
  serverId,
  name: 'Healthy base',
  status: 'online',
  statusSince: iso(0),
  addonStatus: 'available',
  addonReason: null,
  lastSeenAt: iso(10),
  lastError: null,
  latest: [],
  sentAt: iso(11),
  ...over,
});

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
});

describe('the live adapter', () => {
  it("a status delta updates the server's row in the servers list and its details, leaving others as they were", () => {
    const a = newId();
    const b = newId();
    const rowB = row(b, 'Other');
    qc.setQueryData(keys.servers, [row(a, 'Healthy base'), rowB]);
    qc.setQueryData(keys.server(a), row(a, 'Healthy base'));
    applyLive(a, { type: 'snapshot', snapshot: snapshot(a) }, qc);
    applyLive(
      a,
      {
        type: 'status',
        event: { serverId: a, orgId: ORG, previous: 'online', status: 'offline', reason: 'refused', time: iso(20) },
      },
      qc,
    );
    const list = qc.getQueryData<ReturnType<typeof row>[]>(keys.servers)!;
    expect(list.map((s) => [s.name, s.status])).toEqual([
      ['Healthy base', 'offline'],
      ['Other', 'online'],
    ]);
    expect(list[1]).toBe(rowB);
    expect(qc.getQueryData<ReturnType<typeof row>>(keys.server(a))?.status).toBe('offline');
    expect(liveStore.get(a).status).toBe('offline');
  });

  it('an add-on delta and a rename in the snapshot reach the cached rows', () => {
    const a = newId();
    qc.setQueryData(keys.servers, [row(a, 'Old name')]);
    applyLive(a, { type: 'snapshot', snapshot: snapshot(a, { name: 'New name' }) }, qc);
    applyLive(a, { type: 'addon', status: 'unavailable', reason: 'connection refused on 8080' }, qc);
    expect(qc.getQueryData(keys.servers)).toMatchObject([{ name: 'New name', addon_status: 'unavailable' }]);
  });

  it('a delta that changes nothing a query holds leaves the cached list untouched (no re-render)', () => {
    const a = newId();
    const list = [row(a, 'Healthy base')];
    qc.setQueryData(keys.servers, list);
    applyLive(a, { type: 'snapshot', snapshot: snapshot(a) }, qc);
    expect(qc.getQueryData(keys.servers)).toBe(list);
  });

  it('a removed server leaves the servers list and the plan usage is read again', () => {
    const a = newId();
    const b = newId();
    qc.setQueryData(keys.servers, [row(a, 'Gone'), row(b, 'Stays')]);
    qc.setQueryData(keys.subscription, { usage: { servers: 2 } });
    applyLive(a, { type: 'removed' }, qc);
    expect(qc.getQueryData<{ id: string }[]>(keys.servers)!.map((s) => s.id)).toEqual([b]);
    expect(qc.getQueryState(keys.subscription)?.isInvalidated).toBe(true);
    expect(liveStore.get(a).removed).toBe(true);
  });

  it("a snapshot after a reconnect (re-join) invalidates the server's history; the first one does not", () => {
    const a = newId();
    const history = liveKeys.history({ key: a, base: `/api/v1/servers/${a}`, auth: true }, '1h', 15);
    qc.setQueryData(history, { buckets: [] });
    applyLive(a, { type: 'snapshot', snapshot: snapshot(a) }, qc);
    expect(qc.getQueryState(history)?.isInvalidated).toBe(false);
    applyLive(a, { type: 'snapshot', snapshot: snapshot(a) }, qc);
    expect(qc.getQueryState(history)?.isInvalidated).toBe(true);
  });

  it('an alert fired refreshes the alert pages and shows in the live store', () => {
    const a = newId();
    qc.setQueryData([...keys.alerts, 'incidents'], []);
    const event = {
      incidentId: newId(),
      ruleId: null,
      serverId: a,
      orgId: ORG,
      ruleKind: 'tick_rate_below',
      severity: 'warning' as const,
      summary: 'tick rate below 15',
      time: iso(30),
    };
    applyLive(a, { type: 'incident', event, fired: true }, qc);
    expect(qc.getQueryState([...keys.alerts, 'incidents'])?.isInvalidated).toBe(true);
    expect(liveStore.get(a).incidents).toEqual([event]);
    applyLive(a, { type: 'incident', event, fired: false }, qc);
    expect(liveStore.get(a).incidents).toEqual([]);
  });
});

describe('REST seeding through the query cache', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    queryClient.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('two seeds of the same server share one request, and the store gets the REST values', async () => {
    const id = newId();
    fetchMock.mockImplementation(async () =>
      Response.json({ time: iso(40), status: 'online', tick_rate: 28.5, player_count: 3, game_phase_name: 'Tier 2' }),
    );
    const src: DataSource = { key: id, base: `/api/v1/servers/${id}`, auth: true };
    const [first, second] = await Promise.all([seedLatest(src, false), seedLatest(src, false)]);
    expect(first).toEqual({});
    expect(second).toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/v1/servers/${id}/metrics/latest`);
    expect(liveStore.get(id).kinds.health?.data).toMatchObject({
      tickRate: 28.5,
      playerCount: 3,
      gamePhaseName: 'Tier 2',
    });
    await seedLatest(src, false);
    expect(fetchMock).toHaveBeenCalledTimes(1); // still fresh in the cache
  });

  it("players are the spec's bare array keyed by `id`: the store gets each player and when it was last online", async () => {
    const id = newId();
    const ada = '11111111-1111-4111-8111-111111111111';
    const bob = '33333333-3333-4333-8333-333333333333';
    const player = (pid: string, name: string, online: boolean, lastSeen: string | null) => ({
      time: iso(45),
      id: pid,
      name,
      is_online: online,
      health: 100,
      speed: 0,
      is_dead: false,
      pos_x: 1,
      pos_y: 2,
      pos_z: 3,
      session_name: 'Save',
      last_seen_at: lastSeen,
    });
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.endsWith('/metrics/latest')) return Response.json({ time: iso(45), status: 'online', tick_rate: 30 });
      if (path.includes('/players?'))
        return Response.json([player(ada, 'Ada', true, iso(45)), player(bob, 'Bob', false, null)]);
      if (path.includes('/buildings')) return Response.json({ items: [], next_cursor: null });
      return Response.json([]);
    });
    const errors = await seedLatest({ key: id, base: `/api/v1/servers/${id}`, auth: true }, true);
    expect(errors).toEqual({});
    const state = liveStore.get(id);
    expect(state.kinds.players?.data).toEqual([
      expect.objectContaining({ playerId: ada, frmId: ada, name: 'Ada', isOnline: true }),
      expect.objectContaining({ playerId: bob, name: 'Bob', isOnline: false }),
    ]);
    expect(state.lastOnline).toEqual({ [ada]: Date.parse(iso(45)) });
  });

  it('an unavailable add-on is told to the store, other failures are returned per kind', async () => {
    const id = newId();
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.endsWith('/metrics/latest')) return Response.json({ time: iso(50), status: 'online', tick_rate: 30 });
      if (path.endsWith('/power/latest'))
        return Response.json(
          { error: { code: 'AddonUnavailable', message: 'the add-on does not answer' } },
          { status: 409 },
        );
      if (path.includes('/players'))
        // A 4xx: not retried, so the test does not wait for the backoff.
        return Response.json({ error: { code: 'Forbidden', message: 'no', remedy: 'ask an admin' } }, { status: 403 });
      if (path.includes('/buildings')) return Response.json({ items: [], next_cursor: null });
      return Response.json([]);
    });
    const errors = await seedLatest({ key: id, base: `/api/v1/servers/${id}`, auth: true }, true);
    expect(liveStore.get(id)).toMatchObject({ addonStatus: 'unavailable', addonReason: 'the add-on does not answer' });
    expect(Object.keys(errors)).toEqual(['players']);
    expect(errors.players?.remedy).toBe('ask an admin');
  });
});
