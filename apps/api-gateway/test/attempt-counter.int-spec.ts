import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { AttemptCounter } from '@app/platform';

/** The atomic fixed-window counters against the machine's Redis (127.0.0.1:6379), under this run's own keys. */
describe('AttemptCounter (Redis)', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let counter: AttemptCounter;
  // Separate connections, as separate replicas have.
  let others: AttemptCounter[];
  let otherClients: Redis[];

  beforeAll(() => {
    const url = process.env.GSM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    redis = new Redis(url);
    counter = new AttemptCounter(redis, prefix);
    otherClients = [new Redis(url), new Redis(url)];
    others = otherClients.map((c) => new AttemptCounter(c, prefix));
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    for (const c of [redis, ...otherClients]) c.disconnect();
  });

  it('admits exactly `limit` of 1,000 parallel takes over three connections; the rest learn how long to wait', async () => {
    const key = counter.key('login-email', 'victim@example.com');
    const all = [counter, ...others];
    const takes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => all[i % 3]!.take([{ key, limit: 5 }], 15 * 60_000)),
    );
    expect(takes.filter((t) => t.admitted)).toHaveLength(5);
    expect(
      takes
        .filter((t) => t.admitted)
        .map((t) => t.count)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    const refused = takes.filter((t) => !t.admitted);
    expect(refused.every((t) => t.resetSeconds > 890 && t.resetSeconds <= 900)).toBe(true);
    expect(Number(await redis.get(key))).toBe(5);
  });

  it('counts nothing when any key is used up (all or none), and a refund gives one back without going negative', async () => {
    const email = { key: counter.key('login-email', 'a@example.com'), limit: 2 };
    const ip = { key: counter.key('login-ip', '192.0.2.1'), limit: 3 };
    expect((await counter.take([email, ip], 60_000)).admitted).toBe(true);
    expect((await counter.take([email, ip], 60_000)).admitted).toBe(true);
    expect((await counter.take([email, ip], 60_000)).admitted).toBe(false);
    // The refused take left the address's count alone.
    expect(Number(await redis.get(ip.key))).toBe(2);
    await counter.refund([ip.key]);
    await counter.refund([ip.key]);
    await counter.refund([ip.key]);
    expect(await redis.exists(ip.key)).toBe(0);
    await counter.clear(email.key);
    expect((await counter.take([email, ip], 60_000)).admitted).toBe(true);
  });

  it('ends the window with the key: a new window admits again', async () => {
    const key = counter.key('session-user', 'u1');
    expect((await counter.take([{ key, limit: 1 }], 300)).admitted).toBe(true);
    const refused = await counter.take([{ key, limit: 1 }], 300);
    expect(refused).toMatchObject({ admitted: false, resetSeconds: 1 });
    await new Promise((r) => setTimeout(r, 400));
    expect((await counter.take([{ key, limit: 1 }], 300)).admitted).toBe(true);
  });

  it('keeps no e-mail or address in Redis: keys are hashes under the prefix', async () => {
    expect(counter.key('login-email', 'someone@example.com')).toMatch(
      new RegExp(`^${prefix}throttle:login-email:[0-9a-f]{32}$`),
    );
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.join(' ')).not.toMatch(/example\.com|192\.0\.2/);
  });
});
