import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  connectTestMessaging,
  createTestDatabase,
  SimulatorProcess,
  sql,
  ServiceStack,
  signUpVerified,
  type ServiceProcess,
  type TestDatabase,
} from '@app/testing';
import fc from 'fast-check';

/**
 * Property-based fuzzing of the api-gateway's request validation over real HTTP (billing-limits, PostgreSQL, NATS,
 * one simulated game server on loopback). Every route of the OpenAPI document that takes a body, query parameters
 * or path parameters gets random and hostile input; the properties: never a 5xx, every 4xx in the API's one error
 * shape (a code, a message saying what was wrong, a remedy saying what to do, the request id), nothing created or
 * changed by an invalid request, and the process still alive and ready afterwards.
 */

const SECRETS_KEY = Buffer.alloc(32, 13).toString('base64');
/** BODY_LIMIT of the api-gateway (100kb, as body-parser counts it). */
const BODY_LIMIT = 100 * 1024;

const compress = (encoding: string, text: string): Buffer =>
  encoding === 'gzip' ? gzipSync(text) : encoding === 'deflate' ? deflateSync(text) : brotliCompressSync(text);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, e.g. /api/v1/servers/{id}. */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Routes left out of the fuzzing, and why. */
const NOT_FUZZED: Record<string, string> = {
  // Any well-formed call with the suite's token would end the suite's session; the header property covers it.
  'post /api/v1/auth/logout': 'ends the session',
  'post /api/v1/me/sessions/revoke-all': "ends every session of the suite's user",
};

/** Runs per property; FUZZ_SCALE=10 (say) explores ten times as far, for a search before a release. */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);
const RUNS = Object.fromEntries(
  Object.entries({ body: 40, raw: 15, query: 50, path: 20, headers: 80, semantic: 30 }).map(([k, n]) => [k, n * SCALE]),
) as Record<'body' | 'raw' | 'query' | 'path' | 'headers' | 'semantic', number>;

describe('api-gateway validation under random and hostile input (property-based)', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let gateway: ServiceProcess;
  let port = 0;
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let token = '';
  /** Real ids of one resource of each kind, by the path parameter that names it. */
  const real: Record<string, string> = {};
  let operations: Operation[] = [];
  let baseline = '';
  const counts = { requests: 0, byStatus: new Map<number, number>() };

  /** One request over node:http: raw path (no URL normalisation), raw body, exactly the headers given. */
  const send = (
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string | Buffer; auth?: boolean; fresh?: boolean } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...options.headers };
      // An alert's acknowledge link is a page for browsers (HTML unless the client asks for JSON): ask for JSON.
      if (path.startsWith('/api/v1/incident-ack/')) headers.Accept = 'application/json';
      if (options.auth !== false && token && headers.Authorization === undefined)
        headers.Authorization = `Bearer ${token}`;
      if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
      const req = request(
        { host: '127.0.0.1', port, method, path, headers, agent: options.fresh ? false : agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            counts.requests++;
            counts.byStatus.set(res.statusCode ?? 0, (counts.byStatus.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', reject);
        },
      );
      // A network error before the answer fails the request; after it (a server closing the connection after an
      // early 413 while the body is still being sent) the promise is already settled with the answer.
      req.on('error', reject);
      req.end(options.body);
    });

  const json = (method: string, path: string, body: unknown): Promise<Answer> =>
    send(method, path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  const parse = (a: Answer): unknown => JSON.parse(a.text) as unknown;

  /** The API's error shape, for any 4xx: what was wrong, what to do, the request id; no internals. */
  const expectErrorShape = (a: Answer, where: string): void => {
    const context = `${where} answered ${a.status} ${a.text.slice(0, 300)}`;
    if (a.status >= 500) throw new Error(`5xx: ${context}${serverLog(a)}`);
    if (a.status < 400) throw new Error(`expected a 4xx: ${context}`);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    let body: { error?: Record<string, unknown>; request_id?: unknown };
    try {
      body = parse(a) as typeof body;
    } catch {
      throw new Error(`not JSON: ${context}`);
    }
    const { error } = body;
    if (!error || typeof error !== 'object') throw new Error(`no error object: ${context}`);
    expect(Object.keys(body).sort()).toEqual(['error', 'request_id']);
    if (typeof error.code !== 'string' || !/^[A-Z][A-Za-z]+$/.test(error.code)) throw new Error(`bad code: ${context}`);
    if (typeof error.message !== 'string' || error.message.length < 5) throw new Error(`no message: ${context}`);
    if (typeof error.remedy !== 'string' || error.remedy.length < 5) throw new Error(`no remedy: ${context}`);
    expect(body.request_id).toBe(a.headers['x-request-id']);
    if (error.code === 'ValidationFailed' && error.details !== undefined) {
      const fields = (error.details as { fields?: { field?: unknown; problem?: unknown }[] }).fields;
      expect(Array.isArray(fields) && fields.length > 0).toBe(true);
      for (const f of fields!) {
        expect(typeof f.field).toBe('string');
        expect(typeof f.problem).toBe('string');
      }
    }
    // No stack trace, SQL, ORM or connection detail ever reaches a client.
    if (/\bat \w+ \(|\.ts:\d+|\.js:\d+|SELECT |INSERT |prisma|postgres(ql)?:\/\/|nats:\/\//i.test(a.text))
      throw new Error(`internals leaked: ${context}`);
  };

  /** The gateway's log lines about one request (its request id), to explain a 5xx. */
  const serverLog = (a: Answer): string => {
    const id = a.headers['x-request-id'];
    const lines = typeof id === 'string' ? gateway.output.filter((line) => line.includes(id)) : [];
    return lines.length > 0 ? `\n  log: ${lines.join('\n  log: ').slice(0, 2000)}` : '';
  };

  /** Every answer: never 5xx; a 4xx in the error shape. */
  const expectSane = (a: Answer, where: string): void => {
    if (a.status >= 500) throw new Error(`5xx: ${where} answered ${a.status} ${a.text.slice(0, 300)}${serverLog(a)}`);
    if (a.status >= 400) expectErrorShape(a, where);
  };

  /** A fingerprint of everything an invalid request could create or change (last-use times aside). */
  const snapshot = async (): Promise<string> => {
    const tables = [
      'users',
      'organisations',
      'memberships',
      'invitations',
      'api_tokens',
      'servers',
      'subscriptions',
      'alert_rules',
      'alert_rule_channels',
      'notification_channels',
      'silences',
      'share_links',
    ];
    const parts = tables.map(
      (t) =>
        `(SELECT count(*) || ':' || md5(coalesce(string_agg((to_jsonb(x) - 'last_used_at')::text, '|' ORDER BY (to_jsonb(x) - 'last_used_at')::text), '')) FROM ${t} x) AS ${t}`,
    );
    const [row] = await sql<Record<string, string>>(
      db.url,
      `SELECT ${parts.join(', ')}, (SELECT count(*) FROM audit_log) AS audit_log, (SELECT count(*) FROM sessions) AS sessions`,
    );
    return JSON.stringify(row);
  };

  const expectAlive = async (): Promise<void> => {
    expect(gateway.child.exitCode).toBeNull();
    const ready = await send('GET', '/health/ready', { auth: false });
    expect(ready.status).toBe(200);
  };

  /** Runs `check` for every item (route), then fails once naming every failing one, not only the first. */
  const forEvery = async <T>(items: T[], name: (item: T) => string, check: (item: T) => Promise<void>) => {
    const failures: string[] = [];
    for (const item of items) {
      try {
        await check(item);
      } catch (error) {
        const cause = (error as Error).cause as Error | undefined;
        failures.push(`${name(item)}: ${(error as Error).message}${cause ? `\n  cause: ${cause.message}` : ''}`);
      }
    }
    if (failures.length > 0) throw new Error(`${failures.length} failed:\n\n${failures.join('\n\n')}`);
  };

  /** The path with every parameter replaced: `hostile` for `param`, real ids (or a fresh uuid) for the others. */
  const fill = (op: Operation, param?: string, hostile?: string): string =>
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      name === param ? hostile! : encodeURIComponent(realFor(op.path, name)),
    );

  const realFor = (path: string, name: string): string => {
    if (name === 'id') {
      if (path.startsWith('/api/v1/servers/')) return real.serverId!;
      if (path.startsWith('/api/v1/notification-channels/')) return real.channelId!;
      if (path.startsWith('/api/v1/silences/')) return real.silenceId!;
      if (path.startsWith('/api/v1/tokens/')) return real.tokenId!;
      if (path.startsWith('/api/v1/org/invitations/')) return real.invitationId!;
      if (path.startsWith('/api/v1/status-pages/')) return real.statusPageId!;
      return '00000000-0000-4000-8000-000000000000';
    }
    const byName: Record<string, string | undefined> = {
      ruleId: real.ruleId,
      shareId: real.shareId,
      userId: real.userId,
      token: real.shareToken,
      incidentId: real.statusIncidentId,
      slug: real.statusSlug,
      // A player of the server's history: an id it never saw is a 404 like any other unknown id.
      playerId: '00000000-0000-4000-8000-000000000000',
    };
    const value = byName[name];
    if (!value) throw new Error(`no real value for {${name}} in ${path}`);
    return value;
  };

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    sim = stack.sim = await SimulatorProcess.start(['--count', '1', '--seed', '23']);
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    // Alert rules, channels and silences are alerting's: the gateway asks it over NATS.
    await stack.start('alerting');
    // Thousands of requests from one address: the share API's abuse limits (public-share-abuse.e2e-spec.ts) are
    // raised so that every answer is the validation's, not 429.
    port = await stack.start('api-gateway', {
      SHARE_UNKNOWN_PER_ADDRESS: '100000',
      SHARE_RATE_PER_ADDRESS: '100000',
      SHARE_RATE_PER_TOKEN: '100000',
    });
    gateway = stack.processes.at(-1)!;

    // An admin on a plan with every feature the API gates (roles, share links, API tokens, every channel kind).
    const email = `fuzz-${stack.prefix}@example.com`;
    const session = await signUpVerified(`http://127.0.0.1:${port}`, db.url, email, 'correct horse battery', 'Fuzz');
    token = session.token;
    real.userId = session.user.id;
    expect((await json('PUT', '/api/v1/billing/subscription', { plan: 'team', period: 'monthly' })).status).toBe(200);

    // One resource of each kind.
    const s = sim.servers[0]!;
    const server = await json('POST', '/api/v1/servers', {
      name: 'Fuzz target',
      host: s.host,
      port: s.port,
      admin_password: s.admin_password,
      addon_http_port: s.addon_http_port,
      addon_ws_port: s.addon_ws_port,
    });
    expect(server.status).toBe(201);
    real.serverId = (parse(server) as { id: string }).id;
    const channel = await json('POST', '/api/v1/notification-channels', {
      kind: 'webhook',
      name: 'Fuzz hook',
      config: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(channel.status).toBe(201);
    real.channelId = (parse(channel) as { id: string }).id;
    const rule = await json('POST', `/api/v1/servers/${real.serverId}/alert-rules`, {
      kind: 'player_count_above',
      name: 'Busy',
      params: { above: 3 },
      channel_ids: [real.channelId],
    });
    expect(rule.status).toBe(201);
    real.ruleId = (parse(rule) as { id: string }).id;
    const silence = await json('POST', '/api/v1/silences', {
      server_id: real.serverId,
      reason: 'fuzz',
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(silence.status).toBe(201);
    real.silenceId = (parse(silence) as { id: string }).id;
    const share = await json('POST', `/api/v1/servers/${real.serverId}/shares`, {});
    expect(share.status).toBe(201);
    const shared = parse(share) as { id: string; token: string };
    real.shareId = shared.id;
    real.shareToken = shared.token;
    real.statusSlug = `fuzz-${stack.prefix}`;
    const statusPage = await json('POST', '/api/v1/status-pages', {
      slug: real.statusSlug,
      title: 'Fuzz',
      server_ids: [real.serverId],
    });
    expect(statusPage.status).toBe(201);
    real.statusPageId = (parse(statusPage) as { id: string }).id;
    const statusIncident = await json('POST', `/api/v1/status-pages/${real.statusPageId}/incidents`, {
      title: 'Fuzz',
      message: 'Fuzzing.',
    });
    expect(statusIncident.status).toBe(201);
    real.statusIncidentId = (parse(statusIncident) as { id: string }).id;
    const apiToken = await json('POST', '/api/v1/tokens', { name: 'fuzz', scopes: ['servers:read'] });
    expect(apiToken.status).toBe(201);
    real.tokenId = (parse(apiToken) as { id: string }).id;
    const invite = await json('POST', '/api/v1/org/members', {
      email: `invitee-${stack.prefix}@example.com`,
      role: 'viewer',
    });
    expect(invite.status).toBe(201);
    real.invitationId = (parse(invite) as { invitation: { id: string } }).invitation.id;

    // Every operation of the OpenAPI document.
    const doc = parse(await send('GET', '/api/docs.json')) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; schema?: JsonSchema }[];
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          }
        >
      >;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        operations.push({
          method: method as Operation['method'],
          path,
          pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
          queryParams: (op.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
          body: op.requestBody?.content?.['application/json']?.schema ?? null,
        });
      }
    }
    operations = operations.filter((op) => !NOT_FUZZED[`${op.method} ${op.path}`]);
    baseline = await snapshot();
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    const routes = `${operations.length} operations (${bodyRoutes().length} with a body, ${
      operations.filter((op) => op.queryParams.length > 0).length
    } with query parameters, ${operations.filter((op) => op.pathParams.length > 0).length} with path parameters)`;
    console.log(
      `validation fuzz: ${routes}; ${counts.requests} requests, by status ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort()))}`,
    );
    await stack.close();
  });

  it('the OpenAPI document lists every route, with its body and query schemas', () => {
    expect(operations.length).toBeGreaterThan(60);
    const withBody = operations.filter((op) => op.body);
    expect(withBody.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'post /api/v1/servers',
        'patch /api/v1/servers/{id}',
        'post /api/v1/auth/register',
        'put /api/v1/billing/subscription',
        'post /api/v1/silences',
      ]),
    );
    expect(operations.filter((op) => op.queryParams.length > 0).length).toBeGreaterThan(8);
    expect(operations.filter((op) => op.pathParams.length > 0).length).toBeGreaterThan(30);
  });

  // ---------------------------------------------------------------------------------------------------------------
  // Bodies

  /** Values of any JSON type, with the hostile ones weighted up. */
  const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        1e308,
        -1e308,
        -0,
        2 ** 53 + 1,
        -1,
        0,
        0.5,
        'NaN',
        'Infinity',
        '',
        ' ',
        '\u0000',
        '%00',
        '../../etc/passwd',
        "'; DROP TABLE servers; --",
        '<script>alert(1)</script>',
        '${jndi:ldap://127.0.0.1/x}',
        '\ud800',
        '🏭'.repeat(50),
        'null',
        'true',
        '__proto__',
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 50 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 50 }) },
    { weight: 1, arbitrary: fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 20, max: 400 })
        .map((depth) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );

  /** Strings matching the schema's pattern (fast-check reads the regular expression), when it can. */
  const matching = (s: JsonSchema): fc.Arbitrary<string> | null => {
    if (!s.pattern) return null;
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      return null;
    }
  };

  /** A value of the property's own type (valid-looking), to keep the rest of a body plausible. */
  const plausible = (s: JsonSchema): fc.Arbitrary<unknown> => {
    if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    switch (type) {
      case 'string':
        if (matching(s) && s.format !== 'date-time') return matching(s)!;
        if (s.format === 'uuid') return fc.uuid();
        if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (s.format === 'email') return fc.emailAddress();
        return fc.string({
          minLength: s.minLength ?? 0,
          maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)),
        });
      case 'integer': {
        const min = s.minimum ?? Math.min(-1000, s.maximum ?? 0);
        return fc.integer({ min, max: s.maximum ?? Math.max(1000, min) });
      }
      case 'number': {
        const min = s.minimum ?? Math.min(-1e6, s.maximum ?? 0);
        return fc.double({ min, max: s.maximum ?? Math.max(1e6, min), noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(s.items ? plausible(s.items) : hostileValue, { maxLength: 3 });
      case 'object':
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 });
      default:
        return hostileValue;
    }
  };

  const typesOf = (s: JsonSchema): string[] => {
    const own = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    const nested = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf);
    return [...own, ...nested, ...(s.nullable ? ['null'] : [])];
  };

  /** A value the property's schema can never accept (wrong JSON type, out of range, too long, not in the enum). */
  const invalidFor = (s: JsonSchema): fc.Arbitrary<unknown> | null => {
    const types = typesOf(s);
    if (types.length === 0) return null; // `{}`: anything goes
    const kinds: fc.Arbitrary<unknown>[] = [];
    if (!types.includes('string')) kinds.push(fc.string({ maxLength: 20 }), fc.constantFrom('1', 'true', ''));
    if (!types.includes('number') && !types.includes('integer'))
      kinds.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
    if (types.includes('integer') && !types.includes('number')) kinds.push(fc.constantFrom(0.5, 1.25, 1e-9 + 1));
    if (!types.includes('boolean')) kinds.push(fc.boolean());
    if (!types.includes('array')) kinds.push(fc.array(fc.integer(), { maxLength: 3 }));
    if (!types.includes('object')) kinds.push(fc.constant({ nested: { value: 1 } }));
    if (!types.includes('null')) kinds.push(fc.constant(null));
    if (s.maximum !== undefined) kinds.push(fc.constantFrom(s.maximum + 1, 1e308));
    if (s.minimum !== undefined) kinds.push(fc.constantFrom(s.minimum - 1, -1e308));
    if (s.maxLength !== undefined && s.maxLength < 5000)
      kinds.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 50 }).map((n) => 'x'.repeat(n)));
    if (s.enum) kinds.push(fc.string({ maxLength: 10 }).map((v) => `not-${v}`));
    if (s.format === 'uuid') kinds.push(fc.constantFrom('not-a-uuid', '../', '00000000-0000-0000-0000-00000000000g'));
    if (s.format === 'email') kinds.push(fc.constantFrom('not-an-email', '@', 'a@', 'a b@example.com'));
    if (s.format === 'date-time') kinds.push(fc.constantFrom('yesterday', '2026-13-45T99:99:99Z', '1e308', ''));
    return fc.oneof(...kinds);
  };

  /** A JSON body its route's schema can never accept, built from that schema. */
  const invalidBody = (schema: JsonSchema): fc.Arbitrary<{ how: string; body: unknown }> => {
    const props = schema.properties ?? {};
    const names = Object.keys(props);
    /** Some known properties, plausible or hostile. */
    const someFields = fc
      .subarray(names)
      .chain((chosen) =>
        fc
          .tuple(...chosen.map((n) => fc.oneof({ weight: 3, arbitrary: plausible(props[n]!) }, hostileValue)))
          .map((values) => Object.fromEntries(chosen.map((n, i) => [n, values[i]]))),
      );
    const extraKey = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !names.includes(k)),
        fc.constantFrom('x_fuzz', 'constructor', 'toString', 'hasOwnProperty', ' name', 'NAME', 'id', 'org_id'),
      )
      .filter((k) => !names.includes(k));
    const ways: fc.Arbitrary<{ how: string; body: unknown }>[] = [
      fc
        .tuple(someFields, extraKey, hostileValue)
        .map(([fields, key, value]) => ({ how: `unknown key ${key}`, body: { ...fields, [key]: value } })),
      fc.array(hostileValue, { maxLength: 4 }).map((body) => ({ how: 'an array', body })),
      fc.tuple(someFields, fc.integer({ min: 20_000, max: 60_000 })).map(([fields, size]) => ({
        how: `a ${size}-byte unknown field`,
        body: { ...fields, x_fuzz_big: 'é'.repeat(size / 2) },
      })),
    ];
    const wrongable = names.filter((n) => invalidFor(props[n]!) !== null);
    if (wrongable.length > 0)
      ways.push(
        fc
          .tuple(someFields, fc.constantFrom(...wrongable))
          .chain(([fields, name]) =>
            invalidFor(props[name]!)!.map((value) => ({ how: `${name} invalid`, body: { ...fields, [name]: value } })),
          ),
      );
    const required = (schema.required ?? []).filter((n) => names.includes(n));
    if (required.length > 0)
      ways.push(
        fc.tuple(someFields, fc.constantFrom(...required)).map(([fields, missing]) => {
          const body = { ...fields };
          delete body[missing];
          return { how: `${missing} missing`, body };
        }),
      );
    return fc.oneof(...ways);
  };

  /** A `__proto__` key as JSON.parse sees it (an own key), in an otherwise arbitrary body text. */
  const protoText = (body: unknown): string => {
    const text = JSON.stringify(body);
    return text.startsWith('{') && text !== '{}' ? `{"__proto__":{"admin":true},${text.slice(1)}` : text;
  };

  const bodyRoutes = (): Operation[] => operations.filter((op) => op.body !== null);
  const routeName = (op: Operation): string => `${op.method.toUpperCase()} ${op.path}`;

  it('answers every body its schema cannot accept with 400 in the error shape, creating and changing nothing', async () => {
    await forEvery(bodyRoutes(), routeName, async (op) => {
      const path = fill(op);
      await fc.assert(
        fc.asyncProperty(
          invalidBody(op.body!),
          fc.boolean(),
          fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'),
          fc.constantFrom(undefined, 'application/x-ndjson', 'text/html', '*/*'),
          async ({ how, body }, proto, contentType, accept) => {
            const text = proto ? protoText(body) : JSON.stringify(body);
            const headers: Record<string, string> = { 'Content-Type': contentType };
            if (accept) headers.Accept = accept;
            const a = await send(op.method.toUpperCase(), path, { body: text, headers });
            const where = `${op.method.toUpperCase()} ${op.path} with ${how}`;
            expectErrorShape(a, where);
            expect(a.status).toBe(400);
            const error = (parse(a) as { error: { code: string; message: string } }).error;
            expect(error.code).toBe('ValidationFailed');
            // The message names what was wrong.
            expect(error.message).toMatch(/^invalid body: |not valid JSON|malformed/);
          },
        ),
        { numRuns: RUNS.body },
      );
    });
    expect(await snapshot()).toBe(baseline);
    await expectAlive();
  });

  it('answers non-JSON, truncated JSON, wrong content types, encodings and oversized bodies with a 4xx', async () => {
    const notAnObject = fc
      .oneof(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc
          .tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat())
          .map(([v, cut]) => JSON.stringify(v).slice(0, Math.max(0, cut % JSON.stringify(v).length))),
        fc.constantFrom(
          ' ',
          'null',
          '"string"',
          '1',
          'true',
          'NaN',
          '{"a":NaN}',
          '{"a":Infinity}',
          "{'name':'x'}",
          '{"name":"x",}',
          '{"name" "x"}',
          '\ufeff{"name":"x"}',
          '{"name":"\\ud800"',
          '[',
          '{"a":'.repeat(5000),
          '\u0000',
          'name=x&host=127.0.0.1',
          '<xml/>',
        ),
      )
      // Bodies that happen to be a JSON object may be valid: those belong to the property above.
      .filter((text) => {
        // An empty body is no body: the route's defaults apply (e.g. POST /shares creates a share).
        if (text === '') return false;
        try {
          // body-parser skips a leading byte order mark, as JSON.parse does not.
          const v = JSON.parse(text.replace(/^\ufeff/, '')) as unknown;
          return typeof v !== 'object' || v === null || Array.isArray(v);
        } catch {
          return true;
        }
      });
    const wrongType = fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
      'application/json-patch+json',
      'text/json',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      ';;;',
      'application/',
    );
    await forEvery(bodyRoutes(), routeName, async (op) => {
      const path = fill(op);
      const method = op.method.toUpperCase();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            notAnObject.map((body) => ({
              body,
              headers: { 'Content-Type': 'application/json' } as Record<string, string>,
            })),
            fc.tuple(fc.jsonValue({ maxDepth: 2 }), wrongType).map(([v, type]) => ({
              body: JSON.stringify(v),
              headers: { 'Content-Type': type } as Record<string, string>,
            })),
            fc.jsonValue({ maxDepth: 2 }).map((v) => ({ body: JSON.stringify(v) ?? 'null', headers: {} })),
            // Compressed bodies: real streams of content the route refuses, streams that are not gzip / zlib at
            // all, and an encoding nobody supports. (Not random bytes as brotli: "5 " is a valid empty brotli
            // stream, i.e. no body, and the route's defaults apply.)
            fc
              .tuple(
                fc.constantFrom('gzip', 'deflate', 'br'),
                fc.oneof(
                  notAnObject,
                  fc.jsonValue().map((v) => JSON.stringify({ x_fuzz: v })),
                ),
              )
              .map(([enc, text]) => ({
                body: compress(enc, text),
                headers: { 'Content-Type': 'application/json', 'Content-Encoding': enc } as Record<string, string>,
              })),
            fc
              .tuple(
                fc.constantFrom('gzip', 'deflate'),
                fc.string({ minLength: 1 }).filter((b) => !b.startsWith('\x1f')),
              )
              .map(([enc, b]) => ({
                body: b,
                headers: { 'Content-Type': 'application/json', 'Content-Encoding': enc } as Record<string, string>,
              })),
            fc.string({ minLength: 1 }).map((b) => ({
              body: b,
              headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown' } as Record<
                string,
                string
              >,
            })),
          ),
          async ({ body, headers }) => {
            const a = await send(method, path, { body, headers });
            expectErrorShape(
              a,
              `${method} ${op.path} with ${JSON.stringify(headers)} ${JSON.stringify(String(body).slice(0, 80))}`,
            );
            expect([400, 413, 415]).toContain(a.status);
          },
        ),
        { numRuns: RUNS.raw },
      );
      // Just above the limit: 413, whatever the content.
      const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT + 10) });
      const tooLarge = await send(method, path, {
        body: big,
        headers: { 'Content-Type': 'application/json' },
        fresh: true,
      });
      expectErrorShape(tooLarge, `${method} ${op.path} with ${big.length} bytes`);
      expect(tooLarge.status).toBe(413);
    });
    expect(await snapshot()).toBe(baseline);
    await expectAlive();
  });

  it('refuses times the database cannot store (year 0000, past 9999 after the offset) with 400, creating nothing', async () => {
    const far = '9999-12-31T23:59:59-01:00';
    const zero = '0000-12-31T23:59:59.999Z';
    const cases: [string, string, unknown][] = [
      ['POST', '/api/v1/silences', { ends_at: far }],
      ['POST', '/api/v1/silences', { starts_at: zero, ends_at: '2999-01-01T00:00:00Z' }],
      ['POST', '/api/v1/silences', { starts_at: '0001-01-01T00:00:00+01:00', ends_at: far }],
      ['POST', `/api/v1/servers/${real.serverId}/shares`, { expires_at: far }],
      ['GET', `/api/v1/alerts/incidents?from=${encodeURIComponent(zero)}`, undefined],
      ['GET', `/api/v1/alerts/incidents?to=${encodeURIComponent(far)}`, undefined],
    ];
    await forEvery(
      cases,
      ([method, path, body]) => `${method} ${path} ${JSON.stringify(body) ?? ''}`,
      async ([method, path, body]) => {
        const a = body === undefined ? await send(method, path) : await json(method, path, body);
        expectErrorShape(a, `${method} ${path}`);
        expect(a.status).toBe(400);
      },
    );
    expect(await snapshot()).toBe(baseline);
  });

  it('refuses a NUL character (which PostgreSQL text cannot hold) in any field with 400 naming the field', async () => {
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [string, string, unknown, string][] = [
      ['PATCH', `/api/v1/servers/${real.serverId}`, { name: 'Fuzz\u0000target' }, 'name'],
      ['POST', '/api/v1/silences', { server_id: real.serverId, reason: 'a\u0000', ends_at: ends }, 'reason'],
      ['POST', '/api/v1/tokens', { name: '\u0000', scopes: ['metrics:read'] }, 'name'],
      [
        'POST',
        `/api/v1/servers/${real.serverId}/alert-rules`,
        { kind: 'player_count_above', name: 'Busy\u0000', params: { above: 3 } },
        'name',
      ],
      [
        'POST',
        '/api/v1/notification-channels',
        { kind: 'webhook', name: 'x', config: { url: 'http://127.0.0.1:9/\u0000' } },
        'config.url',
      ],
      ['POST', '/api/v1/silences', { ends_at: ends, 'k\u0000': 1 }, 'k\\u0000'],
      ['GET', `/api/v1/servers/${real.serverId}/buildings?cursor=%00`, undefined, 'cursor'],
      ['GET', `/api/v1/servers/${real.serverId}/buildings?cursor=a%00b`, undefined, 'cursor'],
    ];
    await forEvery(
      cases,
      ([method, path, body]) => `${method} ${path} ${JSON.stringify(body) ?? ''}`,
      async ([method, path, body, field]) => {
        const a = body === undefined ? await send(method, path) : await json(method, path, body);
        expectErrorShape(a, `${method} ${path}`);
        expect(a.status).toBe(400);
        const error = (
          parse(a) as { error: { code: string; details: { fields: { field: string; problem: string }[] } } }
        ).error;
        expect(error.code).toBe('ValidationFailed');
        expect(error.details.fields).toContainEqual({ field, problem: 'must not contain the NUL character (\\u0000)' });
      },
    );
    expect(await snapshot()).toBe(baseline);
  });

  it('answers a body nested 40,000 deep (with or without a NUL at the bottom) with 400, and stays alive', async () => {
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    for (const bottom of ['"\\u0000"', '"deep"']) {
      const body = `{"ends_at":"${ends}","x":${'['.repeat(40_000)}${bottom}${']'.repeat(40_000)}}`;
      const a = await send('POST', '/api/v1/silences', { body, headers: { 'Content-Type': 'application/json' } });
      expectErrorShape(a, `POST /api/v1/silences nested 40,000 deep ending in ${bottom}`);
      expect(a.status).toBe(400);
    }
    await expectAlive();
    expect(await snapshot()).toBe(baseline);
  });

  it('takes a __proto__ key in an otherwise valid body as an unknown field, never as a prototype', async () => {
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    for (const [method, path, body] of [
      ['POST', '/api/v1/silences', `{"__proto__":{"reason":"polluted"},"ends_at":"${ends}"}`],
      ['PATCH', `/api/v1/servers/${real.serverId}`, '{"__proto__":{"name":"polluted"},"name":"Fuzz target"}'],
      ['PUT', '/api/v1/billing/subscription', '{"plan":"team","period":"monthly","__proto__":{"plan":"enterprise"}}'],
    ] as const) {
      const a = await send(method, path, { body, headers: { 'Content-Type': 'application/json' } });
      expectErrorShape(a, `${method} ${path} ${body}`);
      expect(a.status).toBe(400);
    }
    expect(await snapshot()).toBe(baseline);
  });

  // ---------------------------------------------------------------------------------------------------------------
  // Query strings

  const queryValue = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.uuid(),
    fc.constantFrom(
      '',
      '0',
      '-1',
      '1e308',
      '-1e308',
      'NaN',
      'Infinity',
      '0x10',
      '1.5',
      '9'.repeat(40),
      '99999999999999999999',
      '2026-11-22T10:00:00Z',
      '2026-11-22T09:00:00+01:00',
      '1970-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '0s',
      '1s',
      '999999999d',
      '30',
      'true',
      'open',
      '../',
      '\u0000',
    ),
    fc.nat({ max: 3000 }).map((n) => '1'.repeat(n)),
  );

  /** A query value of the parameter's own shape: in range, matching its pattern, its enum, a time, an id. */
  const ofSchema = (s: JsonSchema): fc.Arbitrary<unknown> =>
    s.format === 'date-time'
      ? fc.oneof(
          fc
            .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
            .map((d) => d.toISOString()),
          fc
            .date({
              min: new Date(Date.now() - 30 * 86_400_000),
              max: new Date(Date.now() + 86_400_000),
              noInvalidDate: true,
            })
            .map((d) => d.toISOString()),
        )
      : s.type === 'integer'
        ? fc.oneof(plausible(s), fc.constantFrom(s.minimum ?? 0, s.maximum ?? 0))
        : plausible(s);

  /** A query string: known and unknown keys, repeated keys (arrays), bracket keys, raw percent signs. */
  const queryString = (op: Operation, extraKey: boolean): fc.Arbitrary<string> => {
    const known = op.queryParams.map((p) => p.name);
    const key = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: fc.constantFrom(...known).map((k) => `${k}[]`) },
      { weight: 1, arbitrary: fc.constantFrom(...known).map((k) => `${k}[a]`) },
    );
    const pair = fc
      .tuple(key, queryValue)
      .map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`);
    const raw = fc.constantFrom(
      '%',
      '%zz',
      '%00',
      '&&',
      '=',
      'limit',
      'limit=%E0%A4%A',
      '__proto__[x]=1',
      'constructor=1',
    );
    // Mostly each parameter once, absent, of its own shape or hostile: deep enough to reach the handler's own code.
    const structured = fc
      .tuple(
        ...op.queryParams.map((p) =>
          fc.option(fc.oneof({ weight: 3, arbitrary: ofSchema(p.schema) }, { weight: 2, arbitrary: queryValue }), {
            freq: 2,
          }),
        ),
      )
      .map((values) => values.flatMap((v, i) => (v === null ? [] : [`${known[i]}=${encodeURIComponent(String(v))}`])));
    const messy = fc.array(fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: raw }), { maxLength: 5 });
    return fc
      .tuple(
        fc.oneof({ weight: 3, arbitrary: structured }, { weight: 1, arbitrary: messy }),
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.includes(k) && !/[[\]]/.test(k)),
      )
      .map(([pairs, unknown]) =>
        [...pairs, ...(extraKey ? [`${encodeURIComponent(`x_${unknown}`)}=1`] : [])].join('&'),
      );
  };

  /** Times at the edges of what PostgreSQL stores: year 0000, and years 0001 / 9999 pushed over by their offset. */
  const EDGE_TIMES = ['0000-12-31T23:59:59.999Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00'];
  const cursorOf = (at: string): string =>
    Buffer.from(`${at}|00000000-0000-4000-8000-000000000000`).toString('base64url');

  /** Values found by earlier runs or known to sit on an edge, tried first for every parameter they fit. */
  const edgeValues = (p: { name: string; schema: JsonSchema }): string[] => {
    if (p.schema.format === 'date-time') return EDGE_TIMES;
    if (p.schema.pattern?.includes('s|m|h|d')) return ['11111111111111', '999999999d', '0s', `${'9'.repeat(40)}h`];
    if (p.schema.pattern?.includes('\\d{1,19}')) return ['9999999999999999999', '9223372036854775808', '0'];
    if (p.name === 'cursor')
      return [
        cursorOf('+099999-12-31T00:00:00.000Z'),
        cursorOf('0000-01-01T00:00:00Z'),
        cursorOf('1'),
        'x'.repeat(200),
        '\u0000',
        'a\u0000b',
      ];
    if (p.schema.type === 'string') return ['\u0000'];
    if (p.schema.type === 'integer')
      return [String((p.schema.minimum ?? 0) - 1), String((p.schema.maximum ?? 0) + 1), '1e308', '-0'];
    return [];
  };

  it('answers any query string with a success or a 4xx in the error shape, never a 5xx', async () => {
    const withQuery = operations.filter((o) => o.method === 'get' && o.queryParams.length > 0);
    await forEvery(withQuery, routeName, async (op) => {
      const path = fill(op);
      const examples = op.queryParams.flatMap((p) =>
        edgeValues(p).map((v): [string] => [`${p.name}=${encodeURIComponent(v)}`]),
      );
      await fc.assert(
        fc.asyncProperty(queryString(op, false), async (query) => {
          expectSane(await send('GET', `${path}?${query}`), `GET ${op.path}?${query}`);
        }),
        { numRuns: RUNS.query, examples },
      );
      // An unknown parameter is always named as the problem; except where an identity provider sends the browser
      // back (it adds parameters of its own): ignored there, the sign-in goes on (302 to the dashboard) or a
      // parameter it reads is named.
      const ignoresUnknown = op.path === '/api/v1/auth/sso/callback';
      await fc.assert(
        fc.asyncProperty(queryString(op, true), async (query) => {
          const a = await send('GET', `${path}?${query}`);
          if (ignoresUnknown && a.status === 302) return;
          expectErrorShape(a, `GET ${op.path}?${query}`);
          expect(a.status).toBe(400);
          if (ignoresUnknown) expect(a.text).not.toMatch(/"field":"x_/);
        }),
        { numRuns: Math.ceil(RUNS.query / 3) },
      );
    });
    expect(await snapshot()).toBe(baseline);
    await expectAlive();
  });

  // ---------------------------------------------------------------------------------------------------------------
  // Path parameters

  /** Ids no resource has: malformed, traversal, encoded NUL, over-long, wrong case, SQL, other kinds of id. */
  const hostileId = fc
    .oneof(
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
      fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
      fc.uuid(),
      fc.uuid().map((u) => u.toUpperCase()),
      fc.nat({ max: 4000 }).map((n) => 'a'.repeat(n + 1)),
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2f..%2f',
        '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '%00',
        'abc%00def',
        '%ff',
        '%',
        '%zz',
        '%E0%A4%A',
        '%252e',
        'null',
        'undefined',
        '0',
        '-1',
        '1e308',
        'NaN',
        "'%20OR%201=1--",
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '00000000000000000000000000000000',
        '{00000000-0000-4000-8000-000000000000}',
        '00000000-0000-4000-8000-000000000000%00',
        '00000000-0000-4000-8000-000000000000.json',
        'gsm_s_x',
        'gsm_p_' + 'A'.repeat(40),
        '~',
        ';',
        '%3B',
        '%2F',
        '__proto__',
        'constructor',
      ),
    )
    // An empty segment is another route (GET /servers/ is the list).
    .filter((id) => id !== '');

  it('answers hostile path parameters of every route with a 4xx in the error shape', async () => {
    const cases = operations.flatMap((op) => op.pathParams.map((param) => ({ op, param })));
    await forEvery(
      cases,
      ({ op, param }) => `${routeName(op)} {${param}}`,
      async ({ op, param }) => {
        await fc.assert(
          fc.asyncProperty(hostileId, async (id) => {
            // A body the schema rejects, so a route that would act on a valid id still acts on nothing.
            const body = op.body ? JSON.stringify({ x_fuzz: true }) : undefined;
            const headers: Record<string, string> = op.body ? { 'Content-Type': 'application/json' } : {};
            const path = fill(op, param, id);
            const a = await send(op.method.toUpperCase(), path, { body, headers });
            expectErrorShape(a, `${op.method.toUpperCase()} ${path.slice(0, 200)}`);
            expect([400, 404]).toContain(a.status);
          }),
          { numRuns: RUNS.path },
        );
      },
    );
    expect(await snapshot()).toBe(baseline);
    await expectAlive();
  });

  it('answers methods a route does not have with 404 in the error shape', async () => {
    const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
    const byPath = new Map<string, Set<string>>();
    for (const op of operations) byPath.set(op.path, (byPath.get(op.path) ?? new Set()).add(op.method));
    const missing = [...byPath].flatMap(([path, has]) =>
      methods.filter((m) => !has.has(m)).map((method) => ({ path, method })),
    );
    await forEvery(
      missing,
      ({ path, method }) => `${method} ${path}`,
      async ({ path, method }) => {
        const filled = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        const a = await send(method.toUpperCase(), filled, {
          body: method === 'get' || method === 'delete' ? undefined : '{}',
          headers: method === 'get' || method === 'delete' ? {} : { 'Content-Type': 'application/json' },
        });
        expectErrorShape(a, `${method.toUpperCase()} ${filled}`);
        expect(a.status).toBe(404);
      },
    );
    expect(await snapshot()).toBe(baseline);
  });

  // ---------------------------------------------------------------------------------------------------------------
  // Headers

  it('answers hostile Authorization, X-Org-Id and X-Request-Id headers with a success or a 4xx, never a 5xx', async () => {
    const headerValue = fc.oneof(
      fc.string({ maxLength: 60 }).filter((v) => /^[\x20-\x7e]*$/.test(v)),
      fc.uuid(),
      fc.nat({ max: 6000 }).map((n) => 'a'.repeat(n)),
      fc.constantFrom('', ' ', 'null', '../', '%00', '00000000-0000-4000-8000-000000000000', "' OR 1=1 --"),
    );
    const authorization = fc.oneof(
      headerValue,
      headerValue.map((v) => `Bearer ${v}`),
      fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Basic Zm9vOmJhcg==',
        `bearer ${'x'.repeat(40)}`,
        'Bearer gsm_s_',
        'Bearer gsm_t_x',
      ),
    );
    const paths = ['/api/v1/servers', '/api/v1/me', `/api/v1/servers/${real.serverId}`, '/api/v1/audit?limit=5'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.record(
          { Authorization: authorization, 'X-Org-Id': headerValue, 'X-Request-Id': headerValue },
          { requiredKeys: [] },
        ),
        async (path, headers) => {
          // Without a hostile Authorization, the suite's own token goes with the hostile X-Org-Id / X-Request-Id.
          const a = await send('GET', path, { headers: headers as Record<string, string> });
          expectSane(a, `GET ${path} with ${JSON.stringify(headers).slice(0, 200)}`);
          if (a.status === 200) expect(headers.Authorization).toBeUndefined();
        },
      ),
      { numRuns: RUNS.headers },
    );
    // Logout: only ever with someone else's (invalid) token.
    await fc.assert(
      fc.asyncProperty(authorization, hostileValue, async (auth, body) => {
        const a = await send('POST', '/api/v1/auth/logout', {
          headers: { Authorization: auth, 'Content-Type': 'application/json' },
          body: JSON.stringify(body) ?? 'null',
        });
        expectErrorShape(a, `POST /api/v1/auth/logout with ${auth.slice(0, 80)}`);
      }),
      { numRuns: 20 },
    );
    await expectAlive();
  });

  it('survives malformed HTTP, over-long request heads and a burst of concurrent hostile requests', async () => {
    // Bytes that are not HTTP at all: Node's parser answers 400 and closes; the process goes on.
    const garbage = await fc.sample(fc.uint8Array({ minLength: 1, maxLength: 300 }), { numRuns: 10 });
    for (const bytes of [...garbage, Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n')]) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(bytes)));
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
        socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
      });
      if (answer !== '') expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    // A request head over Node's 16 KB limit is refused by its HTTP parser (431, no body: before the application).
    const long = await send('GET', `/api/v1/servers/${'a'.repeat(20_000)}`, { fresh: true });
    expect(long.status).toBe(431);
    // Many hostile requests at once.
    const burst = await Promise.all(
      fc.sample(fc.tuple(fc.constantFrom(...bodyRoutes()), hostileValue), { numRuns: 150 }).map(([op, body]) =>
        send(op.method.toUpperCase(), fill(op), {
          body: JSON.stringify({ x_fuzz: body }),
          headers: { 'Content-Type': 'application/json' },
          fresh: true,
        }).then((a) => expectErrorShape(a, `${routeName(op)} (burst)`)),
      ),
    );
    expect(burst).toHaveLength(150);
    expect(await snapshot()).toBe(baseline);
    await expectAlive();
  });

  it('is alive and ready after all of it, and nothing changed', async () => {
    await expectAlive();
    expect(await snapshot()).toBe(baseline);
    // The suite's own session still works: no hostile request reached it.
    expect((await send('GET', '/api/v1/me')).status).toBe(200);
  });

  // ---------------------------------------------------------------------------------------------------------------
  // Bodies the schema accepts, with random values: the handlers' own checks (last, as these may create things)

  /** URLs whose host is always an IP literal (no DNS lookups), loopback or refused ranges. */
  const channelUrl = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1, max: 65535 }), fc.webPath())
      .map(([p, path]) => `http://127.0.0.1:${p}${path.startsWith('/') ? path : `/${path}`}`),
    fc.nat({ max: 99 }).map((n) => `https://127.0.0.1/api/webhooks/${n}/tok-${n}`),
    fc.constantFrom(
      'http://[::1]/hook',
      'http://127.1/hook',
      'http://0x7f000001/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      'http://user:pw@127.0.0.1/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://127.0.0.1/',
      'http://127.0.0.1:99999/',
      '',
    ),
  );
  const channelConfig = fc.oneof(
    fc.record({ url: channelUrl }),
    fc.record({ to: fc.oneof(fc.emailAddress(), fc.array(fc.emailAddress(), { maxLength: 25 })) }),
    fc.record({
      bot_token: fc.oneof(fc.stringMatching(/^\d{3,20}:[\w-]{20,40}$/), fc.string()),
      chat_id: fc.oneof(fc.integer(), fc.stringMatching(/^-?\d{1,20}$/), fc.string()),
    }),
    fc.dictionary(fc.constantFrom('to', 'chat_id', 'other'), hostileValue, { maxKeys: 2 }),
  );

  /** A value of the schema's own shape: what the validation lets through, to reach the handler's own checks. */
  const validFor = (s: JsonSchema, name: string): fc.Arbitrary<unknown> => {
    if (name === 'config') return channelConfig;
    const nullable = typesOf(s).includes('null');
    const base = ((): fc.Arbitrary<unknown> => {
      if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
      const type = typesOf(s).find((t) => t !== 'null');
      if (type === 'string' && s.format === 'uuid')
        return fc.oneof(fc.constantFrom(...Object.values(real).filter((v) => /^[0-9a-f-]{36}$/.test(v))), fc.uuid());
      if (type === 'string' && s.format === 'date-time')
        return fc.oneof(
          fc.constantFrom(...EDGE_TIMES),
          fc
            .date({
              min: new Date(Date.now() - 86_400_000),
              max: new Date(Date.now() + 400 * 86_400_000),
              noInvalidDate: true,
            })
            .map((d) => d.toISOString()),
          fc
            .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
            .map((d) => d.toISOString()),
        );
      if (type === 'string' && s.format === 'email') return fc.emailAddress();
      if (type === 'string') {
        const max = Math.min(s.maxLength ?? 60, 300);
        return fc.oneof(
          matching(s) ?? fc.string({ minLength: s.minLength ?? 0, maxLength: max }),
          fc.string({ unit: 'grapheme', minLength: Math.max(1, s.minLength ?? 0), maxLength: max }),
        );
      }
      if (type === 'integer') {
        const min = s.minimum ?? -1_000_000;
        const max = s.maximum ?? 1_000_000;
        return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      }
      if (type === 'number')
        return fc.double({ min: s.minimum ?? -1e308, max: s.maximum ?? 1e308, noNaN: true, noDefaultInfinity: true });
      if (type === 'boolean') return fc.boolean();
      if (type === 'array') return fc.array(s.items ? validFor(s.items, name) : hostileValue, { maxLength: 4 });
      if (type === 'object' && s.properties) return validObject(s);
      // A record (e.g. a rule's params: name -> number).
      return fc.dictionary(
        fc.oneof(fc.constantFrom('count', 'threshold', 'percent', 'seconds', 'minutes'), fc.string({ maxLength: 12 })),
        fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e308, -1e308, 0)),
        { maxKeys: 3 },
      );
    })();
    return nullable ? fc.oneof({ weight: 4, arbitrary: base }, fc.constant(null)) : base;
  };

  /** An object with every required property and some optional ones, each of its own shape. */
  const validObject = (schema: JsonSchema, skip: string[] = []): fc.Arbitrary<Record<string, unknown>> => {
    const props = Object.entries(schema.properties ?? {}).filter(([n]) => !skip.includes(n));
    const required = new Set(schema.required ?? []);
    return fc.record(Object.fromEntries(props.map(([n, ps]) => [n, validFor(ps, n)])), {
      requiredKeys: props.map(([n]) => n).filter((n) => required.has(n)),
    });
  };

  /**
   * Routes whose schema-valid bodies have no effect outside this test's database (no game server or URL reached but
   * loopback literals), with the properties left out: the plan (it would change the features), and the ports and
   * password of the server (a change runs the registration probe).
   */
  const SEMANTIC: Record<string, string[]> = {
    'post /api/v1/silences': [],
    'post /api/v1/servers/{id}/alert-rules': [],
    'patch /api/v1/servers/{id}/alert-rules/{ruleId}': [],
    'post /api/v1/servers/{id}/shares': [],
    'post /api/v1/tokens': [],
    'post /api/v1/notification-channels': [],
    'patch /api/v1/notification-channels/{id}': [],
    'post /api/v1/org/members': [],
    'patch /api/v1/org/members/{userId}': [],
    'post /api/v1/invitations/accept': [],
    'patch /api/v1/servers/{id}': ['port', 'admin_password', 'addon_http_port'],
  };

  it('answers schema-valid bodies with random values with a success or a 4xx in the error shape, never a 5xx', async () => {
    const routes = bodyRoutes().filter((op) => SEMANTIC[`${op.method} ${op.path}`] !== undefined);
    expect(routes.length).toBe(Object.keys(SEMANTIC).length);
    await forEvery(routes, routeName, async (op) => {
      const path = fill(op);
      await fc.assert(
        fc.asyncProperty(validObject(op.body!, SEMANTIC[`${op.method} ${op.path}`]), async (body) => {
          const a = await json(op.method.toUpperCase(), path, body);
          expectSane(a, `${routeName(op)} with ${JSON.stringify(body).slice(0, 300)}`);
          if (a.status < 300 && a.status !== 204) expect(a.headers['content-type']).toMatch(/^application\/json/);
        }),
        { numRuns: RUNS.semantic },
      );
    });
    await expectAlive();
    expect((await send('GET', '/api/v1/me')).status).toBe(200);
  });
});
