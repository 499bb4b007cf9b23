import { createSecureContext, type TLSSocket } from 'node:tls';
import { Agent, buildConnector, request } from 'undici';
import { AnswerMeter, answerLimits, DEFAULT_ANSWER_CAPS, type AnswerCaps, type InFlightBudget } from './answer-limits';
import { BoundedMap } from './bounded-map';
import type { RawResponse } from './http-answer-parser';
import { plainGet } from './plain-http-get';
import { classifyNetworkError, GameClientError, type GameTransportKind } from './errors';

export interface TransportOptions {
  /** Connections kept per origin (host:port): bounds concurrency per server. Default 2. */
  connectionsPerOrigin?: number;
  connectTimeoutMs?: number;
  /**
   * Idle keep-alive connections are kept this long. The game closes idle connections after 15 s (its Keep-Alive
   * header); 14 s lets polls every 10 s reuse one connection instead of a TLS handshake each. Default 14 s.
   */
  keepAliveTimeoutMs?: number;
  /** Byte caps of the answers (answer-limits.ts); default 1 MiB, 8 MiB for getFactory. */
  answerCaps?: Partial<AnswerCaps>;
  /** The total of bytes across answers being read at once (answer-budget.ts); none by default. */
  answerBudget?: InFlightBudget;
  /** Certificate fingerprints remembered (one per host:port connected to); the oldest is forgotten. Default 10,000. */
  maxSeen?: number;
}

/** What a request asks, for its answer's limits and messages: an FRM endpoint or a game API function. */
export type AnswerOf = string;

export type { RawResponse } from './http-answer-parser';

/** host:port of a URL, for messages (computed only when something failed). */
const hostOf = (url: string): string => url.replace(/^[a-z]+:\/\//, '').split('/')[0] ?? url;

const key = (host: string, port: number | string): string => `${host.replace(/^\[|\]$/g, '')}:${port}`;

/** `https://host:port` with IPv6 literals bracketed. */
export function origin(scheme: 'http' | 'https', host: string, port: number): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Keep-alive connection pools to game servers (one TLS handshake per connection, not per poll). The game's
 * certificate is self-signed, so verification is off; instead the SHA-256 fingerprint can be pinned per server,
 * and the fingerprint seen on each connection is recorded (the registration probe stores it).
 */
export class GameTransport {
  private readonly agent: Agent;
  private readonly pins = new Map<string, string>();
  /** Bounded: a probe of many addresses (or a fleet's churn) must not grow it for the life of the process. */
  private readonly seen: BoundedMap<string, string>;
  readonly answerCaps: AnswerCaps;
  private readonly answerBudget: InFlightBudget | undefined;

  constructor(options: TransportOptions = {}) {
    this.seen = new BoundedMap(options.maxSeen ?? 10_000);
    this.answerCaps = { ...DEFAULT_ANSWER_CAPS, ...options.answerCaps };
    this.answerBudget = options.answerBudget;
    // One TLS context for every connection (tls.connect would build one per connection), and a session cache big
    // enough for a fleet, so a connection that had to be re-opened resumes its TLS session instead of a full handshake.
    const base = buildConnector({
      rejectUnauthorized: false,
      timeout: options.connectTimeoutMs ?? 3000,
      secureContext: createSecureContext(),
      maxCachedSessions: 20_000,
    });
    const connect: buildConnector.connector = (opts, callback) =>
      base(opts, (error, socket) => {
        if (error || !socket || opts.protocol !== 'https:') return callback(error as Error, socket as never);
        const id = key(opts.hostname, opts.port);
        const fingerprint = (socket as TLSSocket).getPeerCertificate()?.fingerprint256;
        if (fingerprint) this.seen.set(id, fingerprint);
        const pinned = this.pins.get(id);
        if (pinned && fingerprint !== pinned) {
          socket.destroy();
          return callback(
            new GameClientError(
              'fingerprint_mismatch',
              `the certificate of ${id} (${fingerprint ?? 'none'}) is not the one seen at registration (${pinned})`,
              { transport: 'https' },
            ),
            null,
          );
        }
        callback(null, socket);
      });
    this.agent = new Agent({
      connect,
      connections: options.connectionsPerOrigin ?? 2,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 14_000,
      keepAliveMaxTimeout: options.keepAliveTimeoutMs ?? 14_000,
      // The server's hint (timeout=15) minus this margin: 14 s.
      keepAliveTimeoutThreshold: 1000,
      pipelining: 1,
    });
  }

  /** Pins (or with null, unpins) the certificate fingerprint of host:port. */
  pin(host: string, port: number, fingerprint: string | null): void {
    if (fingerprint) this.pins.set(key(host, port), fingerprint.toUpperCase());
    else this.pins.delete(key(host, port));
  }

  /** The certificate fingerprint seen on the last TLS connection to host:port. */
  fingerprintOf(host: string, port: number): string | null {
    return this.seen.get(key(host, port)) ?? null;
  }

  /**
   * Sends a request; network failures become typed GameClientErrors. The answer is read as it streams in and the
   * request aborted as soon as it goes over the limits of `what` (answer-limits.ts): `answer_too_large`.
   */
  async send(
    url: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; timeoutMs: number },
    transport: GameTransportKind,
    what: AnswerOf = 'the answer',
  ): Promise<RawResponse> {
    // One timer per request. undici does not give up a connection attempt on its own deadline, so the race makes a
    // black-holed server cost the caller `timeoutMs`, and the abort frees the pool slot.
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(
          new GameClientError('timeout', `no answer from ${hostOf(url)} within ${init.timeoutMs} ms`, { transport }),
        );
      }, init.timeoutMs);
    });
    const meter = new AnswerMeter(answerLimits(what, this.answerCaps), transport, this.answerBudget);
    try {
      return await Promise.race([this.exchange(url, init, abort, meter), deadline]);
    } catch (error) {
      throw classifyNetworkError(error, transport, hostOf(url));
    } finally {
      clearTimeout(timer);
      meter.release();
    }
  }

  private async exchange(
    url: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; timeoutMs: number },
    abort: AbortController,
    meter: AnswerMeter,
  ): Promise<RawResponse> {
    const res = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      dispatcher: this.agent,
      signal: abort.signal,
      headersTimeout: init.timeoutMs,
      bodyTimeout: init.timeoutMs,
    });
    const chunks: Buffer[] = [];
    try {
      meter.declared(res.headers['content-length']);
      // Read by events, not `for await` (an async iterator's promises per chunk, on every poll).
      await new Promise<void>((resolve, reject) => {
        res.body.on('data', (chunk: Buffer) => {
          try {
            meter.push(chunk);
            chunks.push(chunk);
          } catch (error) {
            reject(error as Error);
          }
        });
        res.body.once('end', resolve);
        res.body.once('error', reject);
      });
    } catch (error) {
      // Over a cap: the connection is closed at once (the rest of the body is never read).
      abort.abort();
      res.body.destroy();
      throw error;
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const type = res.headers['content-type'];
    const disposition = res.headers['content-disposition'];
    return {
      status: res.statusCode,
      contentType: (Array.isArray(type) ? type[0] : type) ?? '',
      contentDisposition: (Array.isArray(disposition) ? disposition[0] : disposition) ?? null,
      text,
    };
  }

  /**
   * A plain-HTTP GET on a fresh connection (FRM answers `Connection: close`, so pooling buys nothing there and a
   * pool's per-origin bookkeeping costs more than the request), by plain-http-get.ts rather than node:http.
   */
  get(
    url: string,
    timeoutMs: number,
    transport: GameTransportKind,
    what: AnswerOf = 'the answer',
  ): Promise<RawResponse> {
    const meter = new AnswerMeter(answerLimits(what, this.answerCaps), transport, this.answerBudget);
    return plainGet(url, timeoutMs, transport, meter).finally(() => meter.release());
  }

  /** Closes the pools; connection attempts still pending are abandoned. */
  async close(): Promise<void> {
    await this.agent.destroy();
  }
}
