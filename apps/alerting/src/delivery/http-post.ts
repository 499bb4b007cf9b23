import type { TargetGuard } from '@app/game-client';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** A receiver's answer to one request. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body, at most 64 KiB. */
  body: string;
}

/** A request that got no answer: refused by the target guard, no connection, timeout. Never holds the URL. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

const MAX_BODY = 64 * 1024;
const agentOptions = { keepAlive: true, maxSockets: 16, timeout: 30_000 };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

/**
 * POSTs a body to a URL a user gave. The host must pass the target guard (no private addresses unless allowed), and
 * the connection goes to the very address the guard checked (a rebinding DNS answer cannot redirect it). Errors
 * never contain the URL: webhook URLs are secrets.
 *
 * `beforeWrite`, when given, runs once the connection stands (a refused or unreachable receiver fails before it) and
 * before the first byte of the request is written; the request waits for it, and is not sent when it throws. The
 * delivery worker records there that the receiver is about to get the message (DeliveriesRepository.markSending).
 */
export async function postGuarded(
  guard: TargetGuard | null,
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  timeoutMs: number,
  beforeWrite?: () => Promise<void>,
): Promise<HttpAnswer> {
  const target = new URL(url);
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  let lookup: LookupFunction | undefined;
  if (guard) {
    const verdict = await guard.check(hostname);
    if (!verdict.allowed) {
      throw new SendError(`the receiver's address is not allowed: ${verdict.reason}`, verdict.code !== 'unresolvable');
    }
    const { address, family } = verdict;
    lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    }) as unknown as LookupFunction;
  }
  const isHttps = target.protocol === 'https:';
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      {
        method: 'POST',
        protocol: target.protocol,
        hostname,
        port: target.port || (isHttps ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        headers: {
          'content-length': String(payload.length),
          'user-agent': 'gsm-alerting/1 (+satisfactory monitoring)',
          ...headers,
        },
        agent: isHttps ? httpsAgent : httpAgent,
        lookup,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, MAX_BODY).toString('utf8'),
          }),
        );
        res.on('error', (error) => reject(new SendError(`the answer broke off: ${error.message}`, false)));
      },
    );
    const deadline = setTimeout(() => req.destroy(new SendError(`no answer within ${timeoutMs} ms`, false)), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new SendError(`no answer within ${timeoutMs} ms`, false)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof SendError) return reject(error);
      const what =
        error.code === 'ECONNREFUSED'
          ? 'the receiver refused the connection'
          : error.code === 'ENOTFOUND'
            ? "the receiver's host name does not resolve"
            : error.code === 'ECONNRESET'
              ? 'the receiver closed the connection'
              : `the request failed (${error.code ?? error.message})`;
      reject(new SendError(what, false));
    });
    if (!beforeWrite) {
      req.end(payload);
      return;
    }
    // Node writes nothing (not even the headers) before end(): the request waits here until the hook is done.
    req.once('socket', (socket) => {
      const write = () =>
        beforeWrite().then(
          () => {
            if (!req.destroyed) req.end(payload);
          },
          (error: Error) => req.destroy(new SendError(`not sent: ${error.message}`, false)),
        );
      // A kept-alive socket is connected already; a new one is once its TCP (and TLS) handshake is done.
      if (socket.connecting) socket.once(isHttps ? 'secureConnect' : 'connect', () => void write());
      else void write();
    });
  });
}

/** The delay a 429 (or 503) asks for: Discord's `retry_after` (seconds), Telegram's, or the Retry-After header. */
export function retryAfterMs(answer: HttpAnswer): number | null {
  try {
    const json = JSON.parse(answer.body) as { retry_after?: unknown; parameters?: { retry_after?: unknown } };
    const seconds = json.retry_after ?? json.parameters?.retry_after;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // not JSON: look at the header
  }
  const header = answer.headers['retry-after'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}
