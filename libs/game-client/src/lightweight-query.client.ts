import { randomBytes } from 'node:crypto';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  decodeResponse,
  encodePoll,
  LQ_PROTOCOL_VERSION,
  peekResponseCookie,
  type LightweightQueryResponse,
} from './lightweight-query.codec';

/** Where and how to query a server's state over the Lightweight Query API. */
export interface QueryOptions {
  /** IP literal (IPv4 or IPv6); the socket family follows it. Names are not resolved here. */
  host: string;
  /** The game port (7777 by default on a server). */
  port: number;
  /** Wait per attempt before resending the poll, in milliseconds. Default 1000. */
  timeoutMs?: number;
  /** Polls sent before giving up. Default 3. */
  attempts?: number;
  /** Aborts the query; it then rejects with `signal.reason`. */
  signal?: AbortSignal;
}

/** A successful query: the response plus the round-trip time of the poll it answers. */
export type QueryResult = LightweightQueryResponse & { rttMs: number };

/** Why a query failed. */
export type LightweightQueryErrorCode = 'timeout' | 'unreachable' | 'bad_response';

/**
 * A failed query: `timeout` (no valid answer to any attempt), `unreachable` (the network or the host refused,
 * e.g. ICMP port unreachable: nothing listens on the port), `bad_response` (the server echoed our cookie in a
 * response this codec cannot decode, e.g. another protocol version; retrying would not help).
 */
export class LightweightQueryError extends Error {
  override readonly name = 'LightweightQueryError';

  constructor(
    readonly code: LightweightQueryErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const DEFAULT_TIMEOUT_MS = 1000;
const DEFAULT_ATTEMPTS = 3;
/** Socket errors meaning the peer cannot be reached; anything else is unexpected and rejects as is. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']);

/**
 * Polls a server's state over UDP. Sends a poll with a fresh random cookie per attempt and resends after each
 * `timeoutMs` (UDP is lossy), accepting the first valid response to any of its polls. The socket is connected,
 * so the kernel only delivers the server's datagrams and surfaces ICMP port-unreachable as `unreachable`.
 * Always closes its socket.
 *
 * @throws {LightweightQueryError} `timeout` after `attempts × timeoutMs`, `unreachable`, or `bad_response`.
 * @throws {TypeError | RangeError} on invalid options; `signal.reason` when aborted; any other socket error as is.
 */
export async function queryServerState(options: QueryOptions): Promise<QueryResult> {
  const { host, port, timeoutMs = DEFAULT_TIMEOUT_MS, attempts = DEFAULT_ATTEMPTS, signal } = options;
  const family = isIP(host);
  if (family === 0) throw new TypeError(`host must be an IP literal, got ${JSON.stringify(host)}`);
  assertInteger('port', port, 1, 0xffff);
  assertInteger('attempts', attempts, 1, Number.MAX_SAFE_INTEGER);
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) throw new RangeError(`timeoutMs must be > 0, got ${timeoutMs}`);
  signal?.throwIfAborted();

  const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
  return new Query(socket, { host, port, timeoutMs, attempts }, signal).run();
}

/** A fresh poll cookie: random, so a late reply to an earlier query can never be taken for this one's. */
export function newCookie(): bigint {
  return randomBytes(8).readBigUInt64LE(0);
}

/** One query's state: its socket, the polls sent so far and the pending attempt timer. */
class Query {
  /** Send time (`performance.now()`) of every poll of this query, by cookie: any of them may be answered. */
  private readonly sent = new Map<bigint, number>();
  private attemptsSent = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The connected peer as the kernel reports it (normalised, e.g. `::1` for `0:0:0:0:0:0:0:1`). */
  private peer: { address: string; port: number } | undefined;
  private settle: { resolve: (r: QueryResult) => void; reject: (e: unknown) => void } | undefined;
  private readonly onAbort = (): void => this.fail(this.signal?.reason);

  constructor(
    private readonly socket: Socket,
    private readonly target: { host: string; port: number; timeoutMs: number; attempts: number },
    private readonly signal: AbortSignal | undefined,
  ) {}

  run(): Promise<QueryResult> {
    return new Promise<QueryResult>((resolve, reject) => {
      this.settle = { resolve, reject };
      this.signal?.addEventListener('abort', this.onAbort, { once: true });
      this.socket.on('error', (error) => this.onSocketError(error));
      this.socket.on('message', (packet, from) => this.onMessage(packet, from));
      this.socket.connect(this.target.port, this.target.host, () => {
        if (!this.settle) return; // aborted while connecting
        this.peer = this.socket.remoteAddress();
        this.sendPoll();
      });
    });
  }

  /** Sends one attempt's poll and arms its timer: the next attempt, or `timeout` after the last one. */
  private sendPoll(): void {
    const cookie = newCookie();
    this.attemptsSent += 1;
    this.sent.set(cookie, performance.now());
    // Send errors (ICMP from an earlier poll) also arrive as socket 'error' events; nothing to do here.
    this.socket.send(encodePoll(cookie), () => undefined);
    this.timer = setTimeout(() => {
      if (this.attemptsSent < this.target.attempts) return this.sendPoll();
      const { host, port, attempts, timeoutMs } = this.target;
      this.fail(new LightweightQueryError('timeout', `no answer from ${host}:${port} (${attempts} × ${timeoutMs} ms)`));
    }, this.target.timeoutMs);
  }

  private onMessage(packet: Buffer, from: RemoteInfo): void {
    // A connected socket already filters by peer; checked again so a kernel quirk cannot feed us a stranger.
    if (!this.peer || from.address !== this.peer.address || from.port !== this.peer.port) return;
    const response = decodeResponse(packet);
    if (response) {
      const sentAt = this.sent.get(response.cookie);
      if (sentAt !== undefined) this.succeed({ ...response, rttMs: performance.now() - sentAt });
      return;
    }
    const cookie = peekResponseCookie(packet);
    if (cookie !== null && this.sent.has(cookie)) {
      const detail = `version ${packet[3]}, ${packet.length} bytes; expected version ${LQ_PROTOCOL_VERSION}`;
      this.fail(new LightweightQueryError('bad_response', `undecodable response from ${this.describe()}: ${detail}`));
    }
    // Anything else (noise, a reply to another client's cookie) is ignored: the attempt timer keeps running.
  }

  private onSocketError(error: Error & { code?: string }): void {
    if (error.code && UNREACHABLE_CODES.has(error.code)) {
      const message = `${this.describe()} unreachable (${error.code})`;
      return this.fail(new LightweightQueryError('unreachable', message, { cause: error }));
    }
    this.fail(error);
  }

  private succeed(result: QueryResult): void {
    const settle = this.finish();
    settle?.resolve(result);
  }

  private fail(error: unknown): void {
    const settle = this.finish();
    settle?.reject(error);
  }

  /** Releases the timer and the socket once; returns the settle callbacks the first time only. */
  private finish(): Query['settle'] {
    const settle = this.settle;
    if (!settle) return undefined;
    this.settle = undefined;
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
    this.socket.removeAllListeners('message');
    // A late ICMP error can still be emitted while closing: keep an 'error' listener so it is not thrown.
    this.socket.removeAllListeners('error').on('error', () => undefined);
    this.socket.close();
    return settle;
  }

  private describe(): string {
    return `${this.target.host}:${this.target.port}`;
  }
}

function assertInteger(field: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${field} must be an integer in ${min}..${max}, got ${value}`);
  }
}
