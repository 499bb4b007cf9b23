import { Requests, type QuotaLease } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import {
  connectTestMessaging,
  createTestDatabase,
  deleteNamespaceStreams,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  sql,
  testNamespace,
  type TestDatabase,
} from '@app/testing';

const DAY_MS = 86_400_000;

describe('billing-limits API quota leases over NATS', () => {
  let db: TestDatabase;
  let messaging: Messaging;
  const prefix = testNamespace();
  const replicas: ServiceProcess[] = [];

  const lease = (orgId: string, count: number): Promise<QuotaLease> =>
    messaging.request(Requests.quotaLease, { orgId, count }, { timeoutMs: 5000 });
  // The day a lease was counted on is the one before its reset, so a run across midnight still reads its own row.
  const dayOf = (answer: QuotaLease): string =>
    new Date(Date.parse(answer.resetAt) - DAY_MS).toISOString().slice(0, 10);
  const today = (): string => new Date().toISOString().slice(0, 10);
  const counter = async (orgId: string, day: string): Promise<number | null> => {
    const rows = await sql<{ requests: string }>(
      db.url,
      'SELECT requests FROM api_usage_daily WHERE org_id = $1 AND day = $2',
      [orgId, day],
    );
    return rows[0] ? Number(rows[0].requests) : null;
  };
  const setUsage = (orgId: string, day: string, requests: number): Promise<unknown> =>
    sql(db.url, 'INSERT INTO api_usage_daily (org_id, day, requests) VALUES ($1, $2, $3)', [orgId, day, requests]);
  const customQuota = (orgId: string, quota: number): Promise<unknown> =>
    sql(db.url, 'UPDATE subscriptions SET custom_api_daily_quota = $2 WHERE org_id = $1', [orgId, quota]);

  beforeAll(async () => {
    db = await createTestDatabase();
    messaging = await connectTestMessaging(prefix);
    // Two replicas share the subject's queue group: concurrent leases race in two processes, as in production.
    for (let i = 0; i < 2; i++) replicas.push(ServiceProcess.start('billing-limits', serviceEnv(db.url, prefix)));
    await Promise.all(replicas.map((r) => r.ready()));
  });

  afterAll(async () => {
    for (const r of replicas) r.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it('grants a Pro organisation exactly what it asks and counts it in api_usage_daily', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const before = Date.now();
    const first = await lease(orgId, 100);
    const nextMidnight = new Date(before + DAY_MS).toISOString().slice(0, 10) + 'T00:00:00.000Z';
    expect(first).toEqual({ granted: 100, limit: 10_000, remaining: 9_900, resetAt: nextMidnight });
    expect(await counter(orgId, dayOf(first))).toBe(100);

    const second = await lease(orgId, 250);
    expect(second).toMatchObject({ granted: 250, limit: 10_000, remaining: 9_650 });
    expect(await counter(orgId, dayOf(second))).toBe(350);
  });

  it('grants an organisation near its quota only the rest, then 0', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await setUsage(orgId, today(), 9_990);
    const rest = await lease(orgId, 50);
    expect(rest).toMatchObject({ granted: 10, limit: 10_000, remaining: 0 });
    const exhausted = await lease(orgId, 1);
    expect(exhausted).toMatchObject({ granted: 0, limit: 10_000, remaining: 0 });
    expect(await counter(orgId, dayOf(exhausted))).toBe(10_000);
  });

  it("does not count yesterday's usage against today", async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await setUsage(orgId, new Date(Date.now() - DAY_MS).toISOString().slice(0, 10), 10_000);
    expect(await lease(orgId, 40)).toMatchObject({ granted: 40, remaining: 9_960 });
  });

  it('never grants more than the quota to 20 concurrent leases on a fresh day (no counter row yet)', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await customQuota(orgId, 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => lease(orgId, 7)));
    const granted = answers.map((a) => a.granted);
    expect(granted.reduce((a, b) => a + b, 0)).toBe(100);
    for (const g of granted) expect(g).toBeLessThanOrEqual(7);
    // 14 full leases, one of the remaining 2, the rest nothing: each answer matches what it took.
    expect(granted.filter((g) => g === 7)).toHaveLength(14);
    expect(answers.every((a) => a.limit === 100)).toBe(true);
    expect(Math.min(...answers.map((a) => a.remaining!))).toBe(0);
    expect(await counter(orgId, dayOf(answers[0]!))).toBe(100);
  });

  it('never grants more than the quota to 20 concurrent leases on a counter in use', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await setUsage(orgId, today(), 9_950);
    const answers = await Promise.all(Array.from({ length: 20 }, () => lease(orgId, 5)));
    expect(answers.reduce((sum, a) => sum + a.granted, 0)).toBe(50);
    expect(answers.filter((a) => a.granted === 5)).toHaveLength(10);
    expect(await counter(orgId, dayOf(answers[0]!))).toBe(10_000);
  });

  it('grants 0 on plans without API access (Free, Hobby, and no subscription = Free) and writes no counter', async () => {
    const free = await seedAccount(db.url, 'free');
    const hobby = await seedAccount(db.url, 'hobby');
    const none = await seedAccount(db.url, 'pro');
    await sql(db.url, 'DELETE FROM subscriptions WHERE org_id = $1', [none.orgId]);
    for (const { orgId } of [free, hobby, none]) {
      const answer = await lease(orgId, 10);
      expect(answer).toMatchObject({ granted: 0, limit: 0, remaining: 0 });
      expect(await counter(orgId, dayOf(answer))).toBeNull();
    }
  });

  it('grants an unlimited plan (Enterprise) what it asks and still counts it', async () => {
    const { orgId } = await seedAccount(db.url, 'enterprise');
    await lease(orgId, 10_000);
    const answer = await lease(orgId, 10_000);
    expect(answer).toMatchObject({ granted: 10_000, limit: null, remaining: null });
    expect(await counter(orgId, dayOf(answer))).toBe(20_000);
  });

  it("uses the subscription's custom quota over the plan's", async () => {
    const { orgId } = await seedAccount(db.url, 'enterprise');
    await customQuota(orgId, 500);
    expect(await lease(orgId, 300)).toMatchObject({ granted: 300, limit: 500, remaining: 200 });
    expect(await lease(orgId, 300)).toMatchObject({ granted: 200, limit: 500, remaining: 0 });
  });
});
