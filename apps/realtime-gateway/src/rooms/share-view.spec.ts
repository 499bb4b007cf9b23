import { randomUUID } from 'node:crypto';
import type { PollResult } from '@app/contracts';
import { pollForViewers, snapshotForViewers, statusForViewers } from './share-view';

const base = { serverId: randomUUID(), orgId: randomUUID(), time: '2026-11-22T10:00:00.000Z', durationMs: 3 };

describe('what share and overlay viewers see', () => {
  it('a failed poll: the code, never the message (it names the address)', () => {
    const failed: PollResult = {
      ...base,
      kind: 'health',
      data: null,
      error: { code: 'refused', message: 'connection refused (203.0.113.7:7777)' },
    };
    expect(pollForViewers(failed).error).toEqual({
      code: 'refused',
      message: 'The server could not be polled (refused).',
    });
    expect(JSON.stringify(pollForViewers(failed))).not.toContain('203.0.113.7');
  });

  it('an add-on check without its reason; other data untouched', () => {
    const addon: PollResult = {
      ...base,
      kind: 'addon',
      error: null,
      data: { status: 'unavailable', reason: 'port 8080 refused, proxy answered bad_function', via: null },
    };
    expect(pollForViewers(addon).data).toEqual({ status: 'unavailable', reason: null, via: null });
    const trains: PollResult = { ...base, kind: 'trains', error: null, data: [] };
    expect(pollForViewers(trains)).toEqual(trains);
  });

  it('status changes and snapshots without reasons or the last error', () => {
    expect(
      statusForViewers({ ...base, previous: 'online', status: 'offline', reason: 'timed out (203.0.113.7:7777)' }),
    ).toMatchObject({ status: 'offline', reason: null });
    const snapshot = snapshotForViewers({
      serverId: base.serverId,
      name: 'Main base',
      status: 'offline',
      statusSince: null,
      addonStatus: 'unavailable',
      addonReason: 'port 8080 refused',
      lastSeenAt: null,
      lastError: 'timed out (203.0.113.7:7777)',
      latest: [],
      sentAt: base.time,
    });
    expect(snapshot).toMatchObject({ lastError: null, addonReason: null, name: 'Main base', status: 'offline' });
  });
});
