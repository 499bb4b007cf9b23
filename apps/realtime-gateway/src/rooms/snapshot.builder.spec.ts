import { randomUUID } from 'node:crypto';
import { buildSnapshot } from './snapshot.builder';
import type { SnapshotRows } from './snapshot.repository';

const serverId = randomUUID();
const orgId = randomUUID();
const now = new Date('2026-11-22T10:00:10.000Z');
const factory = { buildings: 10, producing: 8, idle: 1, unconfigured: 1, paused: 0, stalled: 1 };

const rows = (overrides: Partial<SnapshotRows> = {}): SnapshotRows => ({
  serverId,
  orgId,
  name: 'Main base',
  state: {
    status: 'degraded',
    statusSince: new Date('2026-11-22T09:00:00.000Z'),
    addonStatus: 'unavailable',
    addonReason: 'port 8080 refused',
    lastSeenAt: new Date('2026-11-22T10:00:00.000Z'),
    lastError: null,
  },
  latest: [],
  ...overrides,
});

describe('buildSnapshot', () => {
  it('turns latest rows into poll results in the order of the poll kinds', () => {
    const { snapshot, skipped } = buildSnapshot(
      rows({
        latest: [
          { kind: 'factory', time: new Date('2026-11-22T10:00:00.000Z'), data: factory },
          { kind: 'trains', time: new Date('2026-11-22T10:00:01.000Z'), data: [] },
        ],
      }),
      now,
    );
    expect(skipped).toEqual([]);
    expect(snapshot).toMatchObject({
      serverId,
      name: 'Main base',
      status: 'degraded',
      statusSince: '2026-11-22T09:00:00.000Z',
      addonStatus: 'unavailable',
      addonReason: 'port 8080 refused',
      lastSeenAt: '2026-11-22T10:00:00.000Z',
      sentAt: '2026-11-22T10:00:10.000Z',
    });
    expect(snapshot.latest).toEqual([
      { serverId, orgId, kind: 'trains', time: '2026-11-22T10:00:01.000Z', durationMs: 0, error: null, data: [] },
      { serverId, orgId, kind: 'factory', time: '2026-11-22T10:00:00.000Z', durationMs: 0, error: null, data: factory },
    ]);
  });

  it('leaves out a row that does not match its kind, or an unknown kind, and names it', () => {
    const { snapshot, skipped } = buildSnapshot(
      rows({
        latest: [
          { kind: 'health', time: now, data: { tickRate: 29.7 } },
          { kind: 'session', time: now, data: {} },
          { kind: 'factory', time: now, data: factory },
        ],
      }),
      now,
    );
    expect(skipped).toEqual(['health', 'session']);
    expect(snapshot.latest.map((l) => l.kind)).toEqual(['factory']);
  });

  it('gives a server never polled an unknown status', () => {
    const { snapshot } = buildSnapshot(rows({ state: null }), now);
    expect(snapshot).toMatchObject({
      status: 'unknown',
      statusSince: null,
      addonStatus: 'unknown',
      addonReason: null,
      lastSeenAt: null,
      lastError: null,
      latest: [],
    });
  });
});
