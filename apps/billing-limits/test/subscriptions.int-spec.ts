import { randomUUID } from 'node:crypto';
import {
  Requests,
  Subjects,
  type BillingPeriod,
  type PlanChanged,
  type PlanId,
  type SubscriptionChange,
} from '@app/contracts';
import { RequestFailedError, type Messaging } from '@app/messaging';
import {
  connectTestMessaging,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  sql,
  testNamespace,
  type TestDatabase,
} from '@app/testing';

interface SubscriptionRow {
  plan_id: string;
  period: string;
  custom_max_servers: number | null;
  custom_retention_hours: number | null;
  custom_api_daily_quota: number | null;
  started_at: Date;
}

describe('billing-limits subscription changes over NATS', () => {
  let db: TestDatabase;
  let messaging: Messaging;
  let service: ServiceProcess;
  const prefix = testNamespace();
  const events: PlanChanged[] = [];

  const change = (orgId: string, planId: PlanId, period: BillingPeriod = 'monthly'): Promise<SubscriptionChange> =>
    messaging.request(Requests.changeSubscription, { orgId, planId, period }, { timeoutMs: 5000 });
  const eventsOf = (orgId: string): PlanChanged[] => events.filter((e) => e.orgId === orgId);
  const subscriptionOf = async (orgId: string): Promise<SubscriptionRow | undefined> =>
    (
      await sql<SubscriptionRow>(
        db.url,
        `SELECT plan_id, period::text AS period, custom_max_servers, custom_retention_hours, custom_api_daily_quota,
                started_at
         FROM subscriptions WHERE org_id = $1`,
        [orgId],
      )
    )[0];
  /** Registers `count` servers 10.0.0.1:7777, 10.0.0.2:7777, ... */
  const seedServers = async (orgId: string, count: number): Promise<void> => {
    for (let i = 1; i <= count; i++) {
      await sql(
        db.url,
        `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc) VALUES ($1, $2, $3, $3, 7777, '\\x00')`,
        [orgId, `Server ${i}`, `10.0.0.${i}`],
      );
    }
  };
  const setCustom = (orgId: string, maxServers: number, retentionHours: number, apiQuota: number): Promise<unknown> =>
    sql(
      db.url,
      `UPDATE subscriptions SET custom_max_servers = $2, custom_retention_hours = $3, custom_api_daily_quota = $4
       WHERE org_id = $1`,
      [orgId, maxServers, retentionHours, apiQuota],
    );
  const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    db = await createTestDatabase();
    messaging = await connectTestMessaging(prefix);
    // Subscribed before any request, so no announcement can pass unseen.
    messaging.subscribe(Subjects.planChanged, (event) => {
      events.push(event);
    });
    service = ServiceProcess.start('billing-limits', serviceEnv(db.url, prefix));
    await service.ready();
  });

  afterAll(async () => {
    service.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it('moves a Free organisation to Pro and announces plan.changed.v1 with Free as the previous plan', async () => {
    const { orgId } = await seedAccount(db.url, 'free');
    const before = await subscriptionOf(orgId);
    const answer = await change(orgId, 'pro');
    expect(answer).toEqual({
      ok: true,
      planId: 'pro',
      previousPlanId: 'free',
      period: 'monthly',
      changed: true,
      startedAt: expect.any(String),
    });
    const row = await subscriptionOf(orgId);
    expect(row).toMatchObject({ plan_id: 'pro', period: 'monthly' });
    expect(row!.started_at.toISOString()).toBe(answer.ok && answer.startedAt);
    expect(row!.started_at.getTime()).toBeGreaterThan(before!.started_at.getTime());
    const [event] = await eventually(() => (eventsOf(orgId).length ? eventsOf(orgId) : null));
    expect(event).toEqual({
      orgId,
      planId: 'pro',
      previousPlanId: 'free',
      period: 'monthly',
      occurredAt: expect.any(String),
    });
  });

  it('answers the same change again with changed: false and announces nothing', async () => {
    const { orgId } = await seedAccount(db.url, 'free');
    const first = await change(orgId, 'pro', 'yearly');
    await eventually(() => eventsOf(orgId).length === 1);
    const again = await change(orgId, 'pro', 'yearly');
    expect(again).toEqual({
      ok: true,
      planId: 'pro',
      previousPlanId: 'pro',
      period: 'yearly',
      changed: false,
      startedAt: first.ok && first.startedAt,
    });
    await pause(500);
    expect(eventsOf(orgId)).toHaveLength(1);
  });

  it('refuses Pro with 3 servers a move to Hobby (2), says 1 must go, and changes nothing', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await seedServers(orgId, 3);
    const before = await subscriptionOf(orgId);
    expect(await change(orgId, 'hobby')).toEqual({
      ok: false,
      reason: 'too_many_servers',
      planId: 'hobby',
      limit: 2,
      used: 3,
      toRemove: 1,
    });
    expect(await subscriptionOf(orgId)).toEqual(before);
    // With one server fewer it fits.
    await sql(db.url, `DELETE FROM servers WHERE org_id = $1 AND host = '10.0.0.3'`, [orgId]);
    expect(await change(orgId, 'hobby')).toMatchObject({ ok: true, planId: 'hobby', previousPlanId: 'pro' });
    await pause(500);
    expect(eventsOf(orgId).map((e) => e.planId)).toEqual(['hobby']);
  });

  it('keeps custom overrides on a period change and clears them on a plan change', async () => {
    const { orgId } = await seedAccount(db.url, 'team');
    await setCustom(orgId, 20, 48, 500);
    const before = await subscriptionOf(orgId);

    expect(await change(orgId, 'team', 'yearly')).toMatchObject({ ok: true, previousPlanId: 'team', changed: true });
    const afterPeriod = await subscriptionOf(orgId);
    expect(afterPeriod).toEqual({ ...before, period: 'yearly' });

    expect(await change(orgId, 'pro', 'yearly')).toMatchObject({ ok: true, previousPlanId: 'team', changed: true });
    const afterPlan = await subscriptionOf(orgId);
    expect(afterPlan).toMatchObject({
      plan_id: 'pro',
      period: 'yearly',
      custom_max_servers: null,
      custom_retention_hours: null,
      custom_api_daily_quota: null,
    });
    expect(afterPlan!.started_at.getTime()).toBeGreaterThan(before!.started_at.getTime());
    await eventually(() => eventsOf(orgId).length === 2);
    expect(eventsOf(orgId).map((e) => [e.previousPlanId, e.planId, e.period])).toEqual([
      ['team', 'team', 'yearly'],
      ['team', 'pro', 'yearly'],
    ]);
  });

  it('checks a custom server limit on a period change but not on a plan change (it does not carry over)', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await setCustom(orgId, 20, 720, 10_000);
    await seedServers(orgId, 16);
    expect(await change(orgId, 'pro', 'yearly')).toMatchObject({ ok: true, changed: true });
    expect(await change(orgId, 'team', 'yearly')).toEqual({
      ok: false,
      reason: 'too_many_servers',
      planId: 'team',
      limit: 15,
      used: 16,
      toRemove: 1,
    });
    expect(await subscriptionOf(orgId)).toMatchObject({ plan_id: 'pro', custom_max_servers: 20 });
  });

  it('refuses Enterprise: it is not self-service', async () => {
    const { orgId } = await seedAccount(db.url, 'team');
    await seedServers(orgId, 2);
    const before = await subscriptionOf(orgId);
    expect(await change(orgId, 'enterprise', 'yearly')).toEqual({
      ok: false,
      reason: 'not_self_service',
      planId: 'enterprise',
      limit: null,
      used: 2,
      toRemove: 0,
    });
    expect(await subscriptionOf(orgId)).toEqual(before);
    await pause(500);
    expect(eventsOf(orgId)).toHaveLength(0);
  });

  it('treats an organisation without a subscription row as Free and writes the row', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await sql(db.url, 'DELETE FROM subscriptions WHERE org_id = $1', [orgId]);
    expect(await change(orgId, 'hobby')).toMatchObject({ ok: true, previousPlanId: 'free', changed: true });
    expect(await subscriptionOf(orgId)).toMatchObject({ plan_id: 'hobby', period: 'monthly' });
  });

  it('serialises concurrent changes of one organisation: one changes it, the others find it done', async () => {
    const { orgId } = await seedAccount(db.url, 'free');
    const answers = await Promise.all(Array.from({ length: 8 }, () => change(orgId, 'pro')));
    expect(answers.filter((a) => a.ok && a.changed)).toHaveLength(1);
    expect(answers.every((a) => a.ok && a.planId === 'pro')).toBe(true);
    await pause(500);
    expect(eventsOf(orgId)).toHaveLength(1);
  });

  it('answers an unknown organisation with an error at once, not a timeout', async () => {
    const orgId = randomUUID();
    const started = Date.now();
    const failure = await change(orgId, 'pro').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestFailedError);
    expect(failure).toMatchObject({ reason: 'remote_error' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await subscriptionOf(orgId)).toBeUndefined();
    // The service's log says why; the requester gets the messaging lib's generic error answer.
    await eventually(() => service.output.some((line) => line.includes(`organisation ${orgId} does not exist`)));
  });
});
