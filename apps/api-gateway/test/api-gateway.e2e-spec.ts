import type { Messaging } from '@app/messaging';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  connectTestMessaging,
  createTestDatabase,
  markEmailVerified,
  eventually,
  SimulatorProcess,
  sql,
  ServiceStack,
  type TestDatabase,
  setPlanIntervals,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Every response body of the suite, for the check that no admin password ever left the platform. */
const seenBodies: string[] = [];
/** Every admin password the suite sent (right and wrong ones). */
const passwordsUsed = new Set<string>();
/** Every NATS message of the suite's namespace. */
const natsMessages: string[] = [];
/** Every bearer token handed out (sessions and API tokens). */
const tokensIssued = new Set<string>();

describe('api-gateway over HTTP (PostgreSQL, NATS, billing-limits, poller, simulator)', () => {
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let messaging: Messaging;
  let base = '';
  let strictBase = '';
  const stack = new ServiceStack({
    SECRETS_KEY,
    TARGET_ALLOW_CIDRS: '127.0.0.0/8',
    PROBE_TIMEOUT_MS: '1500',
    LOGIN_MAX_FAILURES: '3',
    POLLER_TIMEOUT_MS: '1500',
    POLLER_FLUSH_MS: '50',
  });
  const { prefix, processes } = stack;

  const start = (app: string, extra: Record<string, string> = {}): Promise<number> => stack.start(app, extra);

  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string>; root?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${options.root ?? base}${path}`, { method, headers, body });
    const text = await res.text();
    seenBodies.push(text);
    const token = /"token":"(gsm_[st]_[\w-]+)"/.exec(text)?.[1];
    if (token) tokensIssued.add(token);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };

  let counter = 0;
  const signUp = async (): Promise<{ token: string; userId: string; orgId: string; email: string }> => {
    const email = `pioneer${++counter}-${prefix}@example.com`;
    const res = await call('POST', '/api/v1/auth/register', {
      body: { email, password: 'correct horse battery', name: `Pioneer ${counter}` },
    });
    expect(res.status).toBe(202);
    // Not a test of verification (account-mail.e2e-spec is): these accounts may create API tokens.
    await markEmailVerified(db.url, email);
    const login = await call('POST', '/api/v1/auth/login', { body: { email, password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    const me = await call('GET', '/api/v1/me', { token: login.body.token });
    return { token: login.body.token, userId: me.body.id, orgId: me.body.organisation_id, email };
  };

  const serverBody = (index: number, overrides: Record<string, unknown> = {}) => {
    const s = sim.servers[index]!;
    passwordsUsed.add(s.admin_password);
    return {
      name: `Factory ${index}`,
      host: s.host,
      port: s.port,
      admin_password: s.admin_password,
      addon_http_port: s.addon_http_port,
      addon_ws_port: s.addon_ws_port,
      ...overrides,
    };
  };

  const expectErrorShape = (res: Answer, status: number, code: string): void => {
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      error: expect.objectContaining({ code, message: expect.any(String) }),
      request_id: expect.any(String),
    });
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
    expect(res.text).not.toMatch(/at \w+ \(|\.ts:\d+|SELECT |INSERT |postgres(ql)?:\/\//i);
  };

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    // Plans are data: fast intervals so the poller fills every kind within seconds.
    await setPlanIntervals(db.url, 2);
    sim = stack.sim = await SimulatorProcess.start(['--count', '8', '--seed', '5']);
    messaging = stack.messaging = await connectTestMessaging(prefix, 'test');
    messaging.nc.subscribe(`${prefix}.>`, {
      callback: (_err, msg) => {
        natsMessages.push(new TextDecoder().decode(msg.data));
      },
    });
    await start('billing-limits');
    await start('poller');
    base = `http://127.0.0.1:${await start('api-gateway')}`;
    strictBase = `http://127.0.0.1:${await start('api-gateway', { TARGET_ALLOW_CIDRS: '' })}`;
  }, 120_000);

  afterAll(() => stack.close());

  describe('accounts', () => {
    it('signs up, signs in, shows the user with organisation, role and plan, and signs out', async () => {
      const email = `someone-${prefix}@example.com`;
      const created = await call('POST', '/api/v1/auth/register', {
        body: { email, password: 'ten chars!!', name: 'Ada' },
      });
      // The same answer for a new and an existing e-mail: the client signs in next.
      expect(created.status).toBe(202);
      expect(created.body).toEqual({ status: 'accepted' });
      const login = await call('POST', '/api/v1/auth/login', { body: { email, password: 'ten chars!!' } });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ token: expect.stringMatching(/^gsm_s_/), expires_at: expect.any(String) });
      const other = await call('POST', '/api/v1/auth/login', { body: { email, password: 'ten chars!!' } });
      const me = await call('GET', '/api/v1/me', { token: login.body.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email,
        role: 'admin',
        organisations: [{ personal: true, role: 'admin' }],
        plan: { id: 'free', api_access: false },
      });
      const [stored] = await sql<{ password_hash: string }>(
        db.url,
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      );
      expect(stored!.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect((await call('POST', '/api/v1/auth/logout', { token: login.body.token })).status).toBe(204);
      expectErrorShape(await call('GET', '/api/v1/me', { token: login.body.token }), 401, 'Unauthenticated');
      // The other session is still valid.
      expect((await call('GET', '/api/v1/me', { token: other.body.token })).status).toBe(200);
    });

    it("keeps the user's language: null until chosen, set and cleared with PATCH /me, an unknown one refused", async () => {
      const { token, userId } = await signUp();
      const before = await call('GET', '/api/v1/me', { token });
      expect(before.status).toBe(200);
      expect(before.body.locale).toBeNull();

      const changed = await call('PATCH', '/api/v1/me', { token, body: { locale: 'de' } });
      expect(changed.status).toBe(200);
      // The answer is the signed-in user as GET /me shows it, with the new language.
      expect(changed.body).toEqual({ ...before.body, locale: 'de' });
      expect((await call('GET', '/api/v1/me', { token })).body.locale).toBe('de');
      const [row] = await sql<{ locale: string | null }>(db.url, 'SELECT locale::text FROM users WHERE id = $1', [
        userId,
      ]);
      expect(row!.locale).toBe('de');

      const unknown = await call('PATCH', '/api/v1/me', { token, body: { locale: 'klingon' } });
      expectErrorShape(unknown, 400, 'ValidationFailed');
      expect(unknown.body.error.message).toContain('locale: must be one of en, de, es, fr, nl');
      expect(unknown.body.error.remedy).toEqual(expect.any(String));
      expect(unknown.body.error.details.fields).toEqual([{ field: 'locale', problem: expect.any(String) }]);
      expectErrorShape(
        await call('PATCH', '/api/v1/me', { token, body: { locale: 'fr', name: 'x' } }),
        400,
        'ValidationFailed',
      );
      expectErrorShape(await call('PATCH', '/api/v1/me', { token, body: {} }), 400, 'ValidationFailed');
      expect((await call('GET', '/api/v1/me', { token })).body.locale).toBe('de');

      const cleared = await call('PATCH', '/api/v1/me', { token, body: { locale: null } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.locale).toBeNull();
      expectErrorShape(await call('PATCH', '/api/v1/me', { body: { locale: 'de' } }), 401, 'Unauthenticated');
    });

    it('refuses a short password and a bad e-mail naming the field; a taken e-mail answers as a new one', async () => {
      const bad = await call('POST', '/api/v1/auth/register', {
        body: { email: 'not-an-email', password: 'short', name: 'X' },
      });
      expectErrorShape(bad, 400, 'ValidationFailed');
      const fields = bad.body.error.details.fields.map((f: { field: string }) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
      expect(bad.body.error.message).toMatch(/at least 10 characters/);
      const { email, token } = await signUp();
      const again = await call('POST', '/api/v1/auth/register', {
        body: { email, password: 'another long one', name: 'Y' },
      });
      expect(again.status).toBe(202);
      expect(again.body).toEqual({ status: 'accepted' });
      // The account stays as it was: its password, its name.
      expectErrorShape(
        await call('POST', '/api/v1/auth/login', { body: { email, password: 'another long one' } }),
        401,
        'Unauthenticated',
      );
      expect((await call('GET', '/api/v1/me', { token })).body.name).not.toBe('Y');
    });

    it('a wrong password is 401, and repeated failures are throttled with 429 and Retry-After', async () => {
      const { email } = await signUp();
      for (let i = 0; i < 3; i++)
        expectErrorShape(
          await call('POST', '/api/v1/auth/login', { body: { email, password: 'wrong password' } }),
          401,
          'Unauthenticated',
        );
      const throttled = await call('POST', '/api/v1/auth/login', {
        body: { email, password: 'correct horse battery' },
      });
      expectErrorShape(throttled, 429, 'TooManyRequests');
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('a missing, malformed or unknown token is 401 in the one error shape', async () => {
      expectErrorShape(await call('GET', '/api/v1/servers'), 401, 'Unauthenticated');
      expectErrorShape(await call('GET', '/api/v1/servers', { token: 'gsm_s_nope' }), 401, 'Unauthenticated');
      expectErrorShape(await call('GET', '/api/v1/servers', { token: 'garbage' }), 401, 'Unauthenticated');
    });
  });

  describe('HTTP edge', () => {
    it('answers malformed JSON 400, a non-JSON body 415, an oversized body 413 and an unknown route 404', async () => {
      const { token } = await signUp();
      expectErrorShape(
        await call('POST', '/api/v1/servers', {
          token,
          raw: '{"name": ',
          headers: { 'Content-Type': 'application/json' },
        }),
        400,
        'ValidationFailed',
      );
      expectErrorShape(
        await call('POST', '/api/v1/servers', { token, raw: 'name=x', headers: { 'Content-Type': 'text/plain' } }),
        415,
        'UnsupportedMediaType',
      );
      expectErrorShape(
        await call('POST', '/api/v1/servers', { token, body: { name: 'x'.repeat(200_000) } }),
        413,
        'PayloadTooLarge',
      );
      expectErrorShape(await call('GET', '/api/v1/nothing-here', { token }), 404, 'NotFound');
    });

    it('sends security headers and allows CORS only for the dashboard origin', async () => {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const ok = await fetch(`${base}/api/v1/auth/login`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      });
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      const any = await fetch(`${base}/health/live`);
      expect(any.status).toBe(200);
      expect(any.headers.get('x-content-type-options')).toBe('nosniff');
      // Probes and Prometheus need no token.
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(200);
      expect(any.headers.get('x-powered-by')).toBeNull();
    });

    it('serves the OpenAPI document generated from the code, and its UI', async () => {
      const doc = await call('GET', '/api/docs.json');
      expect(doc.status).toBe(200);
      expect(Object.keys(doc.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/auth/register',
          '/api/v1/servers',
          '/api/v1/servers/{id}',
          '/api/v1/servers/{id}/metrics/latest',
          '/api/v1/servers/{id}/metrics/history',
          '/api/v1/tokens',
        ]),
      );
      const create = doc.body.paths['/api/v1/servers'].post;
      expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '409', '422', '500', '502']));
      expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('admin_password');
      const ui = await fetch(`${base}/api/docs`);
      expect(ui.status).toBe(200);
      expect(await ui.text()).toMatch(/swagger/i);
    });

    it("gives the dashboard's API types (apps/web/src/lib/api/schema.d.ts) from this very document", async () => {
      const doc = await call('GET', '/api/docs.json');
      expect(doc.status).toBe(200);
      // The generator is an ES module (openapi-typescript): run as a child process, it checks the checked-in file
      // against the document and, when they differ, says which line and to run `npm run gen:web-api`.
      const dir = mkdtempSync(join(tmpdir(), 'gsm-openapi-'));
      try {
        const file = join(dir, 'docs.json');
        writeFileSync(file, doc.text);
        const check = await promisify(execFile)(
          process.execPath,
          [join(__dirname, '../../web/scripts/openapi-types.mjs'), '--check', file],
          { cwd: join(__dirname, '../../..'), env: { ...process.env, NODE_OPTIONS: '' } },
        ).then(
          (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
          (failed: { code?: number; stdout?: string; stderr?: string }) => failed,
        );
        // On a difference this shows the script's explanation: the first differing line and what to run.
        expect(check.code === 0 ? 'up to date' : check.stderr).toBe('up to date');
        expect(check.stdout).toContain('matches the OpenAPI document');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const me = doc.body.paths['/api/v1/me'];
      expect(Object.keys(me)).toEqual(expect.arrayContaining(['get', 'patch']));
      expect(me.get.responses['200'].content['application/json'].schema.properties.locale).toEqual({
        type: 'string',
        enum: ['en', 'de', 'es', 'fr', 'nl'],
        nullable: true,
      });
    });
  });

  describe('server registration', () => {
    it('registers a healthy simulated server (201), never echoing the password, and announces it to the poller', async () => {
      const { token } = await signUp();
      const res = await call('POST', '/api/v1/servers', { token, body: serverBody(0) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Factory 0',
        host: sim.servers[0]!.host,
        port: sim.servers[0]!.port,
        status: expect.any(String),
        diagnostics: {
          ok: true,
          steps: [{ step: 'reachable' }, { step: 'health_check' }, { step: 'password_login' }, { step: 'addon' }],
        },
      });
      expect(res.text).not.toContain('admin_password');
      const [row] = await sql<{ admin_password_enc: Buffer }>(
        db.url,
        'SELECT admin_password_enc FROM servers WHERE id = $1',
        [res.body.id],
      );
      expect(row!.admin_password_enc.toString('latin1')).not.toContain(sim.servers[0]!.admin_password);
      // The poller picked it up from the NATS announcement: it is polled within seconds.
      await eventually(
        async () => (await call('GET', `/api/v1/servers/${res.body.id}`, { token })).body.status === 'online',
        15_000,
      );
      const list = await call('GET', '/api/v1/servers', { token });
      expect(list.body).toHaveLength(1);
      expect(Object.keys(list.body[0]).sort()).toEqual(
        [
          'addon_http_port',
          'addon_status',
          'addon_ws_port',
          'created_at',
          'host',
          'id',
          'last_seen_at',
          'name',
          'port',
          'status',
        ].sort(),
      );
    });

    it('wrong password 422, stopped 502, black-holed 502 "timed out", add-on absent 500: each names the step and the remedy', async () => {
      const { token } = await signUp();
      passwordsUsed.add('not-the-password');
      const wrong = await call('POST', '/api/v1/servers', {
        token,
        body: serverBody(1, { admin_password: 'not-the-password' }),
      });
      expectErrorShape(wrong, 422, 'InvalidAdminPasswordException');
      expect(wrong.body.error.details).toMatchObject({ step: 'password_login', reason: 'wrong_password' });
      expect(wrong.body.error.remedy).toEqual(expect.any(String));

      await sim.setFault(2, 'stopped');
      const stopped = await call('POST', '/api/v1/servers', { token, body: serverBody(2) });
      expectErrorShape(stopped, 502, 'ServerUnreachableException');
      expect(stopped.body.error.details).toMatchObject({ step: 'reachable', reason: 'refused' });
      expect(stopped.body.error.message).toMatch(/refused/);

      await sim.setFault(3, 'blackhole');
      const began = Date.now();
      const holed = await call('POST', '/api/v1/servers', { token, body: serverBody(3) });
      expectErrorShape(holed, 502, 'ServerUnreachableException');
      expect(holed.body.error.message).toMatch(/timed out/);
      expect(Date.now() - began).toBeGreaterThanOrEqual(1400);

      await sim.setFault(4, 'addon_missing');
      const noAddon = await call('POST', '/api/v1/servers', { token, body: serverBody(4) });
      expectErrorShape(noAddon, 500, 'ProvisioningFailedException');
      expect(noAddon.body.error.details).toMatchObject({ step: 'addon' });
      expect(noAddon.body.error.remedy).toMatch(/Ficsit Remote Monitoring|add-on/i);
      expect((await call('GET', '/api/v1/servers', { token })).body).toEqual([]);
    });

    it('refuses private and loopback hosts when the allow-list is off (400), bad ports (400) and duplicates (409)', async () => {
      const { token } = await signUp();
      const loopback = await call('POST', '/api/v1/servers', { token, body: serverBody(5), root: strictBase });
      expectErrorShape(loopback, 400, 'TargetNotAllowed');
      expect(loopback.body.error.message).toMatch(/loopback/);
      const privateHost = await call('POST', '/api/v1/servers', {
        token,
        body: serverBody(5, { host: '192.168.1.20' }),
      });
      expectErrorShape(privateHost, 400, 'TargetNotAllowed');
      expect(privateHost.body.error.message).toMatch(/private/);
      const badPort = await call('POST', '/api/v1/servers', { token, body: serverBody(5, { port: 70000 }) });
      expectErrorShape(badPort, 400, 'ValidationFailed');
      expect(badPort.body.error.details.fields).toEqual([{ field: 'port', problem: 'must be 1-65535' }]);
      expect((await call('POST', '/api/v1/servers', { token, body: serverBody(5) })).status).toBe(201);
      expectErrorShape(await call('POST', '/api/v1/servers', { token, body: serverBody(5) }), 409, 'Conflict');
    });

    it('PATCH checks a new password first (422, nothing changed), renames; diagnose runs the steps; DELETE stops it', async () => {
      const { token } = await signUp();
      const created = await call('POST', '/api/v1/servers', { token, body: serverBody(6) });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      passwordsUsed.add('wrong-new-password');
      const wrong = await call('PATCH', `/api/v1/servers/${id}`, {
        token,
        body: { admin_password: 'wrong-new-password' },
      });
      expectErrorShape(wrong, 422, 'InvalidAdminPasswordException');
      const diagnosis = await call('POST', `/api/v1/servers/${id}/diagnose`, { token });
      expect(diagnosis.status).toBe(200);
      expect(diagnosis.body.ok).toBe(true);
      expect(diagnosis.body.steps.map((s: { step: string }) => s.step)).toEqual([
        'reachable',
        // A registered server's certificate is checked against the one pinned at registration first.
        'certificate',
        'health_check',
        'password_login',
        'addon',
      ]);
      for (const step of diagnosis.body.steps) expect(step.duration_ms).toEqual(expect.any(Number));
      const renamed = await call('PATCH', `/api/v1/servers/${id}`, {
        token,
        body: { name: 'Renamed', admin_password: sim.servers[6]!.admin_password },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Renamed');
      expectErrorShape(await call('PATCH', `/api/v1/servers/${id}`, { token, body: {} }), 400, 'ValidationFailed');
      expect((await call('DELETE', `/api/v1/servers/${id}`, { token })).status).toBe(204);
      expectErrorShape(await call('GET', `/api/v1/servers/${id}`, { token }), 404, 'NotFound');
      // Polling stops: no new health sample after the deletion settled.
      await new Promise((r) => setTimeout(r, 1500));
      const [before] = await sql<{ n: string }>(
        db.url,
        'SELECT count(*) AS n FROM server_metrics WHERE server_id = $1',
        [id],
      );
      await new Promise((r) => setTimeout(r, 4500));
      const [after] = await sql<{ n: string }>(
        db.url,
        'SELECT count(*) AS n FROM server_metrics WHERE server_id = $1',
        [id],
      );
      expect(after!.n).toBe(before!.n);
    });
  });

  describe('metrics, tenancy and API tokens', () => {
    let owner: { token: string; orgId: string };
    let serverId = '';

    beforeAll(async () => {
      owner = await signUp();
      const res = await call('POST', '/api/v1/servers', { token: owner.token, body: serverBody(7) });
      expect(res.status).toBe(201);
      serverId = res.body.id;
      // Every kind polled at least once (2 s intervals in this database).
      await eventually(async () => {
        const kinds = await sql<{ kind: string }>(db.url, 'SELECT kind FROM latest WHERE server_id = $1', [serverId]);
        return ['health', 'power', 'players', 'production', 'trains', 'drones', 'factory'].every((k) =>
          kinds.some((r) => r.kind === k),
        );
      }, 40_000);
    }, 60_000);

    it('every metrics endpoint answers in the spec field names with the simulator values', async () => {
      const t = owner.token;
      const frm = async (endpoint: string) =>
        (
          await fetch(`http://${sim.servers[7]!.host}:${sim.servers[7]!.addon_http_port}/${endpoint}`)
        ).json() as Promise<Record<string, unknown>[]>;
      const latest = await call('GET', `/api/v1/servers/${serverId}/metrics/latest`, { token: t });
      expect(latest.status).toBe(200);
      expect(latest.body).toEqual(
        expect.objectContaining({
          time: expect.any(String),
          tick_rate: expect.any(Number),
          player_count: expect.any(Number),
          tech_tier: expect.any(Number),
          game_phase: expect.any(String),
          is_running: expect.any(Boolean),
          is_paused: expect.any(Boolean),
          total_duration: expect.any(Number),
        }),
      );
      expect(latest.body.tick_rate).toBeGreaterThan(0);
      expect(latest.body.tick_rate).toBeLessThanOrEqual(30);
      // The phase's name comes with the raw value (the simulator's worlds are in a numbered phase).
      expect(latest.body.game_phase).toMatch(/GP_Project_Assembly_Phase_\d+/);
      expect(latest.body.game_phase_name).toEqual(expect.stringMatching(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/));

      const power = await call('GET', `/api/v1/servers/${serverId}/power/latest`, { token: t });
      expect(power.status).toBe(200);
      const simPower = await frm('getPower');
      expect(power.body.map((c: { circuit_group_id: number }) => c.circuit_group_id).sort()).toEqual(
        simPower.map((c) => c.CircuitGroupID).sort(),
      );
      // Every field of the spec's power circuit, on every circuit.
      expect(power.body.length).toBeGreaterThan(0);
      for (const circuit of power.body as Record<string, unknown>[]) {
        expect(circuit).toEqual(
          expect.objectContaining({
            circuit_group_id: expect.any(Number),
            power_production: expect.any(Number),
            power_consumed: expect.any(Number),
            power_capacity: expect.any(Number),
            power_max_consumed: expect.any(Number),
            battery_percent: expect.any(Number),
            battery_capacity: expect.any(Number),
            battery_differential: expect.any(Number),
            fuse_triggered: expect.any(Boolean),
            time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
          }),
        );
        expect(Number.isInteger(circuit.circuit_group_id)).toBe(true);
      }

      // The spec's players: a bare JSON array of player objects with `id` (UUID).
      // The API answers the last poll (every 2 s here) and the simulated players come and go, so the two
      // agree once a poll has seen the simulator's current players.
      let players = await call('GET', `/api/v1/servers/${serverId}/players?limit=500`, { token: t });
      await eventually(
        async () => {
          const simPlayers = await frm('getPlayer');
          players = await call('GET', `/api/v1/servers/${serverId}/players?limit=500`, { token: t });
          const names = (list: string[]) => JSON.stringify(list.sort());
          return (
            players.status === 200 &&
            names(players.body.map((p: { name: string }) => p.name)) === names(simPlayers.map((p) => String(p.Name)))
          );
        },
        15_000,
        250,
      );
      expect(players.status).toBe(200);
      if (players.body.length > 0)
        expect(players.body[0]).toEqual(
          expect.objectContaining({
            id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            name: expect.any(String),
            pos_x: expect.any(Number),
            pos_y: expect.any(Number),
            pos_z: expect.any(Number),
            health: expect.any(Number),
            speed: expect.any(Number),
            is_dead: expect.any(Boolean),
            is_online: expect.any(Boolean),
          }),
        );
      // Seen online now: last seen now (null only for a player never seen online).
      for (const p of players.body as { is_online: boolean; last_seen_at: string | null }[])
        if (p.is_online) expect(p.last_seen_at).toEqual(expect.any(String));

      const production = await call('GET', `/api/v1/servers/${serverId}/production/latest`, { token: t });
      expect(production.status).toBe(200);
      const simProduction = await frm('getProdStats');
      expect(production.body.map((p: { item_class: string }) => p.item_class).sort()).toEqual(
        simProduction.map((p) => p.ClassName).sort(),
      );

      for (const [route, endpoint] of [
        ['trains', 'getTrains'],
        ['drones', 'getDrone'],
      ] as const) {
        const res = await call('GET', `/api/v1/servers/${serverId}/${route}`, { token: t });
        expect(res.status).toBe(200);
        expect(res.body).toHaveLength((await frm(endpoint)).length);
      }

      const simFactory = await frm('getFactory');
      const first = await call('GET', `/api/v1/servers/${serverId}/buildings?limit=5`, { token: t });
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(Math.min(5, simFactory.length));
      const all: unknown[] = [...first.body.items];
      let cursor = first.body.next_cursor as string | null;
      while (cursor) {
        const next = await call(
          'GET',
          `/api/v1/servers/${serverId}/buildings?limit=5&cursor=${encodeURIComponent(cursor)}`,
          {
            token: t,
          },
        );
        all.push(...next.body.items);
        cursor = next.body.next_cursor;
      }
      expect(all).toHaveLength(simFactory.length);

      const history = await call('GET', `/api/v1/servers/${serverId}/metrics/history?step=10s`, { token: t });
      expect(history.status).toBe(200);
      expect(history.body.step_seconds).toBe(10);
      expect(history.body.buckets.length).toBeGreaterThan(0);
      expect(history.body.buckets[0]).toEqual(
        expect.objectContaining({
          time: expect.any(String),
          tick_rate_avg: expect.any(Number),
          samples: expect.any(Number),
        }),
      );
      const powerHistory = await call('GET', `/api/v1/servers/${serverId}/power/history?step=1m`, { token: t });
      expect(powerHistory.status).toBe(200);
      expect(powerHistory.body.buckets[0]).toHaveProperty('circuit_group_id');
      const playersHistory = await call('GET', `/api/v1/servers/${serverId}/players/history`, { token: t });
      expect(playersHistory.status).toBe(200);
      const tooMany = await call(
        'GET',
        `/api/v1/servers/${serverId}/metrics/history?step=1s&from=2026-01-01T00:00:00Z`,
        {
          token: t,
        },
      );
      expectErrorShape(tooMany, 400, 'ValidationFailed');
    });

    it('add-on kinds of a server without the add-on answer 409 AddonUnavailable with the remedy', async () => {
      const server = await sql<{ id: string }>(db.url, 'SELECT id FROM servers WHERE id = $1', [serverId]);
      expect(server).toHaveLength(1);
      // A second server whose add-on disappeared after registration: the poller's add-on check (every few
      // minutes) records that in server_states; here it is written directly. Its older power samples stay.
      const { token } = await signUp();
      await sim.clearFaults(4);
      const res = await call('POST', '/api/v1/servers', { token, body: serverBody(4) });
      expect(res.status).toBe(201);
      // After the poller's own first add-on check (at registration), so it does not overwrite this verdict.
      await eventually(
        async () =>
          (
            await sql<{ addon_status: string }>(db.url, 'SELECT addon_status FROM server_states WHERE server_id = $1', [
              res.body.id,
            ])
          )[0]?.addon_status === 'available',
        15_000,
      );
      await sql(
        db.url,
        `UPDATE server_states SET addon_status = 'unavailable', addon_reason = 'port 8080 refused and the proxy answered bad_function' WHERE server_id = $1`,
        [res.body.id],
      );
      // Owner and add-on state are cached for 5 s.
      await new Promise((r) => setTimeout(r, 5200));
      const power = await call('GET', `/api/v1/servers/${res.body.id}/power/latest`, { token });
      expectErrorShape(power, 409, 'AddonUnavailable');
      expect(power.body.error.remedy).toMatch(/Ficsit Remote Monitoring/);
      expect(power.body.error.message).toMatch(/bad_function/);
      for (const route of [
        'players',
        'buildings',
        'trains',
        'drones',
        'production/latest',
        'power/history',
        'generators',
      ])
        expectErrorShape(
          await call('GET', `/api/v1/servers/${res.body.id}/${route}`, { token }),
          409,
          'AddonUnavailable',
        );
      // The vanilla kinds still answer.
      expect((await call('GET', `/api/v1/servers/${res.body.id}/metrics/latest`, { token })).status).toBe(200);
    });

    it('a viewer of the organisation (X-Org-Id) reads its servers but cannot change them', async () => {
      const viewer = await signUp();
      await sql(db.url, `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
        owner.orgId,
        viewer.userId,
      ]);
      const headers = { 'X-Org-Id': owner.orgId };
      const list = await call('GET', '/api/v1/servers', { token: viewer.token, headers });
      expect(list.status).toBe(200);
      expect(list.body.map((s: { id: string }) => s.id)).toContain(serverId);
      expect(
        (await call('GET', `/api/v1/servers/${serverId}/metrics/latest`, { token: viewer.token, headers })).status,
      ).toBe(200);
      const rename = await call('PATCH', `/api/v1/servers/${serverId}`, {
        token: viewer.token,
        headers,
        body: { name: 'no' },
      });
      expectErrorShape(rename, 403, 'Forbidden');
      expect(rename.body.error.details).toEqual({ required_role: 'operator', role: 'viewer' });
      // Without the header the viewer acts in their own (empty) organisation.
      expect((await call('GET', '/api/v1/servers', { token: viewer.token })).body).toEqual([]);
    });

    it("another user gets 404 on the first user's server id for every route", async () => {
      const stranger = await signUp();
      const routes: [string, string, unknown?][] = [
        ['GET', `/api/v1/servers/${serverId}`],
        ['PATCH', `/api/v1/servers/${serverId}`, { name: 'mine now' }],
        ['DELETE', `/api/v1/servers/${serverId}`],
        ['POST', `/api/v1/servers/${serverId}/diagnose`],
        ['GET', `/api/v1/servers/${serverId}/metrics/latest`],
        ['GET', `/api/v1/servers/${serverId}/metrics/history`],
        ['GET', `/api/v1/servers/${serverId}/players`],
        ['GET', `/api/v1/servers/${serverId}/players/history`],
        ['GET', `/api/v1/servers/${serverId}/power/latest`],
        ['GET', `/api/v1/servers/${serverId}/power/history`],
        ['GET', `/api/v1/servers/${serverId}/production/latest`],
        ['GET', `/api/v1/servers/${serverId}/trains`],
        ['GET', `/api/v1/servers/${serverId}/drones`],
        ['GET', `/api/v1/servers/${serverId}/buildings`],
        ['GET', `/api/v1/servers/${serverId}/dashboard`],
        ['GET', `/api/v1/servers/${serverId}/generators`],
        ['GET', `/api/v1/servers/${serverId}/world-inventory`],
        ['GET', `/api/v1/servers/${serverId}/resource-sink/history`],
      ];
      for (const [method, path, body] of routes)
        expectErrorShape(await call(method, path, { token: stranger.token, body }), 404, 'NotFound');
      expect((await call('GET', '/api/v1/servers', { token: stranger.token })).body).toEqual([]);
      // Naming the owner's organisation does not help either.
      expectErrorShape(
        await call('GET', `/api/v1/servers/${serverId}`, {
          token: stranger.token,
          headers: { 'X-Org-Id': owner.orgId },
        }),
        404,
        'NotFound',
      );
      // And the server is untouched.
      expect((await call('GET', `/api/v1/servers/${serverId}`, { token: owner.token })).body.name).toBe('Factory 7');
    });

    it('API tokens: Pro and up only, scoped, counted against the quota, revocable', async () => {
      const free = await call('POST', '/api/v1/tokens', {
        token: owner.token,
        body: { name: 'ci', scopes: ['servers:read'] },
      });
      expectErrorShape(free, 403, 'PlanLimitReached');
      expect(free.body.error.remedy).toMatch(/Pro/);
      await sql(db.url, `INSERT INTO subscriptions (org_id, plan_id) VALUES ($1, 'pro')`, [owner.orgId]);
      await messaging.nc.flush();
      // The gateway caches entitlements 30 s unless told of the plan change.
      const { Subjects } = await import('@app/contracts');
      messaging.publish(Subjects.planChanged, {
        orgId: owner.orgId,
        planId: 'pro',
        previousPlanId: 'free',
        period: 'monthly',
        occurredAt: new Date().toISOString(),
      });
      await messaging.nc.flush();
      await new Promise((r) => setTimeout(r, 300));
      const created = await call('POST', '/api/v1/tokens', {
        token: owner.token,
        body: { name: 'grafana', scopes: ['servers:read', 'metrics:read'], expires_in_days: 30 },
      });
      expect(created.status).toBe(201);
      const apiToken = created.body.token as string;
      expect(apiToken).toMatch(/^gsm_t_/);
      const [stored] = await sql<{ token_hash: string }>(db.url, 'SELECT token_hash FROM api_tokens WHERE id = $1', [
        created.body.id,
      ]);
      expect(stored!.token_hash).not.toContain(apiToken);

      const list = await call('GET', '/api/v1/servers', { token: apiToken });
      expect(list.status).toBe(200);
      expect(list.body.map((s: { id: string }) => s.id)).toContain(serverId);
      expect(Number(list.headers.get('ratelimit-limit'))).toBe(10_000);
      const remaining = Number(list.headers.get('ratelimit-remaining'));
      expect(remaining).toBeLessThan(10_000);
      const again = await call('GET', `/api/v1/servers/${serverId}/metrics/latest`, { token: apiToken });
      expect(again.status).toBe(200);
      expect(Number(again.headers.get('ratelimit-remaining'))).toBe(remaining - 1);
      expect(Number(again.headers.get('ratelimit-reset'))).toBeGreaterThan(0);

      const denied = await call('POST', '/api/v1/servers', { token: apiToken, body: serverBody(0, { name: 'x' }) });
      expectErrorShape(denied, 403, 'Forbidden');
      expect(denied.body.error.message).toMatch(/servers:write/);
      expectErrorShape(await call('GET', '/api/v1/tokens', { token: apiToken }), 403, 'Forbidden');

      const tokens = await call('GET', '/api/v1/tokens', { token: owner.token });
      expect(tokens.body).toEqual([
        expect.objectContaining({ id: created.body.id, name: 'grafana', scopes: ['servers:read', 'metrics:read'] }),
      ]);
      expect(tokens.text).not.toContain(apiToken);
      expect(tokens.body[0].last_used_at).toEqual(expect.any(String));

      // The second replica has the token cached; the revocation reaches it over NATS at once.
      expect((await call('GET', '/api/v1/servers', { token: apiToken, root: strictBase })).status).toBe(200);
      expect((await call('DELETE', `/api/v1/tokens/${created.body.id}`, { token: owner.token })).status).toBe(204);
      expectErrorShape(await call('GET', '/api/v1/servers', { token: apiToken }), 401, 'Unauthenticated');
      await new Promise((r) => setTimeout(r, 200));
      expectErrorShape(
        await call('GET', '/api/v1/servers', { token: apiToken, root: strictBase }),
        401,
        'Unauthenticated',
      );
      // Dashboard sessions carry no quota headers: theirs are the sessions' own per-minute limit (libs/testing sets
      // it out of the tests' way; throttles.e2e-spec tests it).
      expect((await call('GET', '/api/v1/servers', { token: owner.token })).headers.get('ratelimit-limit')).toBe(
        '1000000',
      );
    });
  });

  it('no response body of the whole suite contains any admin password used', () => {
    expect(seenBodies.length).toBeGreaterThan(40);
    expect(passwordsUsed.size).toBeGreaterThan(5);
    for (const password of passwordsUsed) for (const body of seenBodies) expect(body).not.toContain(password);
  });

  it('no NATS message and no log line of any service carries an admin password or a bearer token', () => {
    expect(natsMessages.length).toBeGreaterThan(20);
    expect(tokensIssued.size).toBeGreaterThan(5);
    const logs = processes.flatMap((p) => p.output);
    expect(logs.length).toBeGreaterThan(50);
    for (const secret of [...passwordsUsed, ...tokensIssued]) {
      for (const message of natsMessages) expect(message).not.toContain(secret);
      for (const line of logs) expect(line).not.toContain(secret);
    }
  });
});
