import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '@app/config';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SamplingDecision, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { httpServerSpans, reenterTraceContext } from './http-tracing';
import { LOG_FIELDS_KEY, logMixin, withLogFields } from './log-context';
import { activeTracer, samplerFor, startTracing, tracingEnabled, type Tracing } from './tracing';
import { tracingEnvSchema, tracingSettings, type TracingEnv } from './tracing-config';

const parse = (env: Record<string, string>): TracingEnv => loadConfig('poller', tracingEnvSchema, env);

function problemsOf(env: Record<string, string>): string {
  try {
    parse(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('tracing configuration', () => {
  it('is off without an endpoint, and defaults to the service name and a ratio of 1', () => {
    expect(tracingSettings('poller', parse({}))).toEqual({
      tracesUrl: undefined,
      serviceName: 'poller',
      sampler: 'parentbased_traceidratio',
      ratio: 1,
    });
  });

  it('sends to <endpoint>/v1/traces, or to the traces endpoint as given', () => {
    const base = tracingSettings('poller', parse({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }));
    expect(base.tracesUrl).toBe('http://collector:4318/v1/traces');
    const both = tracingSettings(
      'poller',
      parse({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp/spans',
        OTEL_SERVICE_NAME: 'poller-eu',
      }),
    );
    expect(both).toMatchObject({ tracesUrl: 'https://traces.example.com/otlp/spans', serviceName: 'poller-eu' });
    const disabled = parse({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' });
    expect(tracingSettings('poller', disabled).tracesUrl).toBeUndefined();
  });

  it('parses the sampler ratio, 0 to 1', () => {
    expect(parse({ OTEL_TRACES_SAMPLER_ARG: '0.25' }).OTEL_TRACES_SAMPLER_ARG).toBe(0.25);
    expect(parse({ OTEL_TRACES_SAMPLER_ARG: '0' }).OTEL_TRACES_SAMPLER_ARG).toBe(0);
    expect(parse({ OTEL_TRACES_SAMPLER_ARG: '1' }).OTEL_TRACES_SAMPLER_ARG).toBe(1);
    expect(parse({ OTEL_TRACES_SAMPLER_ARG: '' }).OTEL_TRACES_SAMPLER_ARG).toBe(1);
    for (const bad of ['1.5', '-0.1', 'half', '10%']) {
      expect(problemsOf({ OTEL_TRACES_SAMPLER_ARG: bad })).toContain(
        'OTEL_TRACES_SAMPLER_ARG is invalid: expected a ratio between 0 and 1',
      );
    }
  });

  it('names every bad variable, without echoing values', () => {
    const text = problemsOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://user:s3cret@collector:4317',
      OTEL_TRACES_SAMPLER: 'sometimes',
    });
    expect(text).toContain('poller: invalid configuration (3 problems)');
    expect(text).toContain('OTEL_EXPORTER_OTLP_ENDPOINT is invalid: expected an http or https URL');
    expect(text).toContain('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is invalid');
    expect(text).toContain('OTEL_TRACES_SAMPLER is invalid');
    expect(text).not.toContain('s3cret');
  });

  it('samples new traces by the ratio and follows the parent', () => {
    const decide = (ratio: number, traceId: string, parentSampled?: boolean): SamplingDecision => {
      const parent =
        parentSampled === undefined
          ? ROOT_CONTEXT
          : trace.setSpanContext(ROOT_CONTEXT, {
              traceId,
              spanId: '00f067aa0ba902b7',
              traceFlags: parentSampled ? 1 : 0,
              isRemote: true,
            });
      return samplerFor('parentbased_traceidratio', ratio).shouldSample(parent, traceId, 'x', SpanKind.SERVER, {}, [])
        .decision;
    };
    const ids = Array.from({ length: 4000 }, () => randomBytes(16).toString('hex'));
    const share = (ratio: number): number =>
      ids.filter((id) => decide(ratio, id) === SamplingDecision.RECORD_AND_SAMPLED).length / ids.length;
    expect(share(1)).toBe(1);
    expect(share(0)).toBe(0);
    expect(share(0.25)).toBeGreaterThan(0.2);
    expect(share(0.25)).toBeLessThan(0.3);
    const low = ids.find((id) => decide(0, id) === SamplingDecision.NOT_RECORD)!;
    const high = ids[0]!;
    expect(decide(0, low, true)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(1, high, false)).toBe(SamplingDecision.NOT_RECORD);
  });
});

describe('tracing off', () => {
  it('creates no tracer, provider or span', async () => {
    const tracing = startTracing(tracingSettings('poller', parse({})));
    expect(tracing).toMatchObject({ enabled: false, tracer: undefined });
    expect(tracingEnabled()).toBe(false);
    expect(activeTracer()).toBeUndefined();
    // Nothing registered: the API's tracer is the no-op one.
    expect(trace.getTracer('x').startSpan('y').isRecording()).toBe(false);
    expect(withLogFields({ messageId: 'm-1' }, () => logMixin())).toEqual({ messageId: 'm-1' });
    await tracing.shutdown();
  });
});

describe('HTTP server spans', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let server: Server;
  let base = '';
  const seen: { traceId?: string; logLine?: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    tracing = startTracing(tracingSettings('api-gateway', parse({})), {
      spanProcessor: new SimpleSpanProcessor(exporter),
    });
    const middleware = httpServerSpans(tracing.tracer!);
    const handler = (req: IncomingMessage, res: ServerResponse): void => {
      Object.assign(req, { route: { path: '/api/v1/things/:id' }, id: 'req-42' });
      seen.push({
        traceId: trace.getActiveSpan()?.spanContext().traceId,
        logLine: withLogFields({ messageId: 'unrelated' }, () => logMixin()),
      });
      res.statusCode = req.url?.includes('fail') ? 503 : 200;
      res.end('{}');
    };
    server = createServer((req, res) =>
      middleware(req, res, () =>
        // A body parser: `next` called later, from outside the request's context; the Nest middleware re-enters it.
        context.with(ROOT_CONTEXT, () => setImmediate(() => reenterTraceContext(req, res, () => handler(req, res)))),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await tracing.shutdown();
  });

  beforeEach(() => {
    exporter.reset();
    seen.length = 0;
  });

  const spans = async (count: number) => {
    for (let i = 0; i < 100 && exporter.getFinishedSpans().length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return exporter.getFinishedSpans();
  };

  it('continues an incoming traceparent, names the span by route template and answers with traceresponse', async () => {
    const res = await fetch(`${base}/api/v1/things/7?token=gsm_share_secret`, {
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    expect(res.status).toBe(200);
    const [span] = await spans(1);
    expect(span).toBeDefined();
    expect(span!.kind).toBe(SpanKind.SERVER);
    expect(span!.name).toBe('GET /api/v1/things/:id');
    expect(span!.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(span!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(span!.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/v1/things/:id',
      'http.response.status_code': 200,
      'gsm.request_id': 'req-42',
    });
    expect(JSON.stringify(span!.attributes)).not.toContain('secret');
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(res.headers.get('traceresponse')).toBe(
      `00-4bf92f3577b34da6a3ce929d0e0e4736-${span!.spanContext().spanId}-01`,
    );
    expect(seen[0]?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(seen[0]?.logLine).toMatchObject({
      messageId: 'unrelated',
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      span_id: span!.spanContext().spanId,
    });
  });

  it('starts a new trace without traceparent and marks 5xx answers as errors', async () => {
    const res = await fetch(`${base}/api/v1/things/fail`, { method: 'POST', body: '{"password":"x"}' });
    expect(res.status).toBe(503);
    const [span] = await spans(1);
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.name).toBe('POST /api/v1/things/:id');
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes['http.response.status_code']).toBe(503);
    expect(span!.attributes['error.type']).toBe('503');
  });

  it('leaves probes and scrapes untraced', async () => {
    await fetch(`${base}/health/ready`);
    await fetch(`${base}/api/v1/things/1`);
    const finished = await spans(1);
    expect(finished.map((s) => s.name)).toEqual(['GET /api/v1/things/:id']);
  });

  it('has no log fields outside a request or message', () => {
    expect(context.active().getValue(LOG_FIELDS_KEY)).toBeUndefined();
    expect(logMixin()).toEqual({});
  });
});
