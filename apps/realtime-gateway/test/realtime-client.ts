import type {
  ClientToServerEvents,
  RealtimeConnectError,
  RealtimeEventName,
  RealtimePayload,
  RoomAnswer,
  ServerToClientEvents,
} from '@app/contracts';
import { io, type Socket } from 'socket.io-client';

/** Something the client saw, in arrival order: an event, an ack, or the disconnect. */
export type Seen =
  | { type: 'event'; event: RealtimeEventName; payload: unknown }
  | { type: 'ack'; serverId: string; answer: RoomAnswer }
  | { type: 'disconnect'; reason: string };

/**
 * A socket.io-client connection as a dashboard opens it (websocket transport, no automatic reconnection unless
 * asked), recording everything it sees in order so tests can assert what a user would see.
 */
export class RealtimeClient {
  readonly seen: Seen[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.onAny((event: RealtimeEventName, payload: unknown) => this.record({ type: 'event', event, payload }));
    socket.on('disconnect', (reason) => this.record({ type: 'disconnect', reason }));
  }

  /** Opens a connection; resolves once connected, rejects with the server's refusal. */
  static async connect(
    port: number,
    auth: Record<string, unknown> | undefined,
    options: { reconnection?: boolean; extraHeaders?: Record<string, string> } = {},
  ): Promise<RealtimeClient> {
    const client = RealtimeClient.open(port, auth, options);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('connect', () => resolve());
      client.socket.once('connect_error', (err) => {
        client.close();
        reject(err);
      });
    });
    return client;
  }

  /** Opens a connection expected to be refused; resolves with the refusal as the client sees it. */
  static async refused(
    port: number,
    auth: Record<string, unknown> | undefined,
    options: { extraHeaders?: Record<string, string> } = {},
  ): Promise<{ message: string; data: RealtimeConnectError | undefined }> {
    const client = RealtimeClient.open(port, auth, options);
    try {
      return await new Promise((resolve, reject) => {
        client.socket.once('connect', () => reject(new Error('the connection was accepted')));
        client.socket.once('connect_error', (err: Error & { data?: RealtimeConnectError }) =>
          resolve({ message: err.message, data: err.data }),
        );
      });
    } finally {
      client.close();
    }
  }

  private static open(
    port: number,
    auth: Record<string, unknown> | undefined,
    options: { reconnection?: boolean; extraHeaders?: Record<string, string> },
  ): RealtimeClient {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
      timeout: 5000,
      extraHeaders: options.extraHeaders,
    });
    return new RealtimeClient(socket);
  }

  /** Sends `room.join.v1` and resolves with the ack (also recorded in `seen`). */
  join(serverId: unknown): Promise<RoomAnswer> {
    return new Promise((resolve) => {
      this.socket.emit('room.join.v1', serverId as { serverId: string }, (answer) => {
        this.record({ type: 'ack', serverId: String((serverId as { serverId?: unknown })?.serverId), answer });
        resolve(answer);
      });
    });
  }

  leave(serverId: string): Promise<RoomAnswer> {
    return new Promise((resolve) => this.socket.emit('room.leave.v1', { serverId }, resolve));
  }

  /** Payloads of one event, in arrival order. */
  events<K extends RealtimeEventName>(event: K): RealtimePayload<K>[] {
    return this.seen
      .filter((s): s is Extract<Seen, { type: 'event' }> => s.type === 'event' && s.event === event)
      .map((s) => s.payload as RealtimePayload<K>);
  }

  /** Index in `seen` of the first entry matching, or -1. */
  indexOf(match: (seen: Seen) => boolean): number {
    return this.seen.findIndex(match);
  }

  /** Resolves with the first payload of `event` matching `filter` (already seen or to come). */
  next<K extends RealtimeEventName>(
    event: K,
    filter: (payload: RealtimePayload<K>) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<RealtimePayload<K>> {
    return this.until(() => this.events(event).find(filter), `${event}`, timeoutMs);
  }

  /** Resolves with the disconnect reason once the socket is disconnected. */
  disconnected(timeoutMs = 10_000): Promise<string> {
    return this.until(
      () => this.seen.find((s): s is Extract<Seen, { type: 'disconnect' }> => s.type === 'disconnect')?.reason,
      'disconnect',
      timeoutMs,
    );
  }

  close(): void {
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private record(seen: Seen): void {
    this.seen.push(seen);
    for (const wake of this.waiters) wake();
  }

  private until<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = (): void => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        reject(new Error(`no ${what} within ${timeoutMs} ms; seen: ${JSON.stringify(this.seen).slice(0, 2000)}`));
      }, timeoutMs);
      this.waiters.add(done);
      done();
    });
  }
}
