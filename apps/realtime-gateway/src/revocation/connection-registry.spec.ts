import { randomUUID } from 'node:crypto';
import type { SessionEndReason } from '@app/contracts';
import { ManualClock } from '@app/platform';
import type { RealtimeMetrics } from '../metrics/realtime.metrics';
import type { Principal, RealtimeSocket, SessionPrincipal } from '../socket/realtime-socket';
import { ConnectionRegistry } from './connection-registry';

const counter = () => ({ inc: jest.fn(), dec: jest.fn() });
const metrics = () =>
  ({
    connectedClients: counter(),
    eventsEmitted: counter(),
    sessionsEnded: counter(),
  }) as unknown as RealtimeMetrics;

/** The registry's clock; `jest` fake timers fire its expiry timers (see {@link advance}). */
let clock = new ManualClock();

/** Moves the clock and the timers together, as real time moves both. */
function advance(ms: number): void {
  clock.advance(ms);
  jest.advanceTimersByTime(ms);
}

/** A socket as the registry uses it: its data, `emit` and `disconnect` (which fires the gateway's remove). */
function fakeSocket(principal: Principal, authenticatedAt = clock.nowMs()) {
  const ended: { reason: SessionEndReason }[] = [];
  const socket = {
    data: { principal, authenticatedAt },
    disconnected: false,
    emit: jest.fn((event: string, payload: { reason: SessionEndReason }) => {
      if (event === 'session.ended.v1') ended.push(payload);
    }),
    disconnect: jest.fn(() => {
      socket.disconnected = true;
    }),
  };
  return { socket: socket as unknown as RealtimeSocket, ended };
}

const session = (overrides: Partial<SessionPrincipal> = {}): SessionPrincipal => ({
  kind: 'session',
  tokenHash: randomUUID(),
  sessionId: randomUUID(),
  userId: randomUUID(),
  orgId: randomUUID(),
  expiresAt: new Date(clock.nowMs() + 3_600_000),
  ...overrides,
});

describe('ConnectionRegistry', () => {
  beforeEach(() => {
    clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('ends the sockets of a revoked token with session.ended, and leaves the others', () => {
    const registry = new ConnectionRegistry(metrics(), clock);
    const revoked = session();
    const [a, b, other] = [fakeSocket(revoked), fakeSocket({ ...revoked }), fakeSocket(session())];
    for (const s of [a, b, other]) expect(registry.add(s.socket)).toBe(true);
    expect(registry.revokeToken(revoked.tokenHash)).toBe(2);
    expect(a.ended).toEqual([{ reason: 'signed_out', message: expect.stringMatching(/signed out/) }]);
    expect(b.ended).toHaveLength(1);
    expect(other.ended).toEqual([]);
    expect(other.socket.disconnect).not.toHaveBeenCalled();
  });

  it('ends only the removed member in that organisation', () => {
    const registry = new ConnectionRegistry(metrics(), clock);
    const inOrg = session();
    const elsewhere = session({ userId: inOrg.userId });
    const [a, b] = [fakeSocket(inOrg), fakeSocket(elsewhere)];
    registry.add(a.socket);
    registry.add(b.socket);
    expect(registry.revokeMember(inOrg.userId, inOrg.orgId)).toBe(1);
    expect(a.ended.map((e) => e.reason)).toEqual(['membership_removed']);
    expect(b.ended).toEqual([]);
  });

  it('refuses a socket whose token was revoked while its handshake was being checked', () => {
    const registry = new ConnectionRegistry(metrics(), clock);
    const principal = session();
    const handshakeBegan = clock.nowMs() - 50;
    registry.revokeToken(principal.tokenHash);
    const late = fakeSocket(principal, handshakeBegan);
    expect(registry.add(late.socket)).toBe(false);
    expect(late.ended.map((e) => e.reason)).toEqual(['signed_out']);
    // A handshake that began after the revocation was checked against the database after it: accepted.
    const fresh = fakeSocket(principal, clock.nowMs() + 1);
    expect(registry.add(fresh.socket)).toBe(true);
  });

  it('remembers a revocation for two minutes for handshakes still running, then forgets it', () => {
    const registry = new ConnectionRegistry(metrics(), clock);
    const principal = session();
    const handshakeBegan = clock.nowMs() - 50;
    registry.revokeToken(principal.tokenHash);
    advance(120_000);
    expect(registry.add(fakeSocket(principal, handshakeBegan).socket)).toBe(false);
    advance(1);
    expect(registry.add(fakeSocket(principal, handshakeBegan).socket)).toBe(true);
  });

  it('ends a session at its expiry, and a share link at its own', () => {
    const registry = new ConnectionRegistry(metrics(), clock);
    const s = fakeSocket(session({ expiresAt: new Date('2026-11-22T10:00:30.000Z') }));
    const share = fakeSocket({
      kind: 'share',
      tokenHash: randomUUID(),
      shareId: randomUUID(),
      orgId: randomUUID(),
      serverId: randomUUID(),
      expiresAt: new Date('2026-11-22T10:01:00.000Z'),
    });
    registry.add(s.socket);
    registry.add(share.socket);
    advance(29_999);
    expect(s.ended).toEqual([]);
    advance(1);
    expect(s.ended.map((e) => e.reason)).toEqual(['expired']);
    expect(share.ended).toEqual([]);
    advance(30_000);
    expect(share.ended.map((e) => e.reason)).toEqual(['share_expired']);
  });

  it('re-arms a timer for an expiry beyond what setTimeout can wait', () => {
    const registry = new ConnectionRegistry(metrics(), clock);
    const s = fakeSocket(session({ expiresAt: new Date('2027-01-22T10:00:00.000Z') }));
    registry.add(s.socket);
    advance(2 ** 31 - 1);
    expect(s.ended).toEqual([]);
    advance(62 * 86_400_000);
    expect(s.ended.map((e) => e.reason)).toEqual(['expired']);
  });
});
