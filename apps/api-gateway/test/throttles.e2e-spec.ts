import {
  connectTestMessaging,
  createTestDatabase,
  eventually,
  metricValue,
  ServiceStack,
  signUpAndIn,
  signUpVerified,
  sql,
  TcpProxy,
} from '@app/testing';
import { hashPassword } from '../src/auth/passwords';

const SECRETS_KEY = Buffer.alloc(32, 21).toString('base64');
const PASSWORD = 'correct horse battery';
const SETTINGS = {
  LOGIN_MAX_FAILURES: 5,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 20,
  REGISTER_MAX_PER_HOUR: 10,
  SESSION_RATE_LIMIT_PER_MINUTE: 30,
  API_DAILY_QUOTA: 5,
};

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  ms: number;
}

/**
 * The sign-in, sign-up and session throttles attacked as an attacker would, against two api-gateway replicas that
 * share one Redis (this file's own keys) behind no balancer: requests alternate between them. Every client address
 * comes from X-Forwarded-For (TRUST_PROXY=1, as behind the Ingress), so a test can be a botnet or one address.
 */
describe('throttles: sign-in, sign-up and sessions across two api-gateway replicas (Redis)', () => {
  const stack = new ServiceStack({
    SECRETS_KEY,
    TRUST_PROXY: '1',
    LOGIN_MAX_FAILURES: String(SETTINGS.LOGIN_MAX_FAILURES),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(SETTINGS.LOGIN_MAX_FAILURES_PER_ADDRESS),
    REGISTER_MAX_PER_HOUR: String(SETTINGS.REGISTER_MAX_PER_HOUR),
    SESSION_RATE_LIMIT_PER_MINUTE: String(SETTINGS.SESSION_RATE_LIMIT_PER_MINUTE),
  });
  const replicas: string[] = [];
  let lonely = '';
  let redisProxy: TcpProxy;
  let n = 0;
  /** A client address of its own for each test (198.18.0.0/15: benchmarking addresses). */
  const address = () => `198.18.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

  const call = async (
    base: string,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; from?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.from) headers['X-Forwarded-For'] = options.from;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? JSON.parse(text) : null,
      ms: performance.now() - started,
    };
  };
  /** Argon2 verifications so far, summed over the given replicas' /metrics. */
  const verifications = async (bases: string[]): Promise<number> => {
    let sum = 0;
    for (const base of bases)
      sum += metricValue(await (await fetch(`${base}/metrics`)).text(), 'gsm_password_verifications_total');
    return sum;
  };
  const countBy = (answers: Answer[]) =>
    answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    // A small daily API quota for Pro, so the token test reaches it.
    await sql(stack.db.url, `UPDATE plans SET api_daily_quota = $1 WHERE id = 'pro'`, [SETTINGS.API_DAILY_QUOTA]);
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    for (let i = 0; i < 2; i++) replicas.push(`http://127.0.0.1:${await stack.start('api-gateway')}`);
    // A third replica reaches Redis through a proxy the test cuts.
    redisProxy = await TcpProxy.start('127.0.0.1', 6379);
    lonely = `http://127.0.0.1:${await stack.start('api-gateway', { REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` })}`;
    console.log(`throttles e2e settings: ${JSON.stringify(SETTINGS)}`);
  }, 120_000);

  afterAll(async () => {
    await redisProxy?.stop();
    await stack.close();
  });

  it('1,000 parallel wrong sign-ins for one e-mail from 1,000 addresses over two replicas: at most LOGIN_MAX_FAILURES reach argon2, the rest 429 with Retry-After', async () => {
    // The victim's account is written directly (argon2id hash as sign-up makes it): this attack needs no sign-up.
    const email = `victim-${stack.prefix}@example.com`;
    await sql(stack.db!.url, `INSERT INTO users (email, name, password_hash) VALUES ($1, 'Victim', $2)`, [
      email,
      await hashPassword(PASSWORD),
    ]);
    const before = await verifications(replicas);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        call(replicas[i % 2]!, 'POST', '/api/v1/auth/login', {
          body: { email, password: `guess-${i}-wrong` },
          from: `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        }),
      ),
    );
    const statuses = countBy(answers);
    // Every 401 went through argon2 (also before this metric existed); every 429 did not.
    const reached = Math.max((await verifications(replicas)) - before, statuses[401] ?? 0);
    console.log(
      `1,000 parallel wrong sign-ins: ${reached} reached argon2; answers ${JSON.stringify(statuses)} in ${Date.now() - started} ms`,
    );
    expect(reached).toBeLessThanOrEqual(SETTINGS.LOGIN_MAX_FAILURES);
    expect(statuses[401]).toBe(reached);
    expect(statuses[429]).toBe(1000 - reached);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body.error).toMatchObject({
        code: 'TooManyRequests',
        details: { retry_after_seconds: expect.any(Number) },
      });
      expect(Number(a.headers.get('retry-after'))).toBe(a.body.error.details.retry_after_seconds);
      expect(a.body.error.details.retry_after_seconds).toBeGreaterThan(0);
      expect(a.body.error.details.retry_after_seconds).toBeLessThanOrEqual(15 * 60);
    }
    // Both replicas refused: the count is shared, not per replica.
    const refusedBy = new Set(answers.flatMap((a, i) => (a.status === 429 ? [i % 2] : [])));
    expect(refusedBy.size).toBe(2);
  }, 120_000);

  it('one address trying many e-mails is stopped after LOGIN_MAX_FAILURES_PER_ADDRESS; other addresses are not', async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(replicas[i % 2]!, 'POST', '/api/v1/auth/login', {
          body: { email: `sprayed-${i}-${stack.prefix}@example.com`, password: 'Winter2026!' },
          from,
        }),
      ),
    );
    expect(countBy(answers)).toEqual({
      401: SETTINGS.LOGIN_MAX_FAILURES_PER_ADDRESS,
      429: 30 - SETTINGS.LOGIN_MAX_FAILURES_PER_ADDRESS,
    });
    const elsewhere = await call(replicas[0]!, 'POST', '/api/v1/auth/login', {
      body: { email: `sprayed-0-${stack.prefix}@example.com`, password: 'Winter2026!' },
      from: address(),
    });
    expect(elsewhere.status).toBe(401);
  });

  it('a right password after a failure signs in and clears the e-mail count', async () => {
    const email = `forgetful-${stack.prefix}@example.com`;
    await signUpAndIn(replicas[1]!, email, PASSWORD, 'Forgetful');
    const from = address();
    for (let i = 0; i < SETTINGS.LOGIN_MAX_FAILURES - 1; i++)
      expect(
        (await call(replicas[i % 2]!, 'POST', '/api/v1/auth/login', { body: { email, password: 'nope' }, from }))
          .status,
      ).toBe(401);
    expect(
      (await call(replicas[0]!, 'POST', '/api/v1/auth/login', { body: { email, password: PASSWORD }, from })).status,
    ).toBe(200);
    expect(
      (await call(replicas[1]!, 'POST', '/api/v1/auth/login', { body: { email, password: 'nope' }, from })).status,
    ).toBe(401);
  });

  it('sign-up: REGISTER_MAX_PER_HOUR per address, counted atomically over both replicas', async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(replicas[i % 2]!, 'POST', '/api/v1/auth/register', {
          body: { email: `bulk-${i}-${stack.prefix}@example.com`, password: PASSWORD, name: 'Bulk' },
          from,
        }),
      ),
    );
    expect(countBy(answers)).toEqual({ 202: SETTINGS.REGISTER_MAX_PER_HOUR, 429: 25 - SETTINGS.REGISTER_MAX_PER_HOUR });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toMatchObject({ code: 'TooManyRequests', remedy: expect.stringMatching(/Wait \d+ s/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    const [row] = await sql<{ count: string }>(stack.db!.url, `SELECT count(*) FROM users WHERE email LIKE $1`, [
      `bulk-%-${stack.prefix}@example.com`,
    ]);
    expect(Number(row!.count)).toBe(SETTINGS.REGISTER_MAX_PER_HOUR);
  });

  it('sign-up answers a new and an existing e-mail alike (status, body, headers) after the same work', async () => {
    const existing = `known-${stack.prefix}@example.com`;
    await signUpAndIn(replicas[0]!, existing, PASSWORD, 'Known');
    const from = address();
    const shape = (a: Answer) => ({
      status: a.status,
      body: a.body,
      headers: [...a.headers.keys()].filter((k) => !['date', 'x-request-id', 'ratelimit-remaining'].includes(k)).sort(),
    });
    const timings = { fresh: [] as number[], known: [] as number[] };
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i++) {
      const fresh = await call(replicas[i % 2]!, 'POST', '/api/v1/auth/register', {
        body: { email: `fresh-${i}-${stack.prefix}@example.com`, password: 'another long password', name: 'X' },
        from,
      });
      const known = await call(replicas[i % 2]!, 'POST', '/api/v1/auth/register', {
        body: { email: existing, password: 'another long password', name: 'X' },
        from,
      });
      expect(shape(known)).toEqual(shape(fresh));
      answers.push(fresh, known);
      timings.fresh.push(fresh.ms);
      timings.known.push(known.ms);
    }
    expect(answers.every((a) => a.status === 202 && a.body.status === 'accepted')).toBe(true);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    console.log(
      `sign-up timing: new e-mail median ${median(timings.fresh).toFixed(1)} ms, existing ${median(timings.known).toFixed(1)} ms`,
    );
    // Both hash the password (argon2id, tens of ms); the new account's few inserts are small beside it.
    expect(median(timings.known)).toBeGreaterThan(median(timings.fresh) / 3);
    expect(median(timings.known)).toBeLessThan(median(timings.fresh) * 3);
    // The existing account is untouched: its password still opens it, the one sent with the sign-up does not.
    expect(
      (
        await call(replicas[1]!, 'POST', '/api/v1/auth/login', {
          body: { email: existing, password: PASSWORD },
          from: address(),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(replicas[1]!, 'POST', '/api/v1/auth/login', {
          body: { email: existing, password: 'another long password' },
          from: address(),
        })
      ).status,
    ).toBe(401);
  });

  it('a dashboard session has its own per-user rate limit (SESSION_RATE_LIMIT_PER_MINUTE), shared by the replicas', async () => {
    const user = await signUpAndIn(replicas[0]!, `busy-${stack.prefix}@example.com`, PASSWORD, 'Busy');
    const other = await signUpAndIn(replicas[1]!, `calm-${stack.prefix}@example.com`, PASSWORD, 'Calm');
    // signUpAndIn read /me once: one request of the minute is used.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(replicas[i % 2]!, 'GET', '/api/v1/me', { token: user.token })),
    );
    const used = SETTINGS.SESSION_RATE_LIMIT_PER_MINUTE - 1;
    expect(countBy(answers)).toEqual({ 200: used, 429: 40 - used });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toMatchObject({
      code: 'TooManyRequests',
      details: { retry_after_seconds: expect.any(Number) },
    });
    expect(refused.body.error.message).toContain(`${SETTINGS.SESSION_RATE_LIMIT_PER_MINUTE} per minute`);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.headers.get('ratelimit-limit')).toBe(String(SETTINGS.SESSION_RATE_LIMIT_PER_MINUTE));
    // Another user's session is not affected.
    expect((await call(replicas[0]!, 'GET', '/api/v1/me', { token: other.token })).status).toBe(200);
  });

  it('an API token is still the Pro+ API: its plan gate and its daily quota, not the session limit', async () => {
    const owner = await signUpVerified(replicas[1]!, stack.db!.url, `api-${stack.prefix}@example.com`, PASSWORD, 'Api');
    const put = await call(replicas[1]!, 'PUT', '/api/v1/billing/subscription', {
      token: owner.token,
      body: { plan: 'pro', period: 'monthly' },
    });
    expect(put.status).toBe(200);
    const token = await eventually(
      async () => {
        const res = await call(replicas[1]!, 'POST', '/api/v1/tokens', {
          token: owner.token,
          body: { name: 'script', scopes: ['servers:read'] },
        });
        return res.status === 201 ? (res.body.token as string) : null;
      },
      10_000,
      250,
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(replicas[i % 2]!, 'GET', '/api/v1/servers', { token })),
    );
    const statuses = countBy(answers);
    expect(statuses[200]).toBeLessThanOrEqual(SETTINGS.API_DAILY_QUOTA);
    expect(statuses[200]).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.error.code)).toEqual(
      Array(40 - statuses[200]!).fill('QuotaExceeded'),
    );
    // Back on Free: the token is refused by the plan gate.
    await call(replicas[1]!, 'PUT', '/api/v1/billing/subscription', {
      token: owner.token,
      body: { plan: 'free', period: 'monthly' },
    });
    const gated = await eventually(
      async () => {
        const res = await call(replicas[0]!, 'GET', '/api/v1/servers', { token });
        return res.status === 403 ? res : null;
      },
      10_000,
      250,
    );
    expect(gated.body.error).toMatchObject({ code: 'PlanLimitReached', details: { required_plan: 'pro' } });
  });

  it('Redis away: sign-in and sign-up answer 503 (fail closed, no argon2), sessions keep working; back when Redis is', async () => {
    const email = `outage-${stack.prefix}@example.com`;
    const user = await signUpAndIn(lonely, email, PASSWORD, 'Outage');
    redisProxy.cut();
    const before = await verifications([lonely]);
    const login = await eventually(
      async () => {
        const res = await call(lonely, 'POST', '/api/v1/auth/login', {
          body: { email, password: PASSWORD },
          from: address(),
        });
        return res.status === 503 ? res : null;
      },
      10_000,
      100,
    );
    expect(login.body.error).toMatchObject({ code: 'ServiceUnavailable', message: expect.stringContaining('Redis') });
    expect(Number(login.headers.get('retry-after'))).toBeGreaterThan(0);
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(lonely, 'POST', '/api/v1/auth/login', { body: { email, password: `guess-${i}` }, from: address() }),
      ),
    );
    expect(countBy(burst)).toEqual({ 503: 50 });
    expect(await verifications([lonely])).toBe(before);
    const register = await call(lonely, 'POST', '/api/v1/auth/register', {
      body: { email: `during-${stack.prefix}@example.com`, password: PASSWORD, name: 'During' },
      from: address(),
    });
    expect(register.status).toBe(503);
    expect((await call(lonely, 'GET', '/api/v1/me', { token: user.token })).status).toBe(200);

    redisProxy.restore();
    await eventually(
      async () => {
        const res = await call(lonely, 'POST', '/api/v1/auth/login', {
          body: { email, password: PASSWORD },
          from: address(),
        });
        return res.status === 200;
      },
      15_000,
      200,
    );
  }, 60_000);
});
