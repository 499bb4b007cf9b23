import {
  createTestDatabase,
  deleteNamespaceStreams,
  connectTestMessaging,
  ServiceProcess,
  serviceEnv,
  testNamespace,
  type TestDatabase,
} from '@app/testing';

const SERVICES = ['api-gateway', 'realtime-gateway', 'poller', 'alerting', 'billing-limits'] as const;

describe('each service', () => {
  let db: TestDatabase;
  const prefix = testNamespace();
  const running: ServiceProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => {
    for (const p of running.splice(0)) p.kill();
  });
  afterAll(async () => {
    const messaging = await connectTestMessaging(prefix);
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  const env = (): Record<string, string> =>
    // The poller decrypts stored admin passwords.
    serviceEnv(db.url, prefix, { SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });

  it.each(SERVICES)('%s boots, reports ready, serves metrics and stops within 10 s on SIGTERM', async (app) => {
    const service = ServiceProcess.start(app, env());
    running.push(service);
    const port = await service.ready();
    const base = `http://127.0.0.1:${port}`;

    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, nats: { ok: true } },
    });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text).toContain(`gsm_process_cpu_user_seconds_total{service="${app}"}`);
    const readyCount = text
      .split('\n')
      .find((l) => l.startsWith('gsm_http_request_duration_seconds_count{') && l.includes('route="/health/ready"'));
    expect(readyCount).toMatch(new RegExp(`service="${app}".*status="200".* 1$`));

    const stopped = await service.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.durationMs).toBeLessThan(10_000);
    expect(service.output.join('\n')).toContain('shutdown complete');
  });

  it('on SIGTERM closes idle keep-alive connections and stops accepting new ones', async () => {
    const service = ServiceProcess.start('api-gateway', env());
    running.push(service);
    const port = await service.ready();
    const agent = `http://127.0.0.1:${port}`;
    // A keep-alive connection that is idle must not hold the shutdown up.
    await fetch(`${agent}/health/live`, { keepalive: true });
    const stopped = service.stop('SIGTERM');
    const result = await stopped;
    expect(result.code).toBe(0);
    await expect(fetch(`${agent}/health/live`)).rejects.toThrow();
  });

  it('refuses to start without a required variable, naming it', async () => {
    const { DATABASE_URL: _omitted, ...rest } = env();
    const service = ServiceProcess.start('poller', rest);
    running.push(service);
    const { code } = await service.exited();
    expect(code).toBe(1);
    const output = service.output.join('\n');
    expect(output).toContain('poller: invalid configuration');
    expect(output).toContain('DATABASE_URL is missing');
  });

  it('names every bad variable at once and never prints a secret value', async () => {
    const service = ServiceProcess.start('alerting', {
      ...env(),
      DATABASE_URL: 'mysql://admin:s3cret-pass@db/gsm',
      NATS_URL: '',
      PORT: 'http',
    });
    running.push(service);
    const { code } = await service.exited();
    expect(code).toBe(1);
    const output = service.output.join('\n');
    for (const name of ['DATABASE_URL is invalid', 'NATS_URL is missing', 'PORT is invalid'])
      expect(output).toContain(name);
    expect(output).not.toContain('s3cret-pass');
  });

  it('exits with a clear message when PostgreSQL cannot be reached', async () => {
    const service = ServiceProcess.start('billing-limits', {
      ...env(),
      DATABASE_URL: 'postgresql://postgres:pw-not-to-leak@127.0.0.1:1/none',
    });
    running.push(service);
    const { code } = await service.exited();
    expect(code).not.toBe(0);
    const output = service.output.join('\n');
    expect(output).toContain('billing-limits could not start: cannot reach PostgreSQL at 127.0.0.1:1/none');
    expect(output).not.toContain('pw-not-to-leak');
  });
});
