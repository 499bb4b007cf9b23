import { RoomRequest, type RealtimePayload, type RoomAnswer } from '@app/contracts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RealtimeGatewayConfig } from '../app.config';
import { RealtimeMetrics } from '../metrics/realtime.metrics';
import { IoServer } from '../socket/io.server';
import { isServerRoom, roomOf, type Audience, type RealtimeSocket } from '../socket/realtime-socket';
import { snapshotForViewers } from './share-view';
import { buildSnapshot } from './snapshot.builder';
import { SnapshotRepository } from './snapshot.repository';

/** Events fanned out from NATS to a server's rooms. */
export type RoomEvent =
  | 'server.poll.v1'
  | 'server.status.v1'
  | 'server.addon.v1'
  | 'alert.fired.v1'
  | 'alert.resolved.v1'
  | 'server.removed.v1';

/** An event held back for a socket whose snapshot is being read. */
interface HeldEvent {
  event: RoomEvent;
  payload: unknown;
  droppable: boolean;
}

/** A join between `socket.join` and the snapshot: events for the socket wait here, so they follow the snapshot. */
interface PendingJoin {
  socketId: string;
  audience: Audience;
  held: HeldEvent[];
}

/** Events held for one join at most (a join takes a database round trip; this is never reached in practice). */
const MAX_HELD = 500;
/**
 * Packets a connection may have queued (waiting for its previous write to complete) before it is "behind" and skips
 * droppable events (poll results). Socket.IO's own `volatile` flag drops an event whenever the previous write has
 * not completed yet: on a healthy connection that loses one of the several results polled at the same moment
 * (health, players, power...), which a dashboard would then show stale until the next poll of that kind.
 */
const MAX_BACKLOG_PACKETS = 16;

/** Packets engine.io holds for a connection until its transport can write again (a private field: read defensively). */
function backlogOf(socket: RealtimeSocket | undefined): number {
  const buffer = (socket?.conn as unknown as { writeBuffer?: unknown } | undefined)?.writeBuffer;
  return Array.isArray(buffer) ? buffer.length : 0;
}

/** How a join ended (the `outcome` label of gsm_realtime_room_joins_total). */
export type JoinOutcome = 'joined' | 'invalid' | 'forbidden' | 'limit' | 'not_found' | 'error' | 'gone';

/**
 * Rooms per server: joins with their snapshot, leaves, and emits to a server's rooms. A join adds the socket to the
 * room first, reads the snapshot, then answers, sends the snapshot and the events that arrived meanwhile: the client
 * gets the snapshot, then every delta after it, in order, with no gap.
 */
@Injectable()
export class RoomService {
  private readonly logger = new Logger(RoomService.name);
  /** serverId -> joins in progress (a socket may join the same server twice at once: each gets its snapshot). */
  private readonly pending = new Map<string, Set<PendingJoin>>();
  /** `<serverId>:<kind>` of `latest` rows already reported as not matching their schema (one warning each). */
  private readonly reportedRows = new Set<string>();

  constructor(
    private readonly ioServer: IoServer,
    private readonly repository: SnapshotRepository,
    private readonly metrics: RealtimeMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: RealtimeGatewayConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Handles `room.join.v1`: `answer` gets `{ok: true}` just before the snapshot is emitted, or a refusal in plain
   * words. Never throws.
   */
  async join(socket: RealtimeSocket, request: unknown, answer: (res: RoomAnswer) => void): Promise<JoinOutcome> {
    const refuse = (outcome: JoinOutcome, error: string): JoinOutcome => {
      this.metrics.roomJoins.inc({ outcome });
      answer({ ok: false, error });
      return outcome;
    };
    const parsed = RoomRequest.safeParse(request);
    if (!parsed.success) return refuse('invalid', 'The request needs a serverId, the UUID of a server.');
    const { serverId } = parsed.data;
    const principal = socket.data.principal;
    if (principal.kind === 'share' && serverId !== principal.serverId)
      return refuse('forbidden', 'A share link shows its own server only.');
    const audience: Audience = principal.kind;
    const room = roomOf(audience, serverId);
    const wasMember = socket.rooms.has(room);
    const max = this.config.REALTIME_MAX_ROOMS_PER_SOCKET;
    if (!wasMember && [...socket.rooms].filter(isServerRoom).length >= max)
      return refuse('limit', `This connection already watches ${max} servers, the most it may; leave one first.`);

    const join: PendingJoin = { socketId: socket.id, audience, held: [] };
    let joins = this.pending.get(serverId);
    if (!joins) this.pending.set(serverId, (joins = new Set()));
    joins.add(join);
    const done = (): void => {
      joins.delete(join);
      if (joins.size === 0 && this.pending.get(serverId) === joins) this.pending.delete(serverId);
    };
    // A refused join leaves the room, unless another join of it by this socket is still on its way.
    const leaveUnlessJoining = (): void => {
      if (![...joins].some((j) => j.socketId === socket.id)) void socket.leave(room);
    };
    void socket.join(room);
    let rows;
    try {
      rows = await this.repository.read(serverId, principal.orgId);
    } catch (error) {
      done();
      if (!wasMember) leaveUnlessJoining();
      this.logger.warn({ serverId, err: (error as Error).message }, 'could not read a snapshot');
      return refuse('error', 'The server could not be read right now; try again in a few seconds.');
    }
    if (socket.disconnected) {
      done();
      return 'gone';
    }
    if (!rows) {
      done();
      leaveUnlessJoining();
      return refuse('not_found', 'There is no server with this id in your organisation (it may have been deleted).');
    }
    const { snapshot, skipped } = buildSnapshot(rows, this.clock.now());
    this.reportSkipped(serverId, skipped);
    done();
    this.metrics.roomJoins.inc({ outcome: 'joined' });
    answer({ ok: true });
    socket.emit('server.snapshot.v1', audience === 'share' ? snapshotForViewers(snapshot) : snapshot);
    this.metrics.eventsEmitted.inc({ event: 'server.snapshot.v1' });
    this.metrics.deliveries.inc({ event: 'server.snapshot.v1' });
    for (const held of join.held) {
      if (held.droppable && backlogOf(socket) >= MAX_BACKLOG_PACKETS) continue;
      (socket.emit as (event: string, payload: unknown) => boolean)(held.event, held.payload);
    }
    return 'joined';
  }

  /** Handles `room.leave.v1` (leaving a room one is not in is fine). */
  leave(socket: RealtimeSocket, request: unknown): RoomAnswer {
    const parsed = RoomRequest.safeParse(request);
    if (!parsed.success) return { ok: false, error: 'The request needs a serverId, the UUID of a server.' };
    void socket.leave(roomOf(socket.data.principal.kind, parsed.data.serverId));
    return { ok: true };
  }

  /** True when this replica has a socket in one of the server's rooms (a cheap check before parsing an event). */
  watched(serverId: string, audiences: readonly Audience[]): boolean {
    const rooms = this.ioServer.io.sockets.adapter.rooms;
    return audiences.some((a) => (rooms.get(roomOf(a, serverId))?.size ?? 0) > 0);
  }

  /**
   * Emits an event to one of a server's rooms, if it has local members (encoded once for the room). Sockets whose
   * join is in progress get it after their snapshot instead; a `droppable` event skips connections that are behind
   * (more than MAX_BACKLOG_PACKETS queued), so a slow client never piles up poll results. Returns the number of
   * sockets it was written to.
   */
  emit<K extends RoomEvent>(
    serverId: string,
    audience: Audience,
    event: K,
    payload: RealtimePayload<K>,
    options: { droppable: boolean },
  ): number {
    const room = roomOf(audience, serverId);
    const members = this.ioServer.io.sockets.adapter.rooms.get(room);
    if (!members || members.size === 0) return 0;
    const excluded = new Set<string>();
    for (const join of this.pending.get(serverId) ?? []) {
      if (join.audience !== audience || !members.has(join.socketId)) continue;
      if (join.held.length < MAX_HELD) join.held.push({ event, payload, droppable: options.droppable });
      excluded.add(join.socketId);
    }
    let skipped = 0;
    if (options.droppable) {
      const sockets = this.ioServer.io.sockets.sockets;
      for (const socketId of members) {
        if (excluded.has(socketId) || backlogOf(sockets.get(socketId)) < MAX_BACKLOG_PACKETS) continue;
        excluded.add(socketId);
        skipped++;
      }
    }
    const sent = members.size - excluded.size;
    if (sent > 0) {
      const target = excluded.size > 0 ? this.ioServer.io.to(room).except([...excluded]) : this.ioServer.io.to(room);
      (target.emit as (event: string, payload: unknown) => boolean)(event, payload);
      this.metrics.eventsEmitted.inc({ event });
      this.metrics.deliveries.inc({ event }, sent);
    }
    if (skipped > 0) this.metrics.skipped.inc({ event }, skipped);
    return sent;
  }

  /** Makes every local socket leave one of a server's rooms (the server was deleted). */
  clear(serverId: string, audience: Audience): void {
    const room = roomOf(audience, serverId);
    this.ioServer.io.in(room).socketsLeave(room);
  }

  private reportSkipped(serverId: string, kinds: string[]): void {
    for (const kind of kinds) {
      const key = `${serverId}:${kind}`;
      if (this.reportedRows.has(key) || this.reportedRows.size > 10_000) continue;
      this.reportedRows.add(key);
      this.logger.warn({ serverId, kind }, 'a latest row does not match its poll kind; left out of snapshots');
    }
  }
}
