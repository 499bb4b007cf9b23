// A minimal HTTP/1.1 GET over one TCP connection, for FRM's port (plain HTTP, `Connection: close` on every answer).
// node:http's ClientRequest / IncomingMessage / stream machinery cost more CPU than the exchange itself at the
// poller's rate (thousands of FRM GETs a second); this writes the whole request at once and reads the answer with a
// small parser. It keeps node:http's outcomes: the same status, Content-Type (the first), Content-Disposition
// (duplicates joined with ", "), body text, and the same error codes (refused, timeout, reset, unreachable, and a
// malformed or cut-off answer as a reset). plain-http-get.property.spec.ts checks it against node:http.
import { connect, type Socket } from 'node:net';
import type { AnswerMeter } from './answer-limits';
import { classifyNetworkError, GameClientError, type GameTransportKind } from './errors';
import { HttpAnswerParser, type RawResponse } from './http-answer-parser';
import { BoundedMap } from './bounded-map';

/** Where a plain-HTTP URL points, parsed once per URL. */
interface Target {
  host: string;
  port: number;
  /** `host:port` for messages. */
  where: string;
  /** The whole request, written in one go. */
  request: Buffer;
}

/** Parsed targets, by URL (FRM's URLs repeat every poll: one per server and endpoint); the oldest forgotten past 50,000. */
const targets = new BoundedMap<string, Target>(50_000);

function targetOf(url: string): Target {
  const known = targets.get(url);
  if (known) return known;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:') throw new TypeError(`not a plain-HTTP URL: ${url}`);
  // URL keeps IPv6 literals bracketed; the socket wants them bare, the Host header bracketed (as node:http sends it).
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const port = parsed.port ? Number(parsed.port) : 80;
  const hostHeader = parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  const target: Target = {
    host,
    port,
    where: parsed.host,
    request: Buffer.from(
      `GET ${parsed.pathname}${parsed.search} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`,
      'latin1',
    ),
  };
  targets.set(url, target);
  return target;
}

/** An error like node:http's for a connection that closed before the answer was complete. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

/**
 * `GET url` on a fresh connection, the answer metered by `meter` (its caps and the shared budget) while it streams in;
 * the connection is dropped at the first byte over a cap, on a malformed answer and at `timeoutMs`.
 */
export function plainGet(
  url: string,
  timeoutMs: number,
  transport: GameTransportKind,
  meter: AnswerMeter,
): Promise<RawResponse> {
  const target = targetOf(url);
  return new Promise<RawResponse>((resolve, reject) => {
    let done = false;
    const parser = new HttpAnswerParser(meter);
    const socket: Socket = connect({ host: target.host, port: target.port });
    const finish = (error: unknown, answer?: RawResponse) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.removeListener('data', onData);
      if (error !== undefined) {
        socket.destroy();
        reject(classifyNetworkError(error, transport, target.where));
      } else {
        // Like node:http after a `Connection: close` answer: our FIN, then the socket is gone.
        socket.end(() => socket.destroy());
        resolve(answer!);
      }
    };
    const onData = (chunk: Buffer) => {
      try {
        const answer = parser.push(chunk);
        if (answer) finish(undefined, answer);
      } catch (error) {
        finish(error);
      }
    };
    const timer = setTimeout(
      () =>
        finish(new GameClientError('timeout', `no answer from ${target.where} within ${timeoutMs} ms`, { transport })),
      timeoutMs,
    );
    socket.on('data', onData);
    socket.on('error', (error) => finish(error));
    socket.on('end', () => {
      try {
        const answer = parser.end();
        finish(answer ? undefined : hangUp(), answer ?? undefined);
      } catch (error) {
        finish(error);
      }
    });
    socket.on('close', () => finish(hangUp()));
    socket.write(target.request);
  });
}
