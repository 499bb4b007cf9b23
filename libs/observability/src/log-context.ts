import { context, createContextKey, trace } from '@opentelemetry/api';
import { tracingEnabled } from './tracing';

/**
 * Context key of extra fields for every log line written in a context: `@app/messaging` puts a NATS message's id
 * and subject there while its handler runs. `createContextKey` is `Symbol.for(description)`, so a library that
 * cannot import this one (messaging) gets the same key from the same description.
 */
export const LOG_FIELDS_KEY = createContextKey('gsm.log-fields');

/** Runs `fn` with `fields` added to every log line it writes (through awaits and timers too). */
export function withLogFields<T>(fields: Readonly<Record<string, unknown>>, fn: () => T): T {
  return context.with(context.active().setValue(LOG_FIELDS_KEY, fields), fn);
}

/**
 * The pino mixin: the active context's log fields (a NATS message's `messageId` and `subject`) and, while tracing
 * is on, the active span's `trace_id` and `span_id` (OpenTelemetry's log-correlation names). Called for lines
 * that pass the level only; returns a new object each time (pino merges the line's own fields into it).
 */
export function logMixin(): Record<string, unknown> {
  const active = context.active();
  const fields = active.getValue(LOG_FIELDS_KEY) as Readonly<Record<string, unknown>> | undefined;
  const out: Record<string, unknown> = fields ? { ...fields } : {};
  if (tracingEnabled()) {
    const span = trace.getSpanContext(active);
    if (span) {
      out.trace_id = span.traceId;
      out.span_id = span.spanId;
    }
  }
  return out;
}
