import { context, diag, DiagLogLevel, propagation, trace, type DiagLogger, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { AsyncLocalStorageContextManager } from './context-manager';
import type { SamplerName, TracingSettings } from './tracing-config';

/** Name of the tracer (instrumentation scope) of the platform's own spans. */
export const TRACER_NAME = 'gsm-platform';

/** The tracing of a running service; `tracer` is undefined when tracing is off. */
export interface Tracing {
  readonly enabled: boolean;
  readonly tracer: Tracer | undefined;
  /** Exports what is still buffered and stops (on shutdown). */
  shutdown(): Promise<void>;
}

export interface StartTracingOptions {
  /** Where the SDK's own problems go (e.g. the collector cannot be reached); each message at most once a minute. */
  warn?: (message: string) => void;
  /** Tests: takes the spans instead of the batching OTLP exporter. */
  spanProcessor?: SpanProcessor;
}

let current: { tracer: Tracer; provider: BasicTracerProvider } | undefined;
let contextManager: AsyncLocalStorageContextManager | undefined;

/** The platform's tracer while tracing is on; undefined when off (the hot paths check only this). */
export function activeTracer(): Tracer | undefined {
  return current?.tracer;
}

export function tracingEnabled(): boolean {
  return current !== undefined;
}

/**
 * Installs the AsyncLocalStorage context manager (once per process). Always done, tracing on or off: it carries
 * the log fields of a NATS message (its id) to the log lines written while handling it.
 */
export function installContextManager(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager();
  context.setGlobalContextManager(contextManager);
}

/** The sampler a name and ratio stand for (the OTEL_TRACES_SAMPLER values). */
export function samplerFor(name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Starts tracing for the process when the settings name an endpoint: a tracer provider with the service's
 * resource, a batching OTLP/HTTP (JSON) exporter, the W3C trace-context propagator. Without an endpoint nothing
 * is created: no provider, no exporter, no spans (the no-op tracer is never even called).
 */
export function startTracing(settings: TracingSettings, options: StartTracingOptions = {}): Tracing {
  installContextManager();
  if (current) throw new Error('tracing is started already');
  if (!settings.tracesUrl && !options.spanProcessor) {
    return { enabled: false, tracer: undefined, shutdown: () => Promise.resolve() };
  }
  if (options.warn)
    diag.setLogger(throttled(options.warn), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  const processor = options.spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }));
  const provider = new BasicTracerProvider({
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName })),
    sampler: samplerFor(settings.sampler, settings.ratio),
    spanProcessors: [processor],
  });
  trace.setGlobalTracerProvider(provider);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const tracer = provider.getTracer(TRACER_NAME);
  const state = { tracer, provider };
  current = state;
  return {
    enabled: true,
    tracer,
    shutdown: async () => {
      if (current !== state) return;
      current = undefined;
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        diag.disable();
      }
    },
  };
}

const REPEAT_MS = 60_000;

/** A diag logger that forwards warnings and errors, each distinct message at most once a minute. */
function throttled(warn: (message: string) => void): DiagLogger {
  const last = new Map<string, number>();
  const write = (message: string, ...args: unknown[]): void => {
    const text = [readable(message), ...args.map((a) => (a instanceof Error ? a.message : String(a)))]
      .join(' ')
      .slice(0, 500);
    const now = Date.now();
    if ((last.get(text) ?? -Infinity) > now - REPEAT_MS) return;
    if (last.size > 100) last.clear();
    last.set(text, now);
    warn(text);
  };
  const ignore = (): void => undefined;
  return { error: write, warn: write, info: ignore, debug: ignore, verbose: ignore };
}

/** The SDK reports failed exports as a JSON-encoded error (with its stack): keep its message. */
function readable(message: string): string {
  if (!message.startsWith('{')) return message;
  try {
    const parsed = JSON.parse(message) as { message?: unknown };
    return typeof parsed.message === 'string' ? `span export failed: ${parsed.message}` : message;
  } catch {
    return message;
  }
}
