import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';

/** The request id of the logs (`req.id`, X-Request-Id) on a server span. */
export const ATTR_REQUEST_ID = 'gsm.request_id';

/** Not traced: probes and scrapes every few seconds (the logs skip them too). */
const UNTRACED_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);
const TRACE_CONTEXT = Symbol('gsm.trace-context');

type TracedRequest = IncomingMessage & {
  [TRACE_CONTEXT]?: Context;
  id?: unknown;
  baseUrl?: string;
  route?: { path?: unknown };
};
type Next = (error?: unknown) => void;

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

/**
 * Express middleware that opens a SERVER span per request, installed first (before body parsers) while tracing
 * is on. An incoming W3C `traceparent` continues its trace; the response carries `traceresponse`
 * (`00-<trace id>-<span id>-<flags>`) besides X-Request-Id. The span is named `METHOD /route/:template` when the
 * request is done; attributes hold the method, route template, status and request id, never the URL (query
 * strings carry share tokens), headers or bodies. 5xx answers mark it as an error.
 */
export function httpServerSpans(tracer: Tracer) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    if (UNTRACED_PATHS.has(query === -1 ? url : url.slice(0, query))) return next();
    const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : '_OTHER';
    const parent = propagation.extract(ROOT_CONTEXT, req.headers, headerGetter);
    const span = tracer.startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } },
      parent,
    );
    const active = trace.setSpan(parent, span);
    (req as TracedRequest)[TRACE_CONTEXT] = active;
    const { traceId, spanId, traceFlags } = span.spanContext();
    res.setHeader('traceresponse', `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`);
    res.once('close', () => endServerSpan(span, method, req as TracedRequest, res));
    context.with(active, next);
  };
}

/**
 * Nest middleware (all routes) that re-enters the request's trace context: body parsers call `next` from the
 * request stream's events, where the context set by {@link httpServerSpans} is lost.
 */
export function reenterTraceContext(req: IncomingMessage, _res: ServerResponse, next: Next): void {
  const active = (req as TracedRequest)[TRACE_CONTEXT];
  if (active) context.with(active, next);
  else next();
}

function endServerSpan(span: Span, method: string, req: TracedRequest, res: ServerResponse): void {
  const path = req.route?.path;
  if (typeof path === 'string') {
    const route = `${req.baseUrl ?? ''}${path}`;
    span.updateName(`${method} ${route}`);
    span.setAttribute(ATTR_HTTP_ROUTE, route);
  }
  if (typeof req.id === 'string' || typeof req.id === 'number') span.setAttribute(ATTR_REQUEST_ID, String(req.id));
  if (res.headersSent) {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
    if (res.statusCode >= 500) {
      span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  if (!res.writableFinished) span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
  span.end();
}
