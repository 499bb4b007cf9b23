import {
  connectTestMessaging,
  createTestDatabase,
  SimulatorProcess,
  sql,
  ServiceStack,
  signUpAndIn,
  type TestDatabase,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 11).toString('base64');
const NDJSON = 'application/x-ndjson';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Line {
  /** When the line arrived, ms since the request was sent. */
  at: number;
  line: Json;
}

interface Streamed {
  status: number;
  headers: Headers;
  text: string;
  lines: Line[];
}

/**
 * POST /api/v1/servers with `Accept: application/x-ndjson` over real HTTP (api-gateway, billing-limits,
 * PostgreSQL, NATS, the simulator): the provisioning probe's steps arrive one line at a time as they finish, then
 * one `created` or `error` line; errors before the probe stay plain HTTP errors.
 */
describe('server registration with live diagnostic steps (application/x-ndjson)', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let base = '';
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });
  const { prefix, processes } = stack;
  const passwords = new Set<string>();

  const start = (app: string): Promise<number> => stack.start(app);

  const headers = (token: string | null, accept: string | null): Record<string, string> => ({
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(accept ? { Accept: accept } : {}),
  });

  /** Registers with the streaming Accept header; reads the body chunk by chunk, timing each line's arrival. */
  const register = async (token: string | null, body: unknown, accept: string | null = NDJSON): Promise<Streamed> => {
    const sent = performance.now();
    const res = await fetch(`${base}/api/v1/servers`, {
      method: 'POST',
      headers: headers(token, accept),
      body: JSON.stringify(body),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const lines: Line[] = [];
    let text = '';
    let pending = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      text += chunk;
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const raw = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (raw.trim() && res.headers.get('content-type')?.startsWith(NDJSON))
          lines.push({ at: performance.now() - sent, line: JSON.parse(raw) });
      }
    }
    return { status: res.status, headers: res.headers, text, lines };
  };

  const get = async (path: string, token: string): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  let counter = 0;
  const signUp = async (): Promise<string> => {
    const n = ++counter;
    return (await signUpAndIn(base, `live${n}-${prefix}@example.com`, 'correct horse battery', `Live ${n}`)).token;
  };

  const serverBody = (index: number, overrides: Record<string, unknown> = {}) => {
    const s = sim.servers[index]!;
    const body = {
      name: `Live ${index}`,
      host: s.host,
      port: s.port,
      admin_password: s.admin_password,
      addon_http_port: s.addon_http_port,
      addon_ws_port: s.addon_ws_port,
      ...overrides,
    };
    passwords.add(body.admin_password);
    return body;
  };

  const expectStreamHeaders = (res: Streamed): void => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${NDJSON}; charset=utf-8`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(res.text.endsWith('\n')).toBe(true);
  };

  /** A value with the timings left out (they differ between two runs): `duration_ms` and "in 3 ms". */
  const untimed = (value: Json): Json =>
    JSON.parse(
      JSON.stringify(value, (k, v) =>
        k === 'duration_ms' ? 0 : typeof v === 'string' ? v.replace(/\b\d+ ms\b/g, 'N ms') : v,
      ),
    );

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    sim = stack.sim = await SimulatorProcess.start(['--count', '3', '--seed', '17']);
    stack.messaging = await connectTestMessaging(prefix, 'test');
    await start('billing-limits');
    base = `http://127.0.0.1:${await start('api-gateway')}`;
  }, 120_000);

  afterAll(() => stack.close());

  it('streams reachable, health_check, password_login, addon as each finishes, then the created server', async () => {
    const token = await signUp();
    // The add-on answers 800 ms late: the first three lines must arrive well before the last.
    await sim.setFault(0, 'slow', { delayMs: 800, scope: 'frm' });
    const res = await register(token, serverBody(0));
    expectStreamHeaders(res);
    expect(res.lines.map((l) => l.line.type)).toEqual(['step', 'step', 'step', 'step', 'created']);
    const steps = res.lines.slice(0, 4).map((l) => l.line);
    expect(steps.map((s) => [s.step, s.ok])).toEqual([
      ['reachable', true],
      ['health_check', true],
      ['password_login', true],
      ['addon', true],
    ]);
    for (const s of steps) {
      expect(Object.keys(s)).toEqual(['type', 'step', 'ok', 'duration_ms', 'observed']);
      expect(Number.isInteger(s.duration_ms)).toBe(true);
      expect(s.observed).toEqual(expect.any(String));
    }
    expect(steps[3].duration_ms).toBeGreaterThanOrEqual(790);
    const login = res.lines[2]!;
    const last = res.lines[4]!;
    expect(res.lines[0]!.at).toBeLessThan(last.at);
    expect(last.at - login.at).toBeGreaterThanOrEqual(500);

    const { server } = last.line;
    expect(Object.keys(last.line)).toEqual(['type', 'server']);
    expect(server).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Live 0',
      host: sim.servers[0]!.host,
      port: sim.servers[0]!.port,
      diagnostics: { ok: true, addon_via: 'http' },
    });
    // The created line carries the same steps that were streamed.
    expect(server.diagnostics.steps).toEqual(steps.map(({ type: _type, ...rest }) => rest));
    const saved = await get(`/api/v1/servers/${server.id}`, token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: server.id, name: 'Live 0' });
    // The audit record is written as for a JSON answer, with this request's id.
    const audit = await sql<{ action: string; request_id: string | null }>(
      db.url,
      'SELECT action, request_id FROM audit_log WHERE target_id = $1',
      [server.id],
    );
    expect(audit).toEqual([{ action: 'server.created', request_id: res.headers.get('x-request-id') }]);
    expect(res.text).not.toContain(sim.servers[0]!.admin_password);
    expect(res.text).not.toContain('admin_password');
    await sim.clearFaults(0);
  });

  it('wrong password: reachable and health_check ok, password_login failed, then the 422 error the JSON answer has', async () => {
    const token = await signUp();
    const wrong = 'live-wrong-password';
    const body = serverBody(1, { admin_password: wrong });
    const res = await register(token, body);
    expectStreamHeaders(res);
    expect(res.lines.map((l) => [l.line.type, l.line.step ?? null, l.line.ok ?? null])).toEqual([
      ['step', 'reachable', true],
      ['step', 'health_check', true],
      ['step', 'password_login', false],
      ['error', null, null],
    ]);
    expect(res.lines[2]!.line.observed).toBe('PasswordLogin answered wrong_password');
    const error = res.lines[3]!.line;
    expect(Object.keys(error)).toEqual(['type', 'status', 'error', 'request_id']);
    expect(error.status).toBe(422);
    expect(error.request_id).toBe(res.headers.get('x-request-id'));
    expect(error.error).toMatchObject({
      code: 'InvalidAdminPasswordException',
      message: expect.any(String),
      remedy: expect.stringContaining('admin password'),
      details: { step: 'password_login', reason: 'wrong_password' },
    });
    expect(error.error.details.diagnostics.steps).toEqual(
      res.lines.slice(0, 3).map(({ line: { type: _type, ...rest } }) => rest),
    );
    // Exactly the error object of the JSON answer (timings aside).
    const json = await register(token, body, null);
    expect(json.status).toBe(422);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(untimed(error.error)).toEqual(untimed(JSON.parse(json.text).error));
    // Nothing was saved.
    expect((await get('/api/v1/servers', token)).body).toEqual([]);
    expect(res.text).not.toContain(wrong);
    expect(res.text).not.toContain(sim.servers[1]!.admin_password);
  });

  it('an add-on failure streams three passed steps, the failed add-on step and a 500 ProvisioningFailedException', async () => {
    const token = await signUp();
    await sim.setFault(2, 'addon_missing');
    const res = await register(token, serverBody(2));
    expectStreamHeaders(res);
    expect(res.lines.map((l) => [l.line.type, l.line.step ?? null, l.line.ok ?? null])).toEqual([
      ['step', 'reachable', true],
      ['step', 'health_check', true],
      ['step', 'password_login', true],
      ['step', 'addon', false],
      ['error', null, null],
    ]);
    expect(res.lines[4]!.line).toMatchObject({
      status: 500,
      error: { code: 'ProvisioningFailedException', details: { step: 'addon' }, remedy: expect.any(String) },
    });
    expect((await get('/api/v1/servers', token)).body).toEqual([]);
    await sim.clearFaults(2);
  });

  it('errors before the probe stay plain HTTP errors in JSON: validation, authentication, target, duplicate, plan', async () => {
    const token = await signUp();
    const expectJsonError = (res: Streamed, status: number, code: string): void => {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.lines).toEqual([]);
      expect(JSON.parse(res.text)).toEqual({
        error: expect.objectContaining({ code, message: expect.any(String) }),
        request_id: res.headers.get('x-request-id'),
      });
    };
    expectJsonError(await register(token, serverBody(1, { port: 70000 })), 400, 'ValidationFailed');
    expectJsonError(await register(null, serverBody(1)), 401, 'Unauthenticated');
    expectJsonError(await register(token, serverBody(1, { host: '192.168.1.20' })), 400, 'TargetNotAllowed');
    const created = await register(token, serverBody(1));
    expect(created.lines.at(-1)?.line.type).toBe('created');
    expectJsonError(await register(token, serverBody(1)), 409, 'Conflict');
    // The free plan has one server.
    expectJsonError(await register(token, serverBody(2)), 403, 'PlanLimitReached');
    // Preferring JSON (or no Accept header) answers 201 JSON as before.
    const plain = await register(await signUp(), serverBody(2, { name: 'Plain' }), `application/json, ${NDJSON};q=0.5`);
    expect(plain.status).toBe(201);
    expect(JSON.parse(plain.text)).toMatchObject({ name: 'Plain', diagnostics: { ok: true } });
  });

  it('no streamed or JSON body carries an admin password (checked in each test) and the logs do not either', () => {
    const logs = processes.flatMap((p) => p.output);
    expect(passwords.size).toBeGreaterThanOrEqual(4);
    for (const password of passwords) for (const line of logs) expect(line).not.toContain(password);
  });
});
