import type { RoomAnswer } from '@app/contracts';
import { Clock, LifecycleService, ReadinessRegistry, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import type { RealtimeGatewayConfig } from '../app.config';
import { HandshakeAuthenticator } from '../handshake/handshake.authenticator';
import { HandshakeRefusal, Refusals } from '../handshake/handshake-refusal';
import { RealtimeMetrics } from '../metrics/realtime.metrics';
import { ConnectionRegistry } from '../revocation/connection-registry';
import { RoomService } from '../rooms/room.service';
import { RealtimeLimits } from '../socket/abuse-limits';
import { clientAddress } from '../socket/client-address';
import { IoServer } from '../socket/io.server';
import { isServerRoom, type RealtimeSocket } from '../socket/realtime-socket';

/** An ack callback as a client may (or may not) send it: called once, never trusted to be a function. */
function answerWith(ack: unknown): (res: RoomAnswer) => void {
  return (res) => {
    if (typeof ack !== 'function') return;
    try {
      (ack as (res: RoomAnswer) => void)(res);
    } catch {
      // A closed connection: nothing to answer.
    }
  };
}

/**
 * Wires the Socket.IO server into the service: attaches it to the Nest HTTP server (same port as /health and
 * /metrics), checks every handshake, registers connections, serves room requests, joins share sockets to their
 * server, and closes every connection on shutdown (clients then reconnect to another replica).
 */
@Injectable()
export class SocketGateway implements OnApplicationBootstrap {
  private readonly logger = new Logger(SocketGateway.name);
  private attached = false;

  constructor(
    private readonly ioServer: IoServer,
    private readonly adapterHost: HttpAdapterHost,
    private readonly authenticator: HandshakeAuthenticator,
    private readonly registry: ConnectionRegistry,
    private readonly rooms: RoomService,
    private readonly metrics: RealtimeMetrics,
    private readonly lifecycle: LifecycleService,
    private readonly readiness: ReadinessRegistry,
    private readonly clock: Clock,
    private readonly limits: RealtimeLimits,
    @Inject(SERVICE_CONFIG) private readonly config: RealtimeGatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    const io = this.ioServer.io;
    io.use((socket, next) => {
      void this.handshake(socket).then(next);
    });
    io.on('connection', (socket) => this.connected(socket));
    const adapter = io.of('/').adapter;
    adapter.on('create-room', (room: string) => {
      if (isServerRoom(room)) this.metrics.rooms.inc();
    });
    adapter.on('delete-room', (room: string) => {
      if (isServerRoom(room)) this.metrics.rooms.dec();
    });
    io.attach(this.adapterHost.httpAdapter.getHttpServer() as HttpServer);
    this.attached = true;
    this.readiness.register('socket.io', () => {
      if (!this.attached) throw new Error('the Socket.IO server is not attached');
    });
    this.lifecycle.onDrain('socket.io', () => this.close());
  }

  /** Closes every connection (clients see a transport close and reconnect, to another replica when this one is gone). */
  async close(): Promise<void> {
    const clients = this.ioServer.io.engine?.clientsCount ?? 0;
    this.attached = false;
    await this.ioServer.io.close();
    this.logger.log({ clients }, 'realtime connections closed');
  }

  /** Resolves with undefined (accepted) or the error the client's `connect_error` shows. */
  private async handshake(socket: RealtimeSocket): Promise<Error | undefined> {
    // When the check began: a revocation that arrives after it ends the socket even if the check passed.
    const started = this.clock.nowMs();
    const address = clientAddress(socket.request, this.config.TRUST_PROXY);
    socket.data.address = address;
    try {
      // Before any lookup: a flood of handshakes (random tokens) from one address never reaches PostgreSQL.
      const allowed = await this.limits.handshake(address);
      if (!allowed.ok) throw Refusals.rateLimited(allowed.retryAfterSeconds);
      const principal = await this.authenticator.authenticate(socket.handshake);
      socket.data.principal = principal;
      socket.data.authenticatedAt = started;
      this.metrics.handshakes.inc({ outcome: principal.kind });
      return undefined;
    } catch (error) {
      const refusal = error instanceof HandshakeRefusal ? error : Refusals.unavailable();
      if (!(error instanceof HandshakeRefusal))
        this.logger.error({ err: (error as Error).message }, 'handshake check failed unexpectedly');
      this.metrics.handshakes.inc({ outcome: refusal.outcome });
      // Never the token: the outcome says enough to count and investigate.
      this.logger.debug({ outcome: refusal.outcome, address }, 'handshake refused');
      return refusal.toConnectError();
    }
  }

  private connected(socket: RealtimeSocket): void {
    if (!this.registry.add(socket)) return;
    socket.on('disconnect', () => this.registry.remove(socket));
    socket.on('room.join.v1', (request: unknown, ack: unknown) => void this.join(socket, request, ack));
    socket.on('room.leave.v1', (request: unknown, ack: unknown) => {
      answerWith(ack)(this.rooms.leave(socket, request));
    });
    const principal = socket.data.principal;
    if (principal.kind === 'share') void this.joinShared(socket, principal.serverId);
  }

  /** A room join asked by the client, within the connection's and its address's allowances. */
  private async join(socket: RealtimeSocket, request: unknown, ack: unknown): Promise<void> {
    const allowed = await this.limits.join(socket.id, socket.data.address);
    if (allowed.ok) return void this.rooms.join(socket, request, answerWith(ack));
    this.metrics.roomJoins.inc({ outcome: 'rate_limited' });
    answerWith(ack)({
      ok: false,
      error: `Too many room requests from this connection or address; try again in ${allowed.retryAfterSeconds} seconds.`,
    });
  }

  /** A share / overlay socket is joined to its server at once: its snapshot follows `connect`. */
  private async joinShared(socket: RealtimeSocket, serverId: string): Promise<void> {
    const outcome = await this.rooms.join(socket, { serverId }, () => undefined);
    // The server was deleted between the link's check and the join: the link shows nothing any more.
    if (outcome === 'not_found') this.registry.end(socket, 'server_removed');
  }
}
