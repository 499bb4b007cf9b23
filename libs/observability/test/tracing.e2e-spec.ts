import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Messaging } from '@app/messaging';
import {
  connectTestMessaging,
  createTestDatabase,
  HttpReceiver,
  ServiceStack,
  ServiceProcess,
  serviceEnv,
  SimulatorProcess,
  setPlanIntervals,
  signUpAndIn,
} from '@app/testing';
import { RealtimeClient } from '../../../apps/realtime-gateway/test/realtime-client';

const SECRETS_KEY = Buffer.alloc(32, 11).toString('base64');

/** OTLP span kinds (the JSON encoding uses the protobuf enum numbers). */
const Kind = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

/** One span as the OTLP/HTTP receiver decoded it, with the `service.name` of its resource. */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number };
  links: { traceId: string; spanId: string }[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
        status?: { code?: number };
        links?: { traceId: string; spanId: string }[];
      }[];
    }[];
  }[];
}

/** Ids are hex in OTLP/JSON; base64 (protobuf-style JSON) is decoded too. */
const hexId = (id: string | undefined): string =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

const valueOf = (v: OtlpValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue;

const attributesOf = (list: OtlpAttribute[] = []): Record<string, unknown> =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

function spansOf(receiver: HttpReceiver): ExportedSpan[] {
  const spans: ExportedSpan[] = [];
  for (const request of receiver.requests) {
    for (const rs of (request.json as OtlpTraces | undefined)?.resourceSpans ?? []) {
      const service = String(attributesOf(rs.resource?.attributes)['service.name']);
      for (const scope of rs.scopeSpans ?? []) {
        for (const s of scope.spans ?? []) {
          spans.push({
            service,
            traceId: hexId(s.traceId),
            spanId: hexId(s.spanId),
            parentSpanId: hexId(s.parentSpanId),
            name: s.name,
            kind: s.kind,
            attributes: attributesOf(s.attributes),
            status: s.status ?? {},
            links: (s.links ?? []).map((l) => ({ traceId: hexId(l.traceId), spanId: hexId(l.spanId) })),
          });
        }
      }
    }
  }
  return spans;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `find` returns something from the spans received so far. */
async function eventuallySpan<T>(
  receiver: HttpReceiver,
  find: (spans: ExportedSpan[]) => T | undefined,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(spansOf(receiver));
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      const names = spansOf(receiver).map(
        (s) => `${s.service}: ${s.name} (${s.traceId}/${s.spanId}<-${s.parentSpanId})`,
      );
      throw new Error(`no span ${what} within ${timeoutMs} ms; received:\n  ${names.join('\n  ')}`);
    }
    await sleep(100);
  }
}

/** The JSON log lines of a process that match. */
const logLines = (proc: ServiceProcess, match: (line: Record<string, unknown>) => boolean) =>
  proc.output.flatMap((text) => {
    try {
      const line = JSON.parse(text) as Record<string, unknown>;
      return match(line) ? [line] : [];
    } catch {
      return [];
    }
  });

async function eventuallyLog(proc: ServiceProcess, match: (line: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 100; i++) {
    const [line] = logLines(proc, match);
    if (line) return line;
    await sleep(100);
  }
  throw new Error(`${proc.app}: no matching log line:\n${proc.output.slice(-30).join('\n')}`);
}

/** A listener on the OTLP default port (127.0.0.1:4318), where an exporter created by mistake would send to. */
async function listenOnDefaultPort(hits: string[]): Promise<Server | undefined> {
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.end('{}');
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined)); // taken: the OTLP receiver below still checks
    server.listen(4318, '127.0.0.1', () => resolve(server));
  });
}

describe('tracing over HTTP and NATS (OTLP/HTTP receiver, api-gateway, billing-limits, poller)', () => {
  let sim: SimulatorProcess;
  let messaging: Messaging;
  let otlp: HttpReceiver;
  let api = '';
  let realtimePort = 0;
  let session = '';
  let serverId = '';
  let tracedPoller: ServiceProcess;
  let untracedPoller: ServiceProcess;
  let untracedPort = 0;
  let defaultPort: Server | undefined;
  const defaultPortHits: string[] = [];
  const stack = new ServiceStack({
    SECRETS_KEY,
    TARGET_ALLOW_CIDRS: '127.0.0.0/8',
    PROBE_TIMEOUT_MS: '1500',
    POLLER_TIMEOUT_MS: '1500',
    POLLER_FLUSH_MS: '50',
    // Standard SDK variable: export every 100 ms instead of 5 s. Alone it turns nothing on.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  });
  const { prefix } = stack;

  beforeAll(async () => {
    otlp = await HttpReceiver.start({
      name: 'otlp',
      maxBodyBytes: 16 * 1024 * 1024,
      handler: (request) =>
        request.method === 'POST' && request.path === '/v1/traces' && request.json !== undefined
          ? { status: 200, body: {} }
          : { status: 400, body: { error: 'expected OTLP/JSON at POST /v1/traces' } },
    });
    defaultPort = await listenOnDefaultPort(defaultPortHits);
    stack.db = await createTestDatabase();
    // Plans are data: poll every 2 s so that poll jobs flow within the test.
    await setPlanIntervals(stack.db.url, 2);
    sim = stack.sim = await SimulatorProcess.start(['--count', '1', '--seed', '7']);
    messaging = stack.messaging = await connectTestMessaging(prefix, 'test');
    const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url() };
    await stack.start('billing-limits', traced);
    await stack.start('poller', traced);
    tracedPoller = stack.processes.at(-1)!;
    // Tracing unset (a service name alone does not turn it on); named so that its spans, if any, would stand out.
    // A worker only: the traced poller schedules, so every poll job is published in a span.
    untracedPort = await stack.start('poller', { OTEL_SERVICE_NAME: 'poller-untraced', POLLER_ROLE: 'worker' });
    untracedPoller = stack.processes.at(-1)!;
    api = `http://127.0.0.1:${await stack.start('api-gateway', traced)}`;
    await stack.start('alerting', traced);
    realtimePort = await stack.start('realtime-gateway', traced);
  }, 90_000);

  afterAll(async () => {
    await stack.close();
    await otlp?.close();
    await new Promise((resolve) => (defaultPort ? defaultPort.close(resolve) : resolve(undefined)));
  });

  it('continues an API call\u2019s traceparent through the api-gateway into billing-limits and the poller', async () => {
    const { token } = await signUpAndIn(api, `trace-${prefix}@example.com`, 'correct horse battery', 'T');

    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const game = sim.server(0);
    const res = await fetch(`${api}/api/v1/servers?probe=1`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        traceparent: `00-${traceId}-${callerSpanId}-01`,
        'X-Request-Id': `trace-test-${prefix}`,
      },
      body: JSON.stringify({
        name: 'Traced factory',
        host: game.host,
        port: game.port,
        admin_password: game.admin_password,
        addon_http_port: game.addon_http_port,
        addon_ws_port: game.addon_ws_port,
      }),
    });
    expect(res.status).toBe(201);
    session = token;
    serverId = ((await res.json()) as { id: string }).id;
    expect(res.headers.get('traceresponse')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    // The api-gateway's server span: child of the caller's span, named by its route template.
    const server = await eventuallySpan(
      otlp,
      (spans) => spans.find((s) => s.traceId === traceId && s.kind === Kind.server),
      'SERVER in the api-gateway',
    );
    expect(server).toMatchObject({
      service: 'api-gateway',
      name: 'POST /api/v1/servers',
      parentSpanId: callerSpanId,
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/api/v1/servers',
        'http.response.status_code': 201,
        'gsm.request_id': `trace-test-${prefix}`,
      },
    });
    expect(res.headers.get('traceresponse')).toBe(`00-${traceId}-${server.spanId}-01`);

    // billing-limits answered the server-allowance request: its CONSUMER span's parent is the api-gateway's
    // request span, itself a child of the server span.
    const allowanceSubject = `${prefix}.billing.server-allowance.check.v1`;
    const request = await eventuallySpan(
      otlp,
      (spans) => spans.find((s) => s.traceId === traceId && s.name === `request ${allowanceSubject}`),
      'PRODUCER for the allowance request',
    );
    expect(request).toMatchObject({ service: 'api-gateway', kind: Kind.producer, parentSpanId: server.spanId });
    const reply = await eventuallySpan(
      otlp,
      (spans) => spans.find((s) => s.traceId === traceId && s.service === 'billing-limits'),
      'in billing-limits',
    );
    expect(reply).toMatchObject({
      name: `reply ${allowanceSubject}`,
      kind: Kind.consumer,
      parentSpanId: request.spanId,
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': allowanceSubject },
    });

    // The poller handled the server.registered event in the same trace.
    const registeredTemplate = `${prefix}.server.registered.v1`;
    const publish = await eventuallySpan(
      otlp,
      (spans) => spans.find((s) => s.traceId === traceId && s.name === `publish ${registeredTemplate}`),
      'PRODUCER for server.registered',
    );
    expect(publish).toMatchObject({ service: 'api-gateway', kind: Kind.producer, parentSpanId: server.spanId });
    const processed = await eventuallySpan(
      otlp,
      (spans) => spans.find((s) => s.traceId === traceId && s.service === 'poller' && s.kind === Kind.consumer),
      'CONSUMER in the poller',
    );
    expect(processed).toMatchObject({
      name: `process ${registeredTemplate}`,
      parentSpanId: publish.spanId,
      attributes: {
        'messaging.system': 'nats',
        'messaging.message.id': publish.attributes['messaging.message.id'],
        'messaging.destination.name': expect.stringMatching(new RegExp(`^${registeredTemplate}\\.[0-9a-f-]{36}$`)),
      },
    });

    // Never a password, token or query string in a span.
    const exported = JSON.stringify(spansOf(otlp));
    expect(exported).not.toContain(game.admin_password);
    expect(exported).not.toContain(token);
    expect(exported).not.toContain('probe=1');
  });

  it('links a poll job: scheduler publish -> worker (JetStream) -> poll result', async () => {
    const jobTemplate = `${prefix}.poll.job.v1`;
    const worker = await eventuallySpan(
      otlp,
      (spans) =>
        spans.find((s) => s.service === 'poller' && s.name === `process ${jobTemplate}` && s.parentSpanId !== ''),
      'CONSUMER of a poll job',
    );
    const all = spansOf(otlp);
    const job = all.find((s) => s.spanId === worker.parentSpanId);
    expect(job).toMatchObject({ name: `publish ${jobTemplate}`, kind: Kind.producer, traceId: worker.traceId });
    expect(worker.attributes['messaging.consumer.group.name']).toEqual(expect.any(String));
    const result = await eventuallySpan(
      otlp,
      (spans) => spans.find((s) => s.parentSpanId === worker.spanId && s.name === `publish ${prefix}.poll.result.v1`),
      'PRODUCER of the poll result, child of the worker span',
    );
    expect(result.traceId).toBe(worker.traceId);
  });

  it("links alerting's evaluation of a batch to the poll results it evaluated", async () => {
    const resultTemplate = `${prefix}.poll.result.v1`;
    const batch = await eventuallySpan(
      otlp,
      (spans) => {
        const published = new Set(
          spans.filter((s) => s.service === 'poller' && s.name === `publish ${resultTemplate}`).map((s) => s.spanId),
        );
        return spans.find(
          (s) =>
            s.service === 'alerting' &&
            s.name === `process ${resultTemplate}` &&
            s.links.some((l) => published.has(l.spanId)),
        );
      },
      "CONSUMER of alerting's evaluator linked to a poller's poll-result publish",
      30_000,
    );
    expect(batch).toMatchObject({
      kind: Kind.consumer,
      parentSpanId: '',
      attributes: { 'messaging.consumer.group.name': 'alerting-evaluator' },
    });
    expect(batch.attributes['messaging.batch.message_count']).toBeGreaterThanOrEqual(batch.links.length);
  });

  it("continues a poll result's trace in the realtime-gateway's emit to a watching dashboard", async () => {
    const client = await RealtimeClient.connect(realtimePort, { token: session });
    try {
      expect(await client.join({ serverId })).toMatchObject({ ok: true });
      const resultTemplate = `${prefix}.poll.result.v1`;
      const emitted = await eventuallySpan(
        otlp,
        // Results polled by the untraced worker carry no trace headers: their emit starts a trace of its own.
        (spans) =>
          spans.find(
            (s) => s.service === 'realtime-gateway' && s.name === `process ${resultTemplate}` && s.parentSpanId !== '',
          ),
        'CONSUMER in the realtime-gateway',
        30_000,
      );
      // The poller exports on its own schedule: its span may arrive after the gateway's.
      const parent = await eventuallySpan(
        otlp,
        (spans) => spans.find((s) => s.spanId === emitted.parentSpanId),
        "the realtime-gateway span's parent",
      );
      expect(parent).toMatchObject({ service: 'poller', name: `publish ${resultTemplate}`, traceId: emitted.traceId });
      expect(emitted.attributes['messaging.destination.name']).toBe(`${resultTemplate}.${serverId}`);
    } finally {
      client.close();
    }
  });

  it('writes the id of a consumed NATS message (and its trace id when tracing is on) into the log lines', async () => {
    // An event no poller can use: each replica dead-letters it, logging while it handles the message.
    const messageId = `bad-event-${prefix}`;
    const traceId = randomBytes(16).toString('hex');
    messaging.publishRaw(`${prefix}.server.registered.v1.not-a-server`, '{"nope":1}', {
      headers: { 'Nats-Msg-Id': messageId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    const isOurs = (line: Record<string, unknown>) =>
      line.messageId === messageId && String(line.msg).includes('dead-lettering');
    const untraced = await eventuallyLog(untracedPoller, isOurs);
    expect(untraced).toMatchObject({ subject: `${prefix}.server.registered.v1.not-a-server`, level: 40 });
    expect(untraced.trace_id).toBeUndefined();
    const traced = await eventuallyLog(tracedPoller, isOurs);
    expect(traced).toMatchObject({ trace_id: traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('sends nothing and adds no header while tracing is unset', async () => {
    const res = await fetch(`http://127.0.0.1:${untracedPort}/no-such-route?token=x`, {
      headers: { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('traceresponse')).toBeNull();
    await sleep(1000); // ten export intervals of a (wrongly) started exporter
    expect(spansOf(otlp).filter((s) => s.service === 'poller-untraced')).toEqual([]);
    if (defaultPort) expect(defaultPortHits).toEqual([]);
    const tracingOn = (l: Record<string, unknown>) => String(l.msg).startsWith('tracing on');
    expect(logLines(untracedPoller, tracingOn)).toEqual([]);
    expect(logLines(tracedPoller, tracingOn)).toEqual([
      expect.objectContaining({ context: 'Tracing', endpoint: `${otlp.url()}/v1/traces`, serviceName: 'poller' }),
    ]);
  });

  it('refuses to start with an invalid tracing variable, naming it', async () => {
    const proc = ServiceProcess.start(
      'billing-limits',
      serviceEnv(stack.db!.url, prefix, {
        OTEL_TRACES_SAMPLER_ARG: '1.5',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      }),
    );
    expect((await proc.exited()).code).toBe(1);
    const text = proc.output.join('\n');
    expect(text).toContain('billing-limits: invalid configuration (2 problems)');
    expect(text).toContain('OTEL_TRACES_SAMPLER_ARG is invalid: expected a ratio between 0 and 1');
    expect(text).toContain('OTEL_EXPORTER_OTLP_ENDPOINT is invalid: expected an http or https URL');
  });
});
