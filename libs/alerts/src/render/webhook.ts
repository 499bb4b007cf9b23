import { createHmac } from 'node:crypto';
import type { Locale, Severity } from '@app/contracts';
import { catalogue } from '../i18n/catalogues';
import { localize } from '../i18n/say';
import type { AlertMessage, Transition } from '../message';

/**
 * The JSON body POSTed to a generic webhook (version 1). Stable: fields are only ever added, never renamed or removed;
 * a breaking change gets a new `version`. Times are ISO 8601 UTC with milliseconds.
 *
 * ```json
 * {
 *   "version": 1,
 *   "event": "fired",
 *   "incident_id": "1a2b3c4d-…",
 *   "severity": "critical",
 *   "rule": { "kind": "server_offline", "name": "Server offline" },
 *   "server": { "id": "…", "name": "My Server" },
 *   "instance": null,
 *   "title": "Server offline",
 *   "summary": "My Server has not answered for 2 minutes.",
 *   "started_at": "2025-03-04T05:04:00.000Z",
 *   "at": "2025-03-04T05:06:07.000Z",
 *   "duration_seconds": null,
 *   "fields": [{ "name": "Last seen", "value": "2 min ago" }],
 *   "url": "https://gsm.example.com/servers/…"
 * }
 * ```
 */
export interface WebhookBody {
  /** Schema version of this body; 1. */
  version: 1;
  /** Which moment of the incident: `fired`, `resolved`, `repeat` or `test`. */
  event: Transition;
  incident_id: string;
  severity: Severity;
  rule: { kind: string; name: string };
  server: { id: string; name: string };
  /** What the rule watches beyond the server (a circuit, train or player), or null. */
  instance: string | null;
  title: string;
  summary: string;
  /** When the condition began. */
  started_at: string;
  /** When this event happened. */
  at: string;
  /** On `resolved`: how long the condition lasted, in seconds; otherwise null. */
  duration_seconds: number | null;
  fields: { name: string; value: string }[];
  /** Link to the server's dashboard, or null. */
  url: string | null;
}

/**
 * The HTTP headers of a webhook delivery. The receiver verifies `x-gsm-signature` ({@link signWebhook} over
 * `x-gsm-timestamp` and the raw body), rejects old timestamps, and deduplicates on `idempotency-key`.
 */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex>`: HMAC-SHA256 with the channel's secret over `${timestamp}.${rawBody}`. */
  signature: 'x-gsm-signature',
  /** Unix seconds when the delivery was signed. */
  timestamp: 'x-gsm-timestamp',
  /** The body's `event`. */
  event: 'x-gsm-event',
  /** Unique id of this delivery attempt. */
  delivery: 'x-gsm-delivery',
  /** The same for every attempt of one notification: receivers drop repeats. */
  idempotency: 'idempotency-key',
} as const;

/**
 * Renders a notification as the generic webhook's {@link WebhookBody}: everything, unshortened. The human texts
 * (the rule's and instance's names, title, summary, fields) are in the channel's `locale`; keys, codes, ids and
 * times are the same in every language.
 */
export function renderWebhook(message: AlertMessage, locale: Locale = 'en'): WebhookBody {
  const msg = localize(message, catalogue(locale));
  return {
    version: 1,
    event: msg.transition,
    incident_id: msg.incidentId,
    severity: msg.severity,
    rule: { kind: msg.ruleKind, name: msg.ruleName },
    server: { id: msg.server.id, name: msg.server.name },
    instance: msg.instance,
    title: msg.title,
    summary: msg.summary,
    started_at: msg.startedAt.toISOString(),
    at: msg.at.toISOString(),
    duration_seconds: msg.durationSeconds,
    fields: msg.fields.map((f) => ({ name: f.name, value: f.value })),
    url: msg.url,
  };
}

/**
 * Signs a webhook delivery: `sha256=` followed by the lower-case hex HMAC-SHA256, keyed with `secret`, of
 * `${timestampSeconds}.${rawBody}` (the exact bytes sent, UTF-8).
 */
export function signWebhook(secret: string, timestampSeconds: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
  return `sha256=${mac}`;
}
