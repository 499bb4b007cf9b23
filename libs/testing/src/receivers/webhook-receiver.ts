import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  hasContentType,
  HttpReceiver,
  type HandlerResult,
  type IncomingRequest,
  type ReceivedRequest,
} from './http-receiver';

/** The path of {@link WebhookReceiver.webhookUrl}. */
export const GSM_WEBHOOK_PATH = '/hooks/gsm';
/** How far (seconds) `x-gsm-timestamp` may be from now by default. */
export const GSM_SIGNATURE_TOLERANCE_SECONDS = 300;
/** The values `x-gsm-event` may take. */
export const GSM_WEBHOOK_EVENTS = ['fired', 'resolved', 'repeat', 'test', 'acknowledged'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `sha256=<lower-case hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`, the `x-gsm-signature` header value. */
export function signGsmPayload(secret: string, timestamp: string | number, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `sha256=${hmac.digest('hex')}`;
}

/**
 * True when `signatureHeader` is `sha256=<lower-case hex>` of HMAC-SHA256(secret, "<timestamp>.<raw body>"),
 * compared in constant time. (The timestamp's freshness is checked separately.)
 */
export function verifyGsmSignature(
  secret: string,
  timestamp: string,
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
): boolean {
  if (!signatureHeader) return false;
  const match = /^sha256=([0-9a-f]{64})$/.exec(signatureHeader);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Options of {@link startWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** The shared secret requests are signed with. */
  secret: string;
  /** How far (seconds) the timestamp may be from now; default 300. */
  toleranceSeconds?: number;
  /** Bodies larger than this are answered 413; default 1 MiB. */
  maxBodyBytes?: number;
}

/** A verified delivery: its event, delivery id and parsed body. */
export interface GsmDelivery {
  event: string;
  deliveryId: string;
  body: Record<string, unknown>;
  request: ReceivedRequest;
}

/**
 * A receiver for our platform's signed generic webhooks (`POST /hooks/gsm`): it checks `x-gsm-signature`
 * (HMAC-SHA256 over "<timestamp>.<raw body>", constant-time), `x-gsm-timestamp` (within 300 s), `x-gsm-event`,
 * `x-gsm-delivery` and `idempotency-key`. 401 `{error}` for signature or timestamp problems, 400 `{error}` for
 * the rest, 200 `{received: true}` when valid (`duplicate: true` for a delivery id seen before).
 * Each request's `notes.verified` says whether its signature checked out.
 */
export class WebhookReceiver extends HttpReceiver {
  private secret: string;
  private readonly toleranceSeconds: number;
  private readonly seen = new Set<string>();

  private constructor(options: WebhookReceiverOptions) {
    super({ name: 'webhook receiver', maxBodyBytes: options.maxBodyBytes });
    this.secret = options.secret;
    this.toleranceSeconds = options.toleranceSeconds ?? GSM_SIGNATURE_TOLERANCE_SECONDS;
  }

  /** Starts a signed-webhook receiver on 127.0.0.1 (port chosen by the OS). */
  static override async start(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(options);
    await receiver.listen();
    return receiver;
  }

  /** `http://127.0.0.1:<port>/hooks/gsm`. */
  get webhookUrl(): string {
    return this.url(GSM_WEBHOOK_PATH);
  }

  /** Changes the secret (as after a rotation on the receiving side). */
  setSecret(secret: string): void {
    this.secret = secret;
  }

  /** Requests whose signature checked out (whatever else was wrong with them). */
  verified(): ReceivedRequest[] {
    return this.requests.filter((r) => r.notes.verified === true);
  }

  /** Accepted, verified deliveries (duplicates included, flagged by `request.notes.duplicate`). */
  deliveries(): GsmDelivery[] {
    return this.accepted()
      .filter((r) => r.notes.verified === true)
      .map((r) => ({
        event: r.headers['x-gsm-event'] ?? '',
        deliveryId: r.headers['x-gsm-delivery'] ?? '',
        body: r.json as Record<string, unknown>,
        request: r,
      }));
  }

  /** Scripts one 429 with a `retry-after` header. */
  rateLimitNext(retryAfterSeconds: number): void {
    this.answerNext({
      status: 429,
      headers: { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
      body: { error: 'rate limited' },
    });
  }

  protected override onReset(): void {
    this.seen.clear();
  }

  protected override inspect(request: IncomingRequest): string[] {
    return this.check(request, false).problems ?? [];
  }

  protected override handle(request: IncomingRequest): HandlerResult {
    return this.check(request, true);
  }

  private check(request: IncomingRequest, record: boolean): HandlerResult {
    if (request.path !== GSM_WEBHOOK_PATH) {
      return {
        status: 404,
        body: { error: `no webhook at ${request.path}` },
        problems: [`unknown path ${request.path}`],
      };
    }
    if (request.method !== 'POST') {
      return { status: 405, body: { error: 'use POST' }, problems: [`method ${request.method}`] };
    }
    const h = request.headers;
    const unauthorized = (error: string, verified = false): HandlerResult => ({
      status: 401,
      body: { error },
      problems: [error],
      notes: { verified },
    });
    const timestamp = h['x-gsm-timestamp'];
    const signature = h['x-gsm-signature'];
    if (timestamp === undefined) return unauthorized('missing x-gsm-timestamp header');
    if (signature === undefined) return unauthorized('missing x-gsm-signature header');
    if (!/^\d+$/.test(timestamp)) return unauthorized(`x-gsm-timestamp must be unix seconds, got "${timestamp}"`);
    if (!/^sha256=[0-9a-fA-F]{64}$/.test(signature)) {
      return unauthorized('x-gsm-signature must be "sha256=<64 hex digits>"');
    }
    if (/[A-F]/.test(signature.slice(7))) return unauthorized('x-gsm-signature must be lower-case hex');
    if (!verifyGsmSignature(this.secret, timestamp, request.body, signature)) {
      return unauthorized('signature mismatch (wrong secret, or the body or timestamp was changed)');
    }
    const skew = Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp));
    if (skew > this.toleranceSeconds) {
      const hint = timestamp.length >= 13 ? ' (it looks like milliseconds)' : '';
      return unauthorized(
        `x-gsm-timestamp ${timestamp} is ${skew} s away from now, more than ${this.toleranceSeconds} s${hint}`,
        true,
      );
    }
    const problems: string[] = [];
    const event = h['x-gsm-event'];
    if (!event || !(GSM_WEBHOOK_EVENTS as readonly string[]).includes(event)) {
      problems.push(`x-gsm-event must be one of ${GSM_WEBHOOK_EVENTS.join('|')}, got ${JSON.stringify(event ?? null)}`);
    }
    const delivery = h['x-gsm-delivery'];
    if (!delivery || !UUID.test(delivery)) {
      problems.push(`x-gsm-delivery must be a uuid, got ${JSON.stringify(delivery ?? null)}`);
    }
    if (h['idempotency-key'] !== delivery) {
      problems.push(
        `idempotency-key must equal x-gsm-delivery, got ${JSON.stringify(h['idempotency-key'] ?? null)} and ${JSON.stringify(delivery ?? null)}`,
      );
    }
    if (!hasContentType(h, 'application/json')) {
      problems.push(`content-type must be application/json, got ${h['content-type'] ?? 'none'}`);
    }
    if (typeof request.json !== 'object' || request.json === null || Array.isArray(request.json)) {
      problems.push(`the body must be a JSON object${request.jsonError ? `: ${request.jsonError}` : ''}`);
    }
    if (problems.length) {
      return { status: 400, body: { error: problems.join('; ') }, problems, notes: { verified: true } };
    }
    const id = delivery ?? '';
    const duplicate = this.seen.has(id);
    if (record) this.seen.add(id);
    return {
      status: 200,
      body: duplicate ? { received: true, duplicate: true } : { received: true },
      problems: [],
      notes: { verified: true, duplicate, event: event ?? '', deliveryId: id },
    };
  }
}

/** Starts a {@link WebhookReceiver}; `receiver.webhookUrl` is the URL to configure with the same secret. */
export function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  return WebhookReceiver.start(options);
}
