import { randomBytes } from 'node:crypto';
import { connectTestMessaging, createTestDatabase, metricValue, ServiceStack, sql } from '@app/testing';
import { shareOfNewServer } from './share-fixture';

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64');
/** Lower than the default (6000) so that a flood big enough to reach it stays quick on a test machine. */
const PER_TOKEN = 200;
const NEWEST = new Date(Math.floor((Date.now() - 120_000) / 60_000) * 60_000);

interface Answer {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

const randomShareToken = () => `gsm_p_${randomBytes(32).toString('base64url')}`;

/** Runs `jobs` with at most `width` in flight. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/**
 * The share API (no sign-in, a token in the path) attacked as an attacker would: floods of random tokens from one
 * address and from many, a flood of one valid token, cache-busting queries on one token from many addresses;
 * while a viewer of another share keeps reading. api-gateway (TRUST_PROXY=1: addresses from X-Forwarded-For, as
 * behind the ingress) and billing-limits as processes, PostgreSQL's own statistics (index scans) count the token lookups.
 */
describe('share API under abuse: rate limits, negative cache, answer cache (api-gateway, PostgreSQL)', () => {
  const stack = new ServiceStack({ SECRETS_KEY });
  let base = '';
  const shares = { a: '', b: '' };
  const seen = new Set<string>();

  const get = async (path: string, address: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { headers: { 'X-Forwarded-For': address } });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
  };
  const publicGet = (token: string, route: string, address: string) => {
    seen.add(token);
    return get(`/api/v1/public/${token}${route}`, address);
  };
  const metrics = async () => (await fetch(`${base}/metrics`)).text();

  /**
   * Share tokens PostgreSQL looked up: scans of share_links' token_hash index (its statistics; pg_stat_statements is
   * not loaded on these machines). A backend reports its statistics within 10 s of going idle: read after that.
   */
  const lookups = async (): Promise<number> => {
    await new Promise((r) => setTimeout(r, 11_000));
    const rows = await sql<{ scans: string }>(
      stack.db!.url,
      `SELECT coalesce(sum(idx_scan), 0)::text AS scans FROM pg_stat_user_indexes
        WHERE indexrelname = 'share_links_token_hash_key'`,
    );
    return Number(rows[0]!.scans);
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway', {
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      SHARE_RATE_PER_TOKEN: String(PER_TOKEN),
    })}`;
    for (const key of ['a', 'b'] as const) {
      shares[key] = await shareOfNewServer(base, stack.db.url, `share-${key}-${stack.prefix}@example.com`, {
        name: `Factory ${key}`,
        port: key === 'a' ? 17101 : 17102,
        newest: NEWEST,
      });
      seen.add(shares[key]);
    }
  }, 120_000);

  afterAll(() => stack.close());

  /** The viewer of share B, at its own address, reads while `flood` runs: every answer is 200. */
  async function viewerDuring<T>(flood: Promise<T>): Promise<{ flood: T; viewer: number[] }> {
    let done = false;
    const statuses: number[] = [];
    const reading = (async () => {
      while (!done) {
        statuses.push((await publicGet(shares.b, '/dashboard', '203.0.113.50')).status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const result = await flood.finally(() => (done = true));
    await reading;
    return { flood: result, viewer: statuses };
  }

  it('random tokens from one address: 10 reach PostgreSQL, the rest are 429 with Retry-After', async () => {
    const before = await lookups();
    const started = Date.now();
    const { flood, viewer } = await viewerDuring(
      pool(
        Array.from({ length: 1000 }, () => () => publicGet(randomShareToken(), '/dashboard', '198.51.100.1')),
        25,
      ),
    );
    const ms = Date.now() - started;
    const queried = (await lookups()) - before;
    console.log(
      JSON.stringify({ attack: 'random tokens, 1 address', requests: 1000, ms, s404: count(flood, 404) }) +
        JSON.stringify({ s429: count(flood, 429), tokenLookups: queried }),
    );
    expect(count(flood, 404)).toBe(10);
    expect(count(flood, 429)).toBe(990);
    const refused = flood.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe('TooManyRequests');
    expect(refused.body.error.details.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBe(String(refused.body.error.details.retry_after_seconds));
    // The viewer's own link is looked up again when its 10-second cache entry expires: one or two more.
    expect(queried).toBeLessThanOrEqual(12);
    expect(viewer.length).toBeGreaterThan(0);
    expect(viewer.every((s) => s === 200)).toBe(true);
    // 300 pass the address's allowance of the minute (10 of them the lookups'), the rest are refused.
    const text = await metrics();
    const unknown = metricValue(text, 'gsm_public_rate_limited_total', { limit: 'share_unknown_token' });
    expect(unknown).toBeGreaterThanOrEqual(290);
    expect(unknown + metricValue(text, 'gsm_public_rate_limited_total', { limit: 'share_address' })).toBe(990);
  }, 120_000);

  it('random tokens from 20 addresses: at most 10 lookups per address; a token found invalid is not looked up again', async () => {
    const before = await lookups();
    const tokens = Array.from({ length: 20 }, () => Array.from({ length: 50 }, randomShareToken));
    const { flood, viewer } = await viewerDuring(
      pool(
        tokens.flatMap((list, n) => list.map((t) => () => publicGet(t, '/metrics/latest', `198.51.100.${100 + n}`))),
        25,
      ),
    );
    const queried = (await lookups()) - before;
    console.log(JSON.stringify({ attack: 'random tokens, 20 addresses', requests: 1000, tokenLookups: queried }));
    expect(count(flood, 404)).toBe(200);
    expect(count(flood, 429)).toBe(800);
    expect(queried).toBeLessThanOrEqual(202);
    expect(viewer.every((s) => s === 200)).toBe(true);
    // The same invalid tokens again, from a fresh address: answered from memory, no lookup.
    const invalid = tokens.flatMap((list, n) => list.filter((_, i) => flood[n * 50 + i]!.status === 404)).slice(0, 10);
    const again = await Promise.all(invalid.map((t) => publicGet(t, '/dashboard', '198.51.100.250')));
    expect(again.map((a) => a.status)).toEqual(new Array(10).fill(404));
    expect((await lookups()) - before).toBe(queried);
  }, 120_000);

  it('one valid token flooded from one address: 300 a minute, then 429; others read on; answers come from memory', async () => {
    const hitsBefore = metricValue(await metrics(), 'gsm_share_cache_hits_total', { cache: 'answer' });
    const { flood, viewer } = await viewerDuring(
      pool(
        Array.from({ length: 600 }, () => () => publicGet(shares.a, '/dashboard', '198.51.100.20')),
        25,
      ),
    );
    const ok = count(flood, 200);
    console.log(JSON.stringify({ attack: 'valid token, 1 address', requests: 600, s200: ok, s429: count(flood, 429) }));
    expect(ok).toBeGreaterThanOrEqual(300);
    expect(ok).toBeLessThan(340);
    expect(count(flood, 429)).toBe(600 - ok);
    expect(viewer.every((s) => s === 200)).toBe(true);
    // The same share from another address is not affected by the flooding address.
    expect((await publicGet(shares.a, '/dashboard', '203.0.113.51')).status).toBe(200);
    const hits = metricValue(await metrics(), 'gsm_share_cache_hits_total', { cache: 'answer' }) - hitsBefore;
    expect(hits).toBeGreaterThanOrEqual(ok - 10);
  }, 120_000);

  it('cache-busting queries on one token from 50 addresses: the token computes at most its allowance', async () => {
    const jobs = Array.from({ length: 50 }, (_, n) =>
      Array.from({ length: 6 }, (_, i) => () => {
        const to = new Date(NEWEST.getTime() + (n * 6 + i + 1) * 1000).toISOString();
        return publicGet(shares.a, `/metrics/history?to=${to}`, `198.51.100.${150 + n}`);
      }),
    ).flat();
    const { flood, viewer } = await viewerDuring(pool(jobs, 25));
    console.log(
      JSON.stringify({ attack: 'cache-busting, 1 token, 50 addresses', requests: 300, s200: count(flood, 200) }) +
        JSON.stringify({ s429: count(flood, 429) }),
    );
    // PER_TOKEN a minute; a few more may pass if the token's minute ends while the flood runs.
    expect(count(flood, 200)).toBeLessThanOrEqual(PER_TOKEN + 20);
    expect(count(flood, 429)).toBeGreaterThanOrEqual(300 - PER_TOKEN - 20);
    expect(flood.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(viewer.every((s) => s === 200)).toBe(true);
    expect(metricValue(await metrics(), 'gsm_public_rate_limited_total', { limit: 'share_token' })).toBeGreaterThan(0);
  }, 120_000);

  it('history over more than an hour is read in whole minutes (the aggregates), not in a step a visitor picks', async () => {
    const from = new Date(NEWEST.getTime() - 6 * 3_600_000).toISOString();
    const minutes = await publicGet(shares.b, `/metrics/history?from=${from}&step=30s`, '203.0.113.52');
    expect(minutes.status).toBe(200);
    expect(minutes.body.step_seconds).toBe(60);
    const hours = await publicGet(shares.b, `/metrics/history?from=${from}&step=5400s`, '203.0.113.52');
    expect(hours.body.step_seconds).toBe(7200);
    // Within an hour, the step asked for.
    const recent = new Date(NEWEST.getTime() - 1_800_000).toISOString();
    expect(
      (await publicGet(shares.b, `/metrics/history?from=${recent}&step=30s`, '203.0.113.52')).body.step_seconds,
    ).toBe(30);
  });

  it('no share token, valid or not, appears in the api-gateway log (debug level: a line per request)', () => {
    const log = stack.processes.find((p) => p.app === 'api-gateway')!.output.join('\n');
    expect(log).toContain('/api/v1/public/[redacted]/dashboard');
    const leaked = [...seen].filter((t) => log.includes(t.slice(6)));
    expect(leaked).toEqual([]);
    expect(seen.size).toBeGreaterThan(2000);
  });
});
