import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import { Match, type MsgHdrs } from '@nats-io/transport-node';

/**
 * Tracing and log context of NATS messages. Off by default: until `setMessagingTracer` hands a tracer over (the
 * platform's bootstrap does when an OTLP endpoint is configured) no span is created and no trace header written;
 * the publish path costs one `undefined` check. On: every publish, request and JetStream publish gets a PRODUCER
 * span whose context travels in the `traceparent` / `tracestate` headers; every handler runs in a CONSUMER span,
 * child of the context those headers carry.
 *
 * Tracing on or off, a handler runs with the message's id and subject as log fields (see `@app/observability`
 * logMixin), so its log lines name the message.
 */

/** Same description as `LOG_FIELDS_KEY` of `@app/observability` (createContextKey is `Symbol.for`). */
export const MESSAGE_LOG_FIELDS_KEY = createContextKey('gsm.log-fields');

/** Attribute names of the messaging semantic conventions (still incubating upstream: copied, not imported). */
export const MessagingAttributes = {
  system: 'messaging.system',
  destination: 'messaging.destination.name',
  destinationTemplate: 'messaging.destination.template',
  operationType: 'messaging.operation.type',
  operationName: 'messaging.operation.name',
  messageId: 'messaging.message.id',
  consumerGroup: 'messaging.consumer.group.name',
} as const;

let tracer: Tracer | undefined;

/** Turns message tracing on (a tracer) or off (undefined). */
export function setMessagingTracer(next: Tracer | undefined): void {
  tracer = next;
}

export function messagingTracingEnabled(): boolean {
  return tracer !== undefined;
}

/** Writes trace headers into NATS headers. */
export const natsHeaderSetter: TextMapSetter<MsgHdrs> = {
  set: (headers, key, value) => headers.set(key, value),
};

/** Reads trace headers from NATS headers (names compared case-insensitively, as HTTP does). */
export const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (headers) => headers?.keys() ?? [],
  get: (headers, key) => headers?.get(key, Match.IgnoreCase) || undefined,
};

/** What a span says about a message. */
export interface MessageSpanTarget {
  /** The concrete subject, e.g. `gsm.poll.result.v1.<server id>`. */
  subject: string;
  /** The contract's subject without its token, e.g. `gsm.poll.result.v1` (span names stay low-cardinality). */
  template: string;
  messageId?: string | null;
}

/** How a subscription or consumer names the spans of the messages it handles; built once per subscription. */
export interface ConsumerSpanInfo {
  /** See {@link MessageSpanTarget.template}. */
  template: string;
  /** `process` for events (core and JetStream), `reply` for requests. */
  operation: 'process' | 'reply';
  /** The queue group or durable consumer, if any. */
  group?: string;
}

function attributesOf(
  subject: string,
  template: string,
  messageId: string | null | undefined,
  operationType: string,
  operationName: string,
): Attributes {
  const attributes: Attributes = {
    [MessagingAttributes.system]: 'nats',
    [MessagingAttributes.destination]: subject,
    [MessagingAttributes.destinationTemplate]: template,
    [MessagingAttributes.operationType]: operationType,
    [MessagingAttributes.operationName]: operationName,
  };
  if (messageId) attributes[MessagingAttributes.messageId] = messageId;
  return attributes;
}

/**
 * Starts a PRODUCER span (child of the active context) for a message about to be sent and writes its context
 * into the message's headers. Returns undefined, touching nothing, while tracing is off (hot paths check
 * {@link messagingTracingEnabled} first, so that they do not even build the target).
 */
export function startProducerSpan(
  operation: 'publish' | 'request',
  target: MessageSpanTarget,
  headers: MsgHdrs,
): Span | undefined {
  if (tracer === undefined) return undefined;
  const parent = context.active();
  const span = tracer.startSpan(
    `${operation} ${target.template}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: attributesOf(target.subject, target.template, target.messageId, 'send', operation),
    },
    parent,
  );
  propagation.inject(trace.setSpan(parent, span), headers, natsHeaderSetter);
  return span;
}

/** Marks a span as failed with the error's message. */
export function failSpan(span: Span | undefined, error: unknown): void {
  if (!span) return;
  const message = error instanceof Error ? error.message : String(error);
  span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** Ends a span, failed when an error is given. */
export function endSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) failSpan(span, error);
  span.end();
}

/** The context trace headers of a message carry (the root context when there are none). */
export function extractMessageContext(headers: MsgHdrs | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, natsHeaderGetter);
}

/**
 * Runs a message's handler in its own context: log fields `messageId` and `subject` always; while tracing is on, a
 * CONSUMER span, child of the context the message's headers carry, that ends (failed if `run` throws) when `run`
 * settles. The handler gets the span (undefined when off) to record outcomes it handles itself. Off, the cost is
 * the fields object, one context and one AsyncLocalStorage run (a few hundred nanoseconds).
 */
export function handleMessage<R>(
  message: { subject: string; headers?: MsgHdrs },
  messageId: string | null | undefined,
  info: ConsumerSpanInfo,
  run: (span: Span | undefined) => Promise<R>,
): Promise<R> {
  const fields: Record<string, string> = messageId
    ? { messageId, subject: message.subject }
    : { subject: message.subject };
  if (tracer === undefined) {
    return context.with(ROOT_CONTEXT.setValue(MESSAGE_LOG_FIELDS_KEY, fields), run, undefined, undefined);
  }
  const parent = extractMessageContext(message.headers);
  const attributes = attributesOf(message.subject, info.template, messageId, 'process', info.operation);
  if (info.group) attributes[MessagingAttributes.consumerGroup] = info.group;
  const span = tracer.startSpan(`${info.operation} ${info.template}`, { kind: SpanKind.CONSUMER, attributes }, parent);
  const active = trace.setSpan(parent, span).setValue(MESSAGE_LOG_FIELDS_KEY, fields);
  return context.with(active, async () => {
    try {
      return await run(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs the handling of a batch of messages (a consumer that evaluates many at once) in one CONSUMER span with a
 * link to each message's producer span, a new trace of its own: what it publishes is its child. Off, `run` runs
 * as is.
 */
export function handleBatch<R>(
  messages: readonly { subject: string; headers?: MsgHdrs }[],
  info: ConsumerSpanInfo,
  run: () => Promise<R>,
): Promise<R> {
  if (tracer === undefined) return run();
  const links = [];
  for (const m of messages) {
    const linked = trace.getSpanContext(extractMessageContext(m.headers));
    if (linked) links.push({ context: linked });
  }
  const attributes: Attributes = {
    [MessagingAttributes.system]: 'nats',
    [MessagingAttributes.destinationTemplate]: info.template,
    [MessagingAttributes.operationType]: 'process',
    [MessagingAttributes.operationName]: info.operation,
    'messaging.batch.message_count': messages.length,
  };
  if (info.group) attributes[MessagingAttributes.consumerGroup] = info.group;
  const span = tracer.startSpan(
    `${info.operation} ${info.template}`,
    { kind: SpanKind.CONSUMER, attributes, links },
    ROOT_CONTEXT,
  );
  return context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
    try {
      return await run();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Runs `fn` outside any request's or message's context (for long-lived timers and subscriptions made lazily). */
export function outsideContext<R>(fn: () => R): R {
  return context.with(ROOT_CONTEXT, fn);
}
