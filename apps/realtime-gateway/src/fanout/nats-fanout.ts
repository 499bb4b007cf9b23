import { Subjects, type EventContract, type PayloadOf, type RealtimePayload, type ServerDeleted } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { z } from 'zod';
import { RealtimeMetrics } from '../metrics/realtime.metrics';
import { ConnectionRegistry } from '../revocation/connection-registry';
import { RoomService, type RoomEvent } from '../rooms/room.service';
import { addonForViewers, pollForViewers, statusForViewers } from '../rooms/share-view';
import type { Audience } from '../socket/realtime-socket';

/** How an event of a server reaches its rooms. */
interface Route<K extends RoomEvent> {
  event: K;
  /** Droppable: a client whose connection is behind skips it (poll results: the next one follows in seconds). */
  droppable: boolean;
  /** The payload share / overlay viewers get, or null when they get nothing (alerts). */
  forViewers: ((payload: RealtimePayload<K>) => RealtimePayload<K>) | null;
}

const MEMBERS: readonly Audience[] = ['session'];
const EVERYONE: readonly Audience[] = ['session', 'share'];

/**
 * Fans NATS events out to the rooms of their server. Every replica subscribes on core NATS without a queue group
 * (each has its own clients) through `Messaging.subscribeFanout` rather than `subscribe`, which parses every message
 * first: a replica receives every event of the platform, most for servers nobody watches here, so the server id
 * (the subject's last token) is checked against the local rooms before anything is parsed. What is emitted is still
 * parsed with its contract's schema; an invalid message is counted and dropped (not dead-lettered: every replica
 * would dead-letter the same message).
 */
@Injectable()
export class NatsFanout implements OnApplicationBootstrap {
  private readonly logger = new Logger(NatsFanout.name);
  private readonly reportedInvalid = new Set<string>();

  constructor(
    private readonly messaging: Messaging,
    private readonly rooms: RoomService,
    private readonly registry: ConnectionRegistry,
    private readonly metrics: RealtimeMetrics,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.route(Subjects.pollResult, { event: 'server.poll.v1', droppable: true, forViewers: pollForViewers });
    this.route(Subjects.serverStatus, { event: 'server.status.v1', droppable: false, forViewers: statusForViewers });
    this.route(Subjects.addonStatus, { event: 'server.addon.v1', droppable: false, forViewers: addonForViewers });
    this.route(Subjects.incidentOpened, { event: 'alert.fired.v1', droppable: false, forViewers: null });
    this.route(Subjects.incidentResolved, { event: 'alert.resolved.v1', droppable: false, forViewers: null });
    this.listen(Subjects.serverDeleted, EVERYONE, (payload, receivedAt) => this.serverDeleted(payload, receivedAt));
    this.logger.log({ namespace: this.messaging.prefix }, 'fanning NATS events out to server rooms');
  }

  /** An event whose payload is the NATS payload as it is (members) or as viewers may see it. */
  private route<K extends Exclude<RoomEvent, 'server.removed.v1'>>(
    contract: EventContract<z.ZodType<RealtimePayload<K>>>,
    route: Route<K>,
  ): void {
    this.listen(contract, route.forViewers ? EVERYONE : MEMBERS, (payload, receivedAt) => {
      const { serverId, time } = payload as RealtimePayload<K> & { serverId: string; time: string };
      this.rooms.emit(serverId, 'session', route.event, payload, { droppable: route.droppable });
      if (route.forViewers && this.rooms.watched(serverId, ['share']))
        this.rooms.emit(serverId, 'share', route.event, route.forViewers(payload), { droppable: route.droppable });
      this.observe(route.event, receivedAt, time);
    });
  }

  private serverDeleted(payload: ServerDeleted, receivedAt: number): void {
    const { serverId } = payload;
    for (const audience of EVERYONE) {
      this.rooms.emit(serverId, audience, 'server.removed.v1', { serverId }, { droppable: false });
      this.rooms.clear(serverId, audience);
    }
    // A share link of a deleted server shows nothing any more (its row is deleted with the server).
    for (const socket of this.registry.shareSocketsOfServer(serverId)) this.registry.end(socket, 'server_removed');
    this.observe('server.removed.v1', receivedAt, payload.occurredAt);
  }

  /** Subscribes to a contract's subject in this namespace; the handler runs only for servers watched here. */
  private listen<C extends EventContract>(
    contract: C,
    audiences: readonly Audience[],
    handle: (payload: PayloadOf<C>, receivedAt: number) => void,
  ): void {
    this.messaging.subscribeFanout(contract, {
      wanted: (serverId) => this.rooms.watched(serverId, audiences),
      handler: handle,
      onInvalid: (problem) => this.invalid(contract, problem),
      onError: (error, serverId) =>
        this.logger.error({ subject: contract.subject, serverId, err: (error as Error).message }, 'fan-out failed'),
    });
  }

  private observe(event: RoomEvent, receivedAt: number, time: string): void {
    this.metrics.emitLatency.observe({ event }, (performance.now() - receivedAt) / 1000);
    const age = (this.clock.nowMs() - Date.parse(time)) / 1000;
    if (Number.isFinite(age)) this.metrics.eventAge.observe({ event }, Math.max(0, age));
  }

  private invalid(contract: EventContract, problem: string): void {
    this.metrics.invalidMessages.inc({ subject: contract.subject });
    if (this.reportedInvalid.has(contract.subject)) return;
    // Once per subject: a producer with a bad schema would otherwise write a line per message.
    this.reportedInvalid.add(contract.subject);
    this.logger.warn({ subject: contract.subject, problem }, 'dropped a message that does not match its contract');
  }
}
