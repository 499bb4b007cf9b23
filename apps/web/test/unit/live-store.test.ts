import type { HealthData, PollResult, ServerSnapshot } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveStore, setAnnouncer } from '../../src/live/store';

/** The live store: what the dashboard knows of a server from the socket's snapshot and deltas (and REST seeds). */
const SERVER = '11111111-1111-4111-8111-111111111111';
const ORG = '22222222-2222-4222-8222-222222222222';
let n = 0;
const key = () => `server-${++n}`;
const iso = (s: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, s)).toISOString();
const at = (s: number) => Date.parse(iso(s));

function health(tickRate: number, playerCount = 2): HealthData {
  return {
    status: 'online',
    tickRate,
    playerCount,
    playerLimit: 4,
    techTier: 3,
    gamePhase: null,
    gamePhaseNumber: null,
    gamePhaseName: null,
    isRunning: true,
    isPaused: false,
    totalDuration: 100,
    sessionName: 'base',
    latencyMs: 12,
  };
}

const poll = (second: number, data: HealthData | null, error: string | null = null): PollResult => ({
  kind: 'health',
  serverId: SERVER,
  orgId: ORG,
  time: iso(second),
  durationMs: 5,
  data,
  error: error ? { code: 'timeout', message: error } : null,
});

const snapshot = (over: Partial<ServerSnapshot> = {}): ServerSnapshot => ({
  serverId: SERVER,
  name: 'Healthy base',
  status: 'online',
  statusSince: iso(0),
  addonStatus: 'available',
  addonReason: null,
  lastSeenAt: iso(10),
  lastError: null,
  latest: [poll(10, health(29.5))],
  sentAt: iso(11),
  ...over,
});

afterEach(() => setAnnouncer(null));

describe('the live store', () => {
  it('takes a snapshot: status, add-on, last seen and the newest poll of each kind', () => {
    const k = key();
    liveStore.applySnapshot(k, snapshot());
    const s = liveStore.get(k);
    expect(s).toMatchObject({ name: 'Healthy base', status: 'online', addonStatus: 'available', removed: false });
    expect(s.lastSeenAt).toBe(at(10));
    expect(s.kinds.health?.data?.tickRate).toBe(29.5);
    expect(s.points).toEqual([{ t: at(10), tick: 29.5, players: 2 }]);
    expect(s.snapshotAt).not.toBeNull();
  });

  it('applies deltas after the snapshot, and keeps only the newest poll per kind', () => {
    const k = key();
    liveStore.applySnapshot(k, snapshot());
    liveStore.applyPoll(k, poll(20, health(21.5)));
    liveStore.applyPoll(k, poll(15, health(10))); // late: older than what is shown
    const s = liveStore.get(k);
    expect(s.kinds.health?.time).toBe(at(20));
    expect(s.kinds.health?.data?.tickRate).toBe(21.5);
    // A late delta (older than the newest shown) changes nothing.
    expect(s.points.map((p) => p.t)).toEqual([at(10), at(20)]);
  });

  it('keeps the last data after a failed poll, marks the error, and leaves a gap (null) in the series', () => {
    const k = key();
    liveStore.applySnapshot(k, snapshot());
    liveStore.applyPoll(k, poll(20, null, 'no answer within 5 s'));
    const entry = liveStore.get(k).kinds.health!;
    expect(entry.time).toBe(at(20));
    expect(entry.error?.message).toBe('no answer within 5 s');
    expect(entry.data?.tickRate).toBe(29.5);
    expect(entry.dataTime).toBe(at(10));
    expect(liveStore.get(k).points.at(-1)).toEqual({ t: at(20), tick: null, players: null });
  });

  it('a REST seed never overwrites something as new from the socket', () => {
    const k = key();
    liveStore.applyPoll(k, poll(20, health(25)));
    liveStore.seedKind(k, 'health', at(10), health(5));
    expect(liveStore.get(k).kinds.health?.data?.tickRate).toBe(25);
    liveStore.seedKind(k, 'health', at(30), health(27));
    expect(liveStore.get(k).kinds.health?.data?.tickRate).toBe(27);
  });

  it('status deltas are announced to screen readers in words', () => {
    const k = key();
    const announce = vi.fn();
    setAnnouncer(announce);
    liveStore.applySnapshot(k, snapshot());
    liveStore.applyStatus(k, {
      serverId: SERVER,
      orgId: ORG,
      previous: 'online',
      status: 'offline',
      reason: 'connection refused on 7777',
      time: iso(30),
    });
    expect(liveStore.get(k).status).toBe('offline');
    expect(announce).toHaveBeenCalledWith('Healthy base: Server Offline (connection refused on 7777)');
  });

  it('a failed add-on poll marks the add-on unavailable with the reason', () => {
    const k = key();
    liveStore.applySnapshot(k, snapshot());
    liveStore.applyPoll(k, {
      kind: 'power',
      serverId: SERVER,
      orgId: ORG,
      time: iso(40),
      durationMs: 3,
      data: null,
      error: { code: 'addon_unavailable', message: 'connection refused on 8080' },
    });
    expect(liveStore.get(k)).toMatchObject({ addonStatus: 'unavailable', addonReason: 'connection refused on 8080' });
  });

  it('a removed server is marked, and a fresh snapshot (re-join) clears the mark', () => {
    const k = key();
    liveStore.applySnapshot(k, snapshot());
    liveStore.markRemoved(k);
    expect(liveStore.get(k).removed).toBe(true);
    liveStore.applySnapshot(k, snapshot());
    expect(liveStore.get(k).removed).toBe(false);
    liveStore.forget(k);
    expect(liveStore.get(k).status).toBeNull();
  });

  it('tells subscribers of one server, and only them', () => {
    const a = key();
    const b = key();
    const onA = vi.fn();
    const stop = liveStore.subscribe(a, onA);
    liveStore.applySnapshot(b, snapshot());
    expect(onA).not.toHaveBeenCalled();
    liveStore.applySnapshot(a, snapshot());
    expect(onA).toHaveBeenCalledTimes(1);
    stop();
    liveStore.applyPoll(a, poll(50, health(20)));
    expect(onA).toHaveBeenCalledTimes(1);
  });
});
