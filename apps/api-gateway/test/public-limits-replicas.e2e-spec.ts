import { randomBytes } from 'node:crypto';
import { connectTestMessaging, createTestDatabase, metricValue, ServiceStack } from '@app/testing';
import { shareOfNewServer } from './share-fixture';

const SECRETS_KEY = Buffer.alloc(32, 6).toString('base64');
/** The per-address allowance of every replica here (a minute), low so that floods stay short. */
const PER_ADDRESS = 40;
const NEWEST = new Date(Math.floor((Date.now() - 120_000) / 60_000) * 60_000);
/** A port in this test's range where nothing listens: a Redis that is down. */
const NO_REDIS = 'redis://127.0.0.1:46379';

interface Answer {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * The public endpoints' per-address limits (share links, acknowledge links, status pages) across api-gateway replicas: two
 * replicas share their counters in Redis, so a flood spread over both gets one replica's allowance, not two; a
 * replica whose Redis is down still limits, on its own (docs/security/shares.md). Processes: billing-limits and
 * three api-gateways behind a "proxy" (TRUST_PROXY=1, addresses from X-Forwarded-For).
 */
describe('public rate limits across api-gateway replicas (Redis)', () => {
  const stack = new ServiceStack({ SECRETS_KEY });
  const bases: string[] = [];
  let noRedis = '';
  let share = '';

  const get = async (base: string, path: string, address: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { headers: { 'X-Forwarded-For': address } });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // an HTML page (acknowledge links)
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
  };
  /** `n` requests of `path` from `address`, 20 at a time, each to the next of `targets` in turn. */
  const flood = async (targets: string[], path: string, address: string, n: number): Promise<Answer[]> => {
    const out: Answer[] = [];
    for (let i = 0; i < n; i += 20)
      out.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, n - i) }, (_, k) => get(targets[(i + k) % targets.length]!, path, address)),
        )),
      );
    return out;
  };
  const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;
  const expectRetryAfter = (answers: Answer[]) => {
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
    }
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    const env = { TRUST_PROXY: '1', SHARE_RATE_PER_ADDRESS: String(PER_ADDRESS) };
    for (let i = 0; i < 2; i++) bases.push(`http://127.0.0.1:${await stack.start('api-gateway', env)}`);
    noRedis = `http://127.0.0.1:${await stack.start('api-gateway', { ...env, REDIS_URL: NO_REDIS })}`;
    share = await shareOfNewServer(bases[0]!, stack.db.url, `replicas-${stack.prefix}@example.com`, {
      name: 'Factory',
      port: 17103,
      newest: NEWEST,
    });
  }, 120_000);

  afterAll(() => stack.close());

  it('a share link flooded from one address over two replicas: one allowance in all, every 429 with Retry-After', async () => {
    const answers = await flood(bases, `/api/v1/public/${share}/dashboard`, '198.51.100.7', 5 * PER_ADDRESS);
    console.log(JSON.stringify({ flood: 'share, 2 replicas', requests: 200, s200: count(answers, 200) }));
    // Per replica in memory this was 2 × PER_ADDRESS (each replica its own bucket).
    expect(count(answers, 200)).toBe(PER_ADDRESS);
    expect(count(answers, 429)).toBe(4 * PER_ADDRESS);
    expectRetryAfter(answers);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe('TooManyRequests');
    expect(refused.retryAfter).toBe(String(refused.body.error.details.retry_after_seconds));
    // Both replicas refused some: the counter is one.
    for (const base of bases) {
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(metricValue(text, 'gsm_public_rate_limited_total', { limit: 'share_address' })).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await get(bases[1]!, `/api/v1/public/${share}/dashboard`, '203.0.113.70')).status).toBe(200);
  }, 60_000);

  it('acknowledge links from one address over two replicas: one allowance in all', async () => {
    // Not a token's shape: answered "unknown" without asking alerting (not running here), after the limit.
    const token = `not.a.${randomBytes(8).toString('hex')}`;
    const answers = await flood(bases, `/api/v1/incident-ack/${token}`, '198.51.100.8', 3 * PER_ADDRESS);
    expect(answers.length - count(answers, 429)).toBe(PER_ADDRESS);
    expectRetryAfter(answers);
  }, 60_000);

  it('status pages from one address over two replicas: one allowance in all (JSON and the HTML page alike)', async () => {
    // No such page: answered 404 after the limit, so the flood needs no page of its own.
    const slug = `no-page-${randomBytes(4).toString('hex')}`;
    const json = await flood(bases, `/api/v1/status/${slug}`, '198.51.100.10', 2 * PER_ADDRESS);
    const html = await flood(bases, `/status/${slug}`, '198.51.100.10', PER_ADDRESS);
    const answers = [...json, ...html];
    expect(answers.length - count(answers, 429)).toBe(PER_ADDRESS);
    expect(count(answers, 404)).toBe(PER_ADDRESS);
    expect(count(html, 429)).toBe(PER_ADDRESS);
    expectRetryAfter(answers);
  }, 60_000);

  it('Redis down: the replica limits on its own (per-replica allowance), says so in a metric, and does not fail', async () => {
    const answers = await flood([noRedis], `/api/v1/public/${share}/dashboard`, '198.51.100.9', 3 * PER_ADDRESS);
    console.log(JSON.stringify({ flood: 'share, Redis down', requests: 120, s200: count(answers, 200) }));
    // A token bucket: PER_ADDRESS at once, and what refills (PER_ADDRESS a minute) while the flood runs.
    expect(count(answers, 200)).toBeGreaterThanOrEqual(PER_ADDRESS);
    expect(count(answers, 200)).toBeLessThanOrEqual(PER_ADDRESS + 5);
    expect(count(answers, 429)).toBe(answers.length - count(answers, 200));
    expectRetryAfter(answers);
    const text = await (await fetch(`${noRedis}/metrics`)).text();
    expect(metricValue(text, 'gsm_public_rate_limits_local_total', { limit: 'share_address' })).toBe(answers.length);
  }, 60_000);
});
