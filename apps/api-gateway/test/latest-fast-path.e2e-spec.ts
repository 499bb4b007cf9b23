import { createHash, randomBytes } from 'node:crypto';
import { connectTestMessaging, createTestDatabase, eventually, metricValue, ServiceStack, sql } from '@app/testing';
import { seed, type Seeded } from '../bench/bench-support';

/** Pro's daily API quota in this file: blocks of 3 are leased (1 %), so most requests find a leased one. */
const DAILY_QUOTA = 300;
/**
 * Headers that differ between any two answers: when, the quota left (one request later) and the seconds until the
 * quota's window resets (a second or two later on a loaded machine; checked below to count down, not to match).
 */
const PER_ANSWER = new Set(['date', 'ratelimit-remaining', 'ratelimit-reset']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The fast path in front of Nest for GET metrics/latest (latest-fast-path.ts) against real api-gateway replicas and
 * billing-limits: it answers exactly what the Nest route answers, and everything Nest would refuse goes to Nest. Which
 * path answered is told by the gateway's gsm_api_fast_path_answers_total; a query string makes a request go the Nest
 * way (the route ignores it).
 */
describe('api-gateway: the metrics/latest fast path', () => {
  const stack = new ServiceStack({ SECRETS_KEY: Buffer.alloc(32, 23).toString('base64') });
  const replicas: string[] = [];
  let a: Seeded;

  const get = async (base: string, path: string, token: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
    const answer: Answer = { status: res.status, headers: {}, body: await res.text() };
    res.headers.forEach((value, name) => (answer.headers[name] = value));
    return answer;
  };
  const fastAnswers = async (base: string) =>
    metricValue(await (await fetch(`${base}/metrics`)).text(), 'gsm_api_fast_path_answers_total');
  /** An API token of the organisation's owner with the given scopes, stored as POST /api/v1/tokens stores one. */
  const tokenOf = async (org: Seeded, scopes: string[]) => {
    const token = `gsm_t_${randomBytes(32).toString('base64url')}`;
    await sql(
      stack.db!.url,
      `INSERT INTO api_tokens (org_id, user_id, name, prefix, token_hash, scopes)
       SELECT $1, owner_user_id, 'test', $2, $3, $4 FROM organisations WHERE id = $1`,
      [org.orgId, token.slice(0, 12), createHash('sha256').update(token).digest('hex'), scopes],
    );
    return token;
  };
  const latest = (org: Seeded) => `/api/v1/servers/${org.serverId}/metrics/latest`;

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    a = await seed(stack.db.url, DAILY_QUOTA);
    await stack.start('billing-limits');
    for (let i = 0; i < 2; i++) replicas.push(`http://127.0.0.1:${await stack.start('api-gateway')}`);
  }, 120_000);

  afterAll(() => stack.close());

  it('answers exactly what the Nest route answers: status, body and every header', async () => {
    const base = replicas[0]!;
    const headers = { 'X-Request-Id': 'same-request-id' };
    // The first request resolves the token (Nest's way); then it is cached and the fast path may take the route.
    expect((await get(base, latest(a), a.token, headers)).status).toBe(200);
    const before = await fastAnswers(base);
    const fast = await get(base, latest(a), a.token, headers);
    expect(await fastAnswers(base)).toBe(before + 1);
    const nest = await get(base, `${latest(a)}?via=nest`, a.token, headers);
    expect(await fastAnswers(base)).toBe(before + 1);

    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body)).toMatchObject({ tick_rate: 29.7, player_count: 3 });
    expect(fast.body).toBe(nest.body);
    expect(Object.keys(fast.headers).sort()).toEqual(Object.keys(nest.headers).sort());
    for (const [name, value] of Object.entries(fast.headers))
      if (!PER_ANSWER.has(name)) expect([name, nest.headers[name]]).toEqual([name, value]);
    expect(fast.headers['x-request-id']).toBe('same-request-id');
    expect(fast.headers['ratelimit-limit']).toBe(String(DAILY_QUOTA));
    expect(Number(nest.headers['ratelimit-remaining'])).toBe(Number(fast.headers['ratelimit-remaining']) - 1);
    // The same window: Nest's answer came after the fast one, so its reset is as far or a few seconds nearer.
    const resetGap = Number(fast.headers['ratelimit-reset']) - Number(nest.headers['ratelimit-reset']);
    expect(resetGap).toBeGreaterThanOrEqual(0);
    expect(resetGap).toBeLessThanOrEqual(10);
    // Without a request id of the client's: a new one per answer, as Nest makes.
    const own = await get(base, latest(a), a.token);
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fastAnswers(base)).toBe(before + 2);
  });

  it("refuses what Nest refuses, with Nest's answer: no scope, another organisation's server, unknown server", async () => {
    const base = replicas[0]!;
    const noScope = await tokenOf(a, ['servers:read']);
    const b = await seed(stack.db!.url, DAILY_QUOTA);
    const before = await fastAnswers(base);
    for (let i = 0; i < 3; i++) {
      const refused = await get(base, latest(a), noScope);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).error).toMatchObject({
        code: 'Forbidden',
        details: { required_scope: 'metrics:read' },
      });
      // Organisation b's token (cached after the first round) asks for a's server: 404, as for an unknown one.
      const foreign = await get(base, latest(a), b.token);
      expect(foreign.status).toBe(404);
      expect(JSON.parse(foreign.body).error.code).toBe('NotFound');
      const unknown = await get(base, `/api/v1/servers/${crypto.randomUUID()}/metrics/latest`, a.token);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body).error).toEqual(JSON.parse(foreign.body).error);
      // An API token may not pick another organisation.
      const otherOrg = await get(base, latest(a), a.token, { 'X-Org-Id': b.orgId });
      expect(otherOrg.status).toBe(403);
      // A browser's request (Origin) goes the Nest way: its CORS headers are Nest's.
      const browser = await get(base, latest(a), a.token, { Origin: 'http://localhost:5173' });
      expect(browser.status).toBe(200);
      expect(browser.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    }
    expect(await fastAnswers(base)).toBe(before);
    // b's own server through the fast path, after the refusals.
    expect((await get(base, latest(b), b.token)).status).toBe(200);
    expect((await get(base, latest(b), b.token)).status).toBe(200);
    expect(await fastAnswers(base)).toBeGreaterThan(before);
  });

  it('a token revoked on another replica is refused by the fast path at once (NATS), not after the 10 s cache', async () => {
    const [first, second] = replicas as [string, string];
    const token = await tokenOf(a, ['metrics:read']);
    const before = await fastAnswers(first);
    // The first resolves the token (Nest); then the fast path answers (unless a quota lease is due: Nest leases).
    for (let i = 0; i < 10 && (await fastAnswers(first)) === before; i++)
      expect((await get(first, latest(a), token)).status).toBe(200);
    expect(await fastAnswers(first)).toBeGreaterThan(before);
    const tokenId = (
      await sql<{ id: string }>(stack.db!.url, `SELECT id FROM api_tokens WHERE prefix = $1`, [token.slice(0, 12)])
    )[0]!.id;
    const revokedAt = Date.now();
    const del = await fetch(`${second}/api/v1/tokens/${tokenId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${a.session}` },
    });
    expect(del.status).toBe(204);
    const refused = await eventually(
      async () => {
        const res = await get(first, latest(a), token);
        return res.status === 401 ? res : null;
      },
      3_000,
      20,
    );
    expect(Date.now() - revokedAt).toBeLessThan(3_000);
    expect(JSON.parse(refused.body).error.code).toBe('Unauthenticated');
    expect((await get(first, latest(a), token)).status).toBe(401);
  });

  it('counts fast-path answers in the daily quota: exactly the quota is answered, then Nest answers 429', async () => {
    const q = await seed(stack.db!.url, DAILY_QUOTA);
    const before = await fastAnswers(replicas[0]!);
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < DAILY_QUOTA + 20; i++) {
      last = await get(replicas[i % 2]!, latest(q), q.token);
      statuses.push(last.status);
    }
    const fast = (await fastAnswers(replicas[0]!)) - before;
    console.log(
      `quota ${DAILY_QUOTA}: ${statuses.filter((s) => s === 200).length} answered, ${fast} by replica 0's fast path`,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(DAILY_QUOTA);
    expect(statuses.slice(DAILY_QUOTA)).toEqual(Array(20).fill(429));
    expect(fast).toBeGreaterThan(DAILY_QUOTA / 4);
    expect(JSON.parse(last!.body).error).toMatchObject({ code: 'QuotaExceeded', details: { limit: DAILY_QUOTA } });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['ratelimit-remaining']).toBe('0');
  }, 60_000);
});
