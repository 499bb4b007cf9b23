import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeFailure, Seeder, serverKey, unreachable, type FleetServer } from './seed';
import { SeedError, type SeedOptions } from './seed-options';

/** A fake platform API and simulator control API on one loopback port: just the routes the seeder calls. */
class FakePlatform {
  readonly servers: { host: string; port: number; name: string }[] = [];
  readonly requests: string[] = [];
  users = new Map<string, string>();
  plan = 'free';
  ready = true;
  refuse: { host: string; error: unknown } | null = null;
  fleet: FleetServer[] = [1, 2].map((i) => ({
    id: `sim-${i}`,
    host: '127.0.0.1',
    port: 7000 + i,
    addon_http_port: 8000 + i,
    addon_ws_port: 9000 + i,
    admin_password: `admin-${i}`,
  }));
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += (chunk as Buffer).toString();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = raw ? JSON.parse(raw) : {};
    const route = `${req.method} ${req.url}`;
    this.requests.push(route);
    const send = (status: number, json: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    const authed = req.headers.authorization === 'Bearer session-token';
    switch (route) {
      case 'GET /health/ready':
        return send(this.ready ? 200 : 503, { status: this.ready ? 'ok' : 'unavailable' });
      case 'GET /control/servers':
        return send(200, this.fleet);
      case 'POST /api/v1/auth/register':
        // As the api-gateway: the same answer for a new and an existing e-mail; an existing account stays as it is.
        if (!this.users.has(body.email)) this.users.set(body.email, body.password);
        return send(202, { status: 'accepted' });
      case 'POST /api/v1/auth/login':
        if (this.users.get(body.email) !== body.password)
          return send(401, {
            error: { code: 'InvalidCredentials', message: 'wrong e-mail or password', remedy: 'Check both.' },
          });
        return send(200, { token: 'session-token' });
    }
    if (!authed) return send(401, { error: { code: 'Unauthenticated', message: 'no session' } });
    switch (route) {
      case 'GET /api/v1/billing/subscription':
        return send(200, { plan: { id: this.plan } });
      case 'PUT /api/v1/billing/subscription':
        this.plan = body.plan;
        return send(200, { plan: { id: this.plan } });
      case 'GET /api/v1/servers':
        return send(200, this.servers);
      case 'POST /api/v1/servers':
        if (this.refuse && body.port === this.fleet[1]!.port) return send(422, this.refuse.error);
        this.servers.push({ host: body.host, port: body.port, name: body.name });
        return send(201, { id: String(this.servers.length) });
    }
    send(404, { error: { code: 'NotFound', message: `no route ${route}` } });
  }
}

describe('Seeder against a fake API', () => {
  let fake: FakePlatform;
  const lines: string[] = [];
  const options = (extra: Partial<SeedOptions> = {}): SeedOptions => ({
    apiUrl: fake.url,
    controlUrl: `${fake.url}/control`,
    publicUrl: fake.url,
    email: 'demo@example.com',
    password: 'ficsit-demo-password',
    timeoutMs: 5000,
    retryMs: 50,
    ...extra,
  });
  const seeder = (extra: Partial<SeedOptions> = {}) => new Seeder(options(extra), (l) => lines.push(l));

  beforeEach(async () => {
    fake = await new FakePlatform().start();
    lines.length = 0;
  });
  afterEach(() => fake.close());

  it('creates the account, moves it to Team, registers every server once; a second run changes nothing', async () => {
    expect(await seeder().run()).toEqual({ total: 2, created: 2, existing: 0 });
    expect(fake.plan).toBe('team');
    expect(fake.servers).toEqual([
      { host: '127.0.0.1', port: 7001, name: 'Factory 1' },
      { host: '127.0.0.1', port: 7002, name: 'Factory 2' },
    ]);
    fake.requests.length = 0;
    expect(await seeder().run()).toEqual({ total: 2, created: 0, existing: 2 });
    expect(fake.requests).not.toContain('POST /api/v1/servers');
    expect(fake.requests).not.toContain('PUT /api/v1/billing/subscription');
    expect(fake.servers).toHaveLength(2);
    expect(lines.join('\n')).not.toMatch(/ficsit-demo-password|session-token|admin-1/);
  });

  it('registers only the servers the account lacks, matching host case-insensitively', async () => {
    fake.fleet[0]!.host = 'Fleet';
    fake.servers.push({ host: 'fleet', port: 7001, name: 'Mine' });
    fake.users.set('demo@example.com', 'ficsit-demo-password');
    expect(await seeder().run()).toEqual({ total: 2, created: 1, existing: 1 });
    expect(fake.servers.map((s) => s.port)).toEqual([7001, 7002]);
  });

  it('a wrong DEMO_PASSWORD for an existing account: a sentence naming DEMO_PASSWORD, not the password', async () => {
    fake.users.set('demo@example.com', 'the-real-password');
    const error = await seeder({ password: 'a-wrong-password' })
      .run()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedError);
    const message = (error as Error).message;
    expect(message).toContain('the demo account demo@example.com exists but DEMO_PASSWORD does not open it');
    expect(message).toContain('wrong e-mail or password. Check both.');
    expect(message).not.toContain('a-wrong-password');
    expect(fake.servers).toHaveLength(0);
  });

  it('registers what it can, then fails with the API message and remedy of the first refusal', async () => {
    fake.refuse = {
      host: '127.0.0.1',
      error: {
        error: { code: 'PlanLimitReached', message: 'the team plan allows 1 server(s)', remedy: 'Remove a server.' },
      },
    };
    const error = (await seeder()
      .run()
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(SeedError);
    expect(error.message).toBe(
      '1 of 2 simulated servers could not be registered (1 were); the first: registering Factory 2 (127.0.0.1:7002) ' +
        'failed: HTTP 422: the team plan allows 1 server(s). Remove a server.',
    );
    expect(fake.servers).toHaveLength(1);
  });

  it('waits for the API to be ready, saying so, and gives up after the timeout with a sentence', async () => {
    fake.ready = false;
    setTimeout(() => (fake.ready = true), 200);
    expect(await seeder().run()).toMatchObject({ created: 2 });
    expect(lines.some((l) => l.includes('waiting for the API at') && l.includes('HTTP 503'))).toBe(true);

    fake.ready = false;
    const error = (await seeder({ timeoutMs: 300 })
      .waitForPlatform()
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(SeedError);
    expect(error.message).toMatch(/^gave up after 0 s \(SEED_TIMEOUT_S\) waiting for the API at .* to be ready/);
  });

  it('explains an unreachable simulator', async () => {
    const error = (await seeder({ controlUrl: 'http://127.0.0.1:1', timeoutMs: 100 })
      .waitForPlatform()
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('the simulator to list its servers: cannot reach http://127.0.0.1:1');
  });
});

describe('seed helpers', () => {
  it('describeFailure: status, message and remedy from the API error body', () => {
    expect(describeFailure({ status: 403, json: { error: { code: 'X', message: 'no', remedy: 'Upgrade.' } } })).toBe(
      'HTTP 403: no. Upgrade.',
    );
    expect(describeFailure({ status: 502, json: null })).toBe('HTTP 502');
    expect(describeFailure({ status: 404, json: { error: 'unknown route' } })).toBe('HTTP 404: unknown route');
  });

  it('serverKey ignores case and IPv6 brackets', () => {
    expect(serverKey('Fleet', 7777)).toBe(serverKey('fleet', 7777));
    expect(serverKey('[::1]', 7777)).toBe(serverKey('::1', 7777));
  });

  it('unreachable names the cause', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(unreachable('http://x', refused)).toBe('cannot reach http://x (connection refused)');
    const unknown = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
    expect(unreachable('http://x', unknown)).toBe('cannot reach http://x (unknown host)');
    expect(unreachable('http://x', Object.assign(new Error('t'), { name: 'TimeoutError' }))).toContain('in time');
  });
});
