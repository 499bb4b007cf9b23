import type {
  ClientToServerEvents,
  RealtimeConnectError,
  RoomAnswer,
  ServerSnapshot,
  ServerToClientEvents,
} from '@app/contracts';
import { io, type Socket } from 'socket.io-client';

/** The dashboard's own retry after a refused handshake it may retry (ServiceUnavailable): apps/web/src/live. */
const RETRY_LATER_MS = 10_000;

/**
 * A dashboard's realtime connection, made the way apps/web makes it (websocket, Socket.IO's reconnection with a
 * 0.5 s doubling to 5 s backoff, a join of every watched server after each connect, a retry after a refusal the
 * gateway asks to retry later), recording what a drill needs: connects, disconnects, refusals, snapshots and the
 * deltas (`server.poll.v1`) of each server.
 */
export class DashboardClient {
  readonly connects: number[] = [];
  readonly disconnects: { at: number; reason: string }[] = [];
  readonly refusals: { at: number; message: string }[] = [];
  /** serverId -> arrival times of `server.snapshot.v1`. */
  readonly snapshots = new Map<string, number[]>();
  /** serverId -> arrival times of `server.poll.v1`. */
  readonly deltas = new Map<string, number[]>();
  readonly joinFailures: { at: number; serverId: string; error: string }[] = [];
  private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly id: number,
    url: string,
    token: string,
    private readonly serverIds: string[],
  ) {
    this.socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 5000,
    });
    const socket = this.socket;
    socket.on('connect', () => {
      this.connects.push(Date.now());
      for (const serverId of this.serverIds) this.join(serverId);
    });
    socket.on('disconnect', (reason) => {
      this.disconnects.push({ at: Date.now(), reason });
      // Closed by the server without `session.ended.v1`: Socket.IO does not retry that by itself.
      if (reason === 'io server disconnect') this.scheduleRetry(1000);
    });
    socket.on('connect_error', (err: Error & { data?: RealtimeConnectError }) => {
      if (socket.active) return; // a transport failure: Socket.IO retries with backoff
      this.refusals.push({ at: Date.now(), message: `${err.data?.code ?? 'refused'}: ${err.message}` });
      if (!err.data?.code || err.data.code === 'ServiceUnavailable') this.scheduleRetry(RETRY_LATER_MS);
    });
    socket.on('server.snapshot.v1', (snap: ServerSnapshot) => this.note(this.snapshots, snap.serverId));
    socket.on('server.poll.v1', (r) => this.note(this.deltas, r.serverId));
  }

  private note(map: Map<string, number[]>, serverId: string): void {
    let times = map.get(serverId);
    if (!times) map.set(serverId, (times = []));
    times.push(Date.now());
    if (times.length > 2000) times.splice(0, 1000);
  }

  private join(serverId: string): void {
    this.socket.timeout(10_000).emit('room.join.v1', { serverId }, (err: Error | null, res?: RoomAnswer) => {
      if (err || !res) this.joinFailures.push({ at: Date.now(), serverId, error: err?.message ?? 'no answer' });
      else if (!res.ok) this.joinFailures.push({ at: Date.now(), serverId, error: res.error });
    });
  }

  private scheduleRetry(delayMs: number): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (!this.closed && !this.socket.connected) this.socket.connect();
    }, delayMs);
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  get lastConnect(): number {
    return this.connects.at(-1) ?? 0;
  }

  /** Disconnected at some time at or after `since`. */
  disconnectedSince(since: number): boolean {
    return this.disconnects.some((d) => d.at >= since);
  }

  /** First arrival at or after `since` of a snapshot of `serverId`, or null. */
  snapshotAfter(serverId: string, since: number): number | null {
    return this.snapshots.get(serverId)?.find((t) => t >= since) ?? null;
  }

  /** First arrival at or after `since` of a delta of `serverId`, or null. */
  deltaAfter(serverId: string, since: number): number | null {
    return this.deltas.get(serverId)?.find((t) => t >= since) ?? null;
  }

  /**
   * Resynced after `since`: connected now, and (when it was disconnected meanwhile) a fresh snapshot of every server
   * arrived after its last connect. Returns when that was, or null while it is not.
   */
  resyncedAt(since: number): number | null {
    if (!this.connected) return null;
    if (!this.disconnectedSince(since)) return since;
    const connectedAt = this.lastConnect;
    if (connectedAt < since) return null;
    let latest = connectedAt;
    for (const serverId of this.serverIds) {
      const at = this.snapshotAfter(serverId, connectedAt);
      if (at === null) return null;
      latest = Math.max(latest, at);
    }
    return latest;
  }

  /** Every server has sent a delta at or after `since`: when the last of them arrived, or null. */
  liveAt(since: number): number | null {
    let latest = since;
    for (const serverId of this.serverIds) {
      const at = this.deltaAfter(serverId, since);
      if (at === null) return null;
      latest = Math.max(latest, at);
    }
    return latest;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }
}
