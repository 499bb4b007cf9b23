import { installContextManager, startTracing, type Tracing } from '@app/observability';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { context, createTraceState, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  handleBatch,
  handleMessage,
  MESSAGE_LOG_FIELDS_KEY,
  natsHeaderGetter,
  setMessagingTracer,
  startProducerSpan,
} from './tracing';

const target = { subject: 'gsm.poll.result.v1.abc', template: 'gsm.poll.result.v1', messageId: 'msg-1' };
const info = { template: target.template, operation: 'process' as const, group: 'poller' };
const settings = { tracesUrl: undefined, serviceName: 'test', sampler: 'always_on' as const, ratio: 1 };

describe('message tracing, on', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;

  beforeAll(() => {
    tracing = startTracing(settings, { spanProcessor: new SimpleSpanProcessor(exporter) });
    setMessagingTracer(tracing.tracer);
  });
  afterAll(async () => {
    setMessagingTracer(undefined);
    await tracing.shutdown();
  });
  beforeEach(() => exporter.reset());

  it('injects traceparent and tracestate into NATS headers, and a handler continues that trace', async () => {
    const remote = trace.wrapSpanContext({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      traceState: createTraceState('vendor=opaque'),
      isRemote: true,
    });
    const headers = natsHeaders();
    headers.set('Nats-Msg-Id', 'msg-1');
    const producer = context.with(trace.setSpan(ROOT_CONTEXT, remote), () =>
      startProducerSpan('publish', target, headers),
    );
    producer?.end();
    const sent = producer!.spanContext();
    expect(sent.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(headers.get('traceparent')).toBe(`00-${sent.traceId}-${sent.spanId}-01`);
    expect(headers.get('tracestate')).toBe('vendor=opaque');

    // As a receiver sees them (another process, header names in any case).
    const received = natsHeaders();
    for (const [key, values] of headers) for (const value of values) received.append(key.toUpperCase(), value);
    expect(natsHeaderGetter.get(received, 'traceparent')).toBe(headers.get('traceparent'));

    let inside: { traceId?: string; fields?: unknown } = {};
    await handleMessage({ subject: target.subject, headers: received }, 'msg-1', info, () => {
      inside = {
        traceId: trace.getActiveSpan()?.spanContext().traceId,
        fields: context.active().getValue(MESSAGE_LOG_FIELDS_KEY),
      };
      return Promise.resolve();
    });
    expect(inside.traceId).toBe(sent.traceId);
    expect(inside.fields).toEqual({ messageId: 'msg-1', subject: target.subject });

    const spans = exporter.getFinishedSpans();
    const send = spans.find((s) => s.kind === SpanKind.PRODUCER)!;
    const consume = spans.find((s) => s.kind === SpanKind.CONSUMER)!;
    expect(send.name).toBe('publish gsm.poll.result.v1');
    expect(send.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(consume.name).toBe('process gsm.poll.result.v1');
    expect(consume.spanContext().traceId).toBe(sent.traceId);
    expect(consume.parentSpanContext?.spanId).toBe(sent.spanId);
    expect(consume.spanContext().traceState?.get('vendor')).toBe('opaque');
    expect(consume.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': target.subject,
      'messaging.message.id': 'msg-1',
      'messaging.operation.type': 'process',
      'messaging.consumer.group.name': 'poller',
    });
  });

  it('starts a new trace for a message without trace headers, and marks a failed handler', async () => {
    const failure = handleMessage({ subject: target.subject }, 'msg-1', info, () => Promise.reject(new Error('boom')));
    await expect(failure).rejects.toThrow('boom');
    const [span] = exporter.getFinishedSpans();
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
  });

  it('handles a batch in one span linked to every traced message, parent of what it publishes', async () => {
    const sent = [1, 2].map((n) => {
      const headers = natsHeaders();
      const producer = startProducerSpan('publish', { ...target, messageId: `m${n}` }, headers);
      producer?.end();
      return { headers, context: producer!.spanContext() };
    });
    const untraced = { subject: target.subject };
    let child: string | undefined;
    await handleBatch(
      [...sent.map((s) => ({ subject: target.subject, headers: s.headers })), untraced],
      { template: target.template, operation: 'process', group: 'alerting-evaluator' },
      async () => {
        const out = natsHeaders();
        const publish = startProducerSpan(
          'publish',
          { subject: 'gsm.delivery.job.v1', template: 'gsm.delivery.job.v1' },
          out,
        );
        publish?.end();
        child = (publish as unknown as ReadableSpan | undefined)?.parentSpanContext?.spanId;
      },
    );
    const batch = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CONSUMER)!;
    expect(batch.name).toBe('process gsm.poll.result.v1');
    expect(batch.links.map((l) => l.context.spanId)).toEqual(sent.map((s) => s.context.spanId));
    expect(batch.attributes['messaging.batch.message_count']).toBe(3);
    expect(batch.parentSpanContext).toBeUndefined();
    expect(child).toBe(batch.spanContext().spanId);
  });
});

describe('message tracing, off (the default)', () => {
  it('creates no span and writes no header, but still gives handlers the message id as log fields', async () => {
    setMessagingTracer(undefined);
    installContextManager(); // what bootstrapService does, tracing on or off
    const headers = natsHeaders();
    headers.set('Nats-Msg-Id', 'msg-2');
    expect(startProducerSpan('publish', target, headers)).toBeUndefined();
    expect(headers.keys()).toEqual(['Nats-Msg-Id']);

    let seen: { span?: unknown; fields?: unknown; later?: unknown } = {};
    const message = { subject: target.subject, headers };
    await handleMessage(message, 'msg-2', info, async (span) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen = {
        span: span ?? trace.getActiveSpan(),
        fields: context.active().getValue(MESSAGE_LOG_FIELDS_KEY),
      };
    });
    expect(seen.span).toBeUndefined();
    expect(seen.fields).toEqual({ messageId: 'msg-2', subject: target.subject });
    // A batch runs as is: no span.
    let batchSpan: unknown = 'unset';
    await handleBatch([message], info, async () => {
      batchSpan = trace.getActiveSpan();
    });
    expect(batchSpan).toBeUndefined();
  });
});
