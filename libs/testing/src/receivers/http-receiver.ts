import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

/** Largest request body a receiver reads by default (1 MiB); bigger bodies are answered 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A fact a receiver noted about a request (e.g. `verified: true`, `webhookId: '123'`). */
export type NoteValue = string | number | boolean;

/** One request as a receiver saw it, and what it answered. */
export interface ReceivedRequest {
  /** `Date.now()` when the request arrived. */
  at: number;
  method: string;
  /** The path without the query string. */
  path: string;
  /** The query string's parameters (the last value wins when one repeats). */
  query: Record<string, string>;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The body decoded as UTF-8 (empty when it was larger than the limit). */
  rawBody: string;
  /** The body parsed as JSON, `undefined` when it is empty or not JSON. */
  json: unknown;
  /** The status answered; 0 when the connection was dropped without an answer. */
  status: number;
  /** Validation problems found in the request; empty when it was valid. */
  problems: string[];
  /** True when the answer came from `answerNext` (a scripted answer) rather than normal handling. */
  scripted: boolean;
  /** Facts the receiver noted (e.g. `verified`, `rateLimited`, `webhookId`). */
  notes: Record<string, NoteValue>;
}

/** A request as handed to a receiver's handler, before it is answered. */
export interface IncomingRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The body as received. */
  body: Buffer;
  /** The body decoded as UTF-8. */
  rawBody: string;
  /** The body parsed as JSON, `undefined` when it is empty or not JSON. */
  json: unknown;
  /** Why the body is not JSON, when it is not empty and does not parse. */
  jsonError: string | undefined;
}

/**
 * An answer to a request. A string body is sent as `text/plain`, a Buffer as `application/octet-stream`, anything
 * else as JSON; headers given here win over those defaults.
 */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (to exercise a client's timeout). */
  delayMs?: number;
  /** Destroy the connection instead of answering (recorded with status 0). */
  hangUp?: boolean;
}

/** What a handler decides: the answer plus the problems it found and the facts it noted. */
export interface HandlerResult extends Answer {
  problems?: string[];
  notes?: Record<string, NoteValue>;
}

/** Handles a request for a plain {@link HttpReceiver}. */
export type RequestHandler = (request: IncomingRequest) => HandlerResult | Promise<HandlerResult>;

/** Options of {@link HttpReceiver.start}. */
export interface HttpReceiverOptions {
  /** Used in error messages (`waitFor` timeouts). */
  name?: string;
  /** Bodies larger than this are answered 413; default {@link MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** How a plain receiver answers; default 200 `{"received": true}`. */
  handler?: RequestHandler;
}

/** A request limit: at most `requests` in a window of `perMs` milliseconds. */
export interface RateLimit {
  requests: number;
  perMs: number;
}

/** The outcome of taking one request from a {@link RateLimiter} bucket. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetAfterMs: number;
  /** Epoch milliseconds when the window resets. */
  resetAt: number;
}

/** Fixed-window rate limiting per key (a bucket per webhook, per chat, ...), the window starting at its first request. */
export class RateLimiter {
  private readonly buckets = new Map<string, { start: number; count: number }>();

  constructor(readonly limit: RateLimit) {}

  /** Counts one request against `key`'s bucket and tells whether it is allowed. */
  take(key: string, now = Date.now()): RateDecision {
    let bucket = this.buckets.get(key);
    if (!bucket || now - bucket.start >= this.limit.perMs) {
      bucket = { start: now, count: 0 };
      this.buckets.set(key, bucket);
    }
    const resetAt = bucket.start + this.limit.perMs;
    const allowed = bucket.count < this.limit.requests;
    if (allowed) bucket.count += 1;
    return {
      allowed,
      limit: this.limit.requests,
      remaining: Math.max(0, this.limit.requests - bucket.count),
      resetAfterMs: Math.max(0, resetAt - now),
      resetAt,
    };
  }

  /** Forgets every bucket. */
  reset(): void {
    this.buckets.clear();
  }
}

interface Waiter {
  check(): void;
  fail(error: Error): void;
}

/**
 * Things arriving over time (requests, e-mails) that a test can wait for: matching items already received count,
 * later ones resolve a pending wait, and a timeout rejects with a list of what did arrive.
 */
export class Arrivals<T> {
  /** Every item in arrival order. */
  readonly items: T[] = [];
  private readonly waiters = new Set<Waiter>();

  constructor(
    private readonly what: string,
    private readonly describe: (item: T, index: number) => string,
  ) {}

  /** Records an item and wakes the waits it satisfies. */
  add(item: T): void {
    this.items.push(item);
    for (const waiter of [...this.waiters]) waiter.check();
  }

  /** Forgets every item (pending waits stay pending). */
  clear(): void {
    this.items.length = 0;
  }

  /** Resolves with the first matching item, received already or later; rejects after `timeoutMs`. */
  async waitFor(predicate: (item: T) => boolean, timeoutMs = 10_000): Promise<T> {
    const [first] = await this.waitForCount(predicate, 1, timeoutMs);
    return first as T;
  }

  /** Resolves with the first `count` matching items once that many have arrived; rejects after `timeoutMs`. */
  waitForCount(predicate: (item: T) => boolean, count: number, timeoutMs = 10_000): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      const waiter: Waiter = {
        check: () => {
          let matches: T[];
          try {
            matches = this.items.filter(predicate);
          } catch (error) {
            waiter.fail(error as Error);
            return;
          }
          if (matches.length >= count) {
            this.waiters.delete(waiter);
            clearTimeout(timer);
            resolve(matches.slice(0, count));
          }
        },
        fail: (error) => {
          this.waiters.delete(waiter);
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const found = this.items.filter((item) => {
          try {
            return predicate(item);
          } catch {
            return false;
          }
        }).length;
        waiter.fail(new Error(`${this.timeoutMessage(count, found, timeoutMs)}`));
      }, timeoutMs);
      this.waiters.add(waiter);
      waiter.check();
    });
  }

  /** Rejects every pending wait (used when the receiver closes). */
  failAll(reason: string): void {
    for (const waiter of [...this.waiters]) waiter.fail(new Error(reason));
  }

  private timeoutMessage(count: number, found: number, timeoutMs: number): string {
    const shown = this.items.slice(-20);
    const skipped = this.items.length - shown.length;
    const lines = shown.map((item, i) => `  #${skipped + i + 1} ${this.describe(item, skipped + i)}`);
    return (
      `${this.what}: expected ${count} matching within ${timeoutMs} ms, found ${found}; ` +
      `received ${this.items.length}${this.items.length ? ':' : ''}` +
      (skipped ? `\n  (${skipped} earlier not shown)` : '') +
      (lines.length ? `\n${lines.join('\n')}` : '')
    );
  }
}

const describeRequest = (r: ReceivedRequest): string => {
  const body = r.rawBody.length > 200 ? `${r.rawBody.slice(0, 200)}…` : r.rawBody;
  return (
    `${r.method} ${r.path} → ${r.status}${r.scripted ? ' (scripted)' : ''}` +
    (r.problems.length ? ` problems: ${r.problems.join('; ')}` : '') +
    (body ? ` body: ${body}` : '')
  );
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Lower-cases header names and joins repeated values. */
function headerRecord(message: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** True when the request's content-type is `type` (parameters such as charset ignored). */
export function hasContentType(headers: Record<string, string>, type: string): boolean {
  const given = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return given === type;
}

/**
 * A loopback HTTP server on 127.0.0.1 (port chosen by the OS) that records every request, answers through a
 * handler (subclasses validate like a real service), can be scripted to answer differently, and can go down
 * (connections refused) and come back on the same port.
 */
export class HttpReceiver {
  /** Used in error messages. */
  readonly name: string;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly arrivals: Arrivals<ReceivedRequest>;
  private readonly scriptedAnswers: Answer[] = [];
  private readonly maxBodyBytes: number;
  private readonly handler: RequestHandler | undefined;
  private boundPort = 0;
  private down = true;
  private closed = false;

  protected constructor(options: HttpReceiverOptions = {}) {
    this.name = options.name ?? 'http receiver';
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    this.handler = options.handler;
    this.arrivals = new Arrivals<ReceivedRequest>(this.name, describeRequest);
    this.server = createServer((req, res) => this.onRequest(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', (_error, socket) => socket.destroy());
  }

  /** Starts a plain receiver answering through `options.handler` (default 200 `{"received": true}`). */
  static async start(options: HttpReceiverOptions = {}): Promise<HttpReceiver> {
    const receiver = new HttpReceiver(options);
    await receiver.listen();
    return receiver;
  }

  /** Starts listening on 127.0.0.1 (`port` 0: the OS picks). */
  protected async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.server.once('error', onError);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    this.boundPort = (this.server.address() as AddressInfo).port;
    this.down = false;
  }

  /** The port listened on (kept while down, so `comeBack` reuses it). */
  get port(): number {
    return this.boundPort;
  }

  /** `http://127.0.0.1:<port><path>`. */
  url(path = ''): string {
    return `http://127.0.0.1:${this.boundPort}${path}`;
  }

  /** Every request in arrival order. */
  get requests(): ReceivedRequest[] {
    return this.arrivals.items;
  }

  /** Requests answered 2xx. */
  accepted(): ReceivedRequest[] {
    return this.requests.filter((r) => r.status >= 200 && r.status < 300);
  }

  /** Requests answered anything but 2xx (including dropped connections, status 0). */
  rejected(): ReceivedRequest[] {
    return this.requests.filter((r) => r.status < 200 || r.status >= 300);
  }

  /** Queues answers used, in order, for the next requests instead of normal handling (problems are still recorded). */
  answerNext(...answers: Answer[]): void {
    this.scriptedAnswers.push(...answers);
  }

  /** Scripted answers not used yet. */
  get pendingAnswers(): number {
    return this.scriptedAnswers.length;
  }

  /** Forgets the recorded requests, pending scripted answers and any receiver state (rate-limit buckets, ...). */
  reset(): void {
    this.arrivals.clear();
    this.scriptedAnswers.length = 0;
    this.onReset();
  }

  /** Resolves with the first matching request, received already or later; rejects after `timeoutMs` listing what came. */
  waitFor(predicate: (r: ReceivedRequest) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedRequest> {
    return this.arrivals.waitFor(predicate, timeoutMs);
  }

  /** Resolves with the first `count` matching requests once that many have arrived; rejects after `timeoutMs`. */
  waitForCount(
    predicate: (r: ReceivedRequest) => boolean,
    count: number,
    timeoutMs = 10_000,
  ): Promise<ReceivedRequest[]> {
    return this.arrivals.waitForCount(predicate, count, timeoutMs);
  }

  /** True while not listening (after `goDown` or `close`). */
  get isDown(): boolean {
    return this.down;
  }

  /** A real outage: stops listening and destroys open connections, so clients get ECONNREFUSED (or a reset). */
  async goDown(): Promise<void> {
    if (this.down) return;
    this.down = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Listens again on the same port after `goDown`. */
  async comeBack(): Promise<void> {
    if (this.closed) throw new Error(`${this.name}: closed, it cannot come back`);
    if (!this.down) return;
    await this.listen(this.boundPort);
  }

  /** Stops for good; pending waits are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.goDown();
    this.arrivals.failAll(`${this.name}: closed while a test was waiting for a request`);
  }

  /** Normal handling of a request; subclasses validate like the service they stand for. */
  protected handle(request: IncomingRequest): HandlerResult | Promise<HandlerResult> {
    return this.handler ? this.handler(request) : { status: 200, body: { received: true } };
  }

  /** The problems normal handling would find, without side effects (used to record problems of scripted answers). */
  protected inspect(_request: IncomingRequest): string[] {
    return [];
  }

  /** The answer to a body larger than the limit. */
  protected tooLarge(): Answer {
    return { status: 413, body: { error: `request body larger than ${this.maxBodyBytes} bytes` } };
  }

  /** Subclasses forget their own state here. */
  protected onReset(): void {}

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now();
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of req) {
        const buffer = chunk as Buffer;
        size += buffer.length;
        if (size <= this.maxBodyBytes) chunks.push(buffer);
      }
    } catch {
      return; // the client went away
    }
    const tooLarge = size > this.maxBodyBytes;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers = headerRecord(req);
    const body = tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks);
    const rawBody = body.toString('utf8');
    let json: unknown;
    let jsonError: string | undefined;
    if (rawBody.trim() !== '') {
      try {
        json = JSON.parse(rawBody) as unknown;
      } catch (error) {
        jsonError = (error as Error).message;
      }
    }
    const incoming: IncomingRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      rawBody,
      json,
      jsonError,
    };

    let result: HandlerResult;
    let scripted = false;
    if (tooLarge) {
      result = { ...this.tooLarge(), problems: [`body of ${size} bytes is larger than ${this.maxBodyBytes} bytes`] };
    } else {
      const next = this.scriptedAnswers.shift();
      if (next) {
        scripted = true;
        result = { ...next, problems: this.inspect(incoming) };
      } else {
        try {
          result = await this.handle(incoming);
        } catch (error) {
          result = {
            status: 500,
            body: { error: String(error) },
            problems: [`the receiver failed: ${String(error)}`],
          };
        }
      }
    }

    this.arrivals.add({
      at,
      method: incoming.method,
      path: incoming.path,
      query: Object.fromEntries(url.searchParams),
      headers,
      rawBody,
      json,
      status: result.hangUp ? 0 : result.status,
      problems: result.problems ?? [],
      scripted,
      notes: result.notes ?? {},
    });

    if (result.delayMs) await sleep(result.delayMs);
    if (result.hangUp) {
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    this.write(res, result, tooLarge);
  }

  private write(res: ServerResponse, answer: Answer, closeConnection: boolean): void {
    const headers: Record<string, string> = {};
    let payload: Buffer | undefined;
    const noBody = answer.status === 204 || answer.status === 304 || (answer.status >= 100 && answer.status < 200);
    if (answer.body !== undefined && !noBody) {
      if (typeof answer.body === 'string') {
        headers['content-type'] = 'text/plain; charset=utf-8';
        payload = Buffer.from(answer.body, 'utf8');
      } else if (Buffer.isBuffer(answer.body)) {
        headers['content-type'] = 'application/octet-stream';
        payload = answer.body;
      } else {
        headers['content-type'] = 'application/json';
        payload = Buffer.from(JSON.stringify(answer.body), 'utf8');
      }
    }
    if (!noBody) headers['content-length'] = String(payload?.length ?? 0);
    if (closeConnection) headers['connection'] = 'close';
    for (const [name, value] of Object.entries(answer.headers ?? {})) headers[name.toLowerCase()] = value;
    try {
      res.writeHead(answer.status, headers);
      res.end(payload);
    } catch {
      // the connection is gone
    }
  }
}
