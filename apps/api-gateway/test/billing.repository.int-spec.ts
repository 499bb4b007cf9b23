import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { BillingRepository } from '../src/billing/billing.repository';

/** BillingRepository on a real, migrated PostgreSQL (the plan table as the migrations seed it). */
describe('BillingRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: BillingRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new BillingRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('reads the plans in the order of the plan table', async () => {
    const plans = await repository.plans();
    expect(plans.map((p) => p.id)).toEqual(['free', 'hobby', 'pro', 'team', 'enterprise']);
    expect(plans[0]).toMatchObject({
      id: 'free',
      currency: 'EUR',
      apiAccess: false,
      intervalHealthSeconds: expect.any(Number),
    });
  });

  it("reads an organisation's subscription, its servers and a day's API requests", async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    expect(await repository.subscription(orgId)).toMatchObject({ period: 'monthly', startedAt: expect.any(Date) });
    expect(await repository.subscription(randomUUID())).toBeNull();
    expect(await repository.serversUsed(orgId)).toBe(0);
    for (const port of [7777, 7778])
      await sql(
        db.url,
        `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc) VALUES ($1, 'S', 'game.example.com', '8.8.8.8', $2, '\\x00')`,
        [orgId, port],
      );
    expect(await repository.serversUsed(orgId)).toBe(2);
    await sql(db.url, `INSERT INTO api_usage_daily (org_id, day, requests) VALUES ($1, '2026-03-01', 42)`, [orgId]);
    expect(await repository.apiRequestsOn(orgId, '2026-03-01')).toBe(42);
    expect(await repository.apiRequestsOn(orgId, '2026-03-02')).toBe(0);
  });
});
