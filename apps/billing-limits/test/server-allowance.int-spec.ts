import { Requests, type ServerAllowance } from '@app/contracts';
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

describe('billing-limits server allowance over NATS', () => {
  let db: TestDatabase;
  let messaging: Messaging;
  let service: ServiceProcess;
  const prefix = testNamespace();

  const check = (orgId: string, host: string, port = 7777): Promise<ServerAllowance> =>
    messaging.request(Requests.serverAllowance, { orgId, host, port }, { timeoutMs: 5000 });
  /** Registers `count` servers 10.0.0.<from>:7777, ... (the allowance reads only org, host and port). */
  const seedServers = async (orgId: string, count: number, from = 1): Promise<void> => {
    for (let i = from; i < from + count; i++) {
      await sql(
        db.url,
        `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc) VALUES ($1, $2, $3, $3, 7777, '\\x00')`,
        [orgId, `Server ${i}`, `10.0.0.${i}`],
      );
    }
  };
  const customMaxServers = (orgId: string, max: number): Promise<unknown> =>
    sql(db.url, 'UPDATE subscriptions SET custom_max_servers = $2 WHERE org_id = $1', [orgId, max]);

  beforeAll(async () => {
    db = await createTestDatabase();
    messaging = await connectTestMessaging(prefix);
    service = ServiceProcess.start('billing-limits', serviceEnv(db.url, prefix));
    await service.ready();
  });

  afterAll(async () => {
    service.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  // max_servers and the next larger plan as seeded by prisma/migrations/*_seed_plans.
  it.each([
    ['free', 1, 'hobby'],
    ['hobby', 2, 'pro'],
    ['pro', 5, 'team'],
    ['team', 15, 'enterprise'],
  ] as const)('allows %s its %i servers, refuses one more and names %s', async (planId, max, upgrade) => {
    const { orgId } = await seedAccount(db.url, planId);
    await seedServers(orgId, max - 1);
    expect(await check(orgId, 'game.example.com')).toEqual({
      allowed: true,
      planId,
      limit: max,
      used: max - 1,
      upgradePlanId: null,
    });
    await seedServers(orgId, 1, max);
    expect(await check(orgId, 'game.example.com')).toEqual({
      allowed: false,
      planId,
      limit: max,
      used: max,
      upgradePlanId: upgrade,
    });
  });

  it('allows a host:port the organisation already has (the same server, counted once)', async () => {
    const { orgId } = await seedAccount(db.url, 'free');
    await seedServers(orgId, 1);
    expect(await check(orgId, '10.0.0.1', 7777)).toEqual({
      allowed: true,
      planId: 'free',
      limit: 1,
      used: 1,
      upgradePlanId: null,
    });
    // Another port of the same host is another server.
    expect(await check(orgId, '10.0.0.1', 7778)).toMatchObject({ allowed: false, used: 1, upgradePlanId: 'hobby' });
    // Another organisation's server does not count here.
    const other = await seedAccount(db.url, 'free');
    expect(await check(other.orgId, '10.0.0.1', 7777)).toMatchObject({ allowed: true, used: 0 });
  });

  it('treats Enterprise without a custom limit as unlimited', async () => {
    const { orgId } = await seedAccount(db.url, 'enterprise');
    await seedServers(orgId, 20);
    expect(await check(orgId, 'game.example.com')).toEqual({
      allowed: true,
      planId: 'enterprise',
      limit: null,
      used: 20,
      upgradePlanId: null,
    });
  });

  it("uses the subscription's custom limit, with no upgrade beyond the last plan", async () => {
    const enterprise = await seedAccount(db.url, 'enterprise');
    await customMaxServers(enterprise.orgId, 3);
    await seedServers(enterprise.orgId, 3);
    expect(await check(enterprise.orgId, 'game.example.com')).toEqual({
      allowed: false,
      planId: 'enterprise',
      limit: 3,
      used: 3,
      upgradePlanId: null,
    });
    const team = await seedAccount(db.url, 'team');
    await customMaxServers(team.orgId, 2);
    await seedServers(team.orgId, 2);
    // Team's next plan is Enterprise (Pro holds more than 2 but comes before Team).
    expect(await check(team.orgId, 'game.example.com')).toMatchObject({
      allowed: false,
      limit: 2,
      upgradePlanId: 'enterprise',
    });
  });

  it('points an organisation above its limit after a downgrade at a plan that fits one more server', async () => {
    const { orgId } = await seedAccount(db.url, 'free');
    await seedServers(orgId, 3);
    // Hobby (2) would still be full: Pro (5) is the first that lets it add one.
    expect(await check(orgId, 'game.example.com')).toMatchObject({
      allowed: false,
      limit: 1,
      used: 3,
      upgradePlanId: 'pro',
    });
  });

  it('puts an organisation without a subscription on Free', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await sql(db.url, 'DELETE FROM subscriptions WHERE org_id = $1', [orgId]);
    await seedServers(orgId, 1);
    expect(await check(orgId, 'game.example.com')).toEqual({
      allowed: false,
      planId: 'free',
      limit: 1,
      used: 1,
      upgradePlanId: 'hobby',
    });
  });
});
