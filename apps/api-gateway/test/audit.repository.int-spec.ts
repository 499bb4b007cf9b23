import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, type TestDatabase } from '@app/testing';
import { AuditRepository, type AuditEntryInput } from '../src/audit/audit.repository';

/** AuditRepository on a real, migrated PostgreSQL. */
describe('AuditRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: AuditRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new AuditRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('appends entries and pages them newest first, with the actor e-mail, before a cursor', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const other = await seedAccount(db.url, 'team');
    const entry = (action: string, org = orgId, actor = userId): AuditEntryInput => ({
      orgId: org,
      actorUserId: actor,
      actorTokenId: null,
      action,
      targetType: 'server',
      targetId: 's-1',
      details: { name: 'Factory', fields: ['name'] },
      ip: '203.0.113.1',
      requestId: 'req-1',
    });
    for (const action of ['server.created', 'server.updated', 'server.deleted']) await repository.append(entry(action));
    await repository.append(entry('server.created', other.orgId, other.userId));
    const page = await repository.page(orgId, 2, null);
    expect(page.map((e) => e.action)).toEqual(['server.deleted', 'server.updated']);
    expect(page[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      actorUserId: userId,
      actorEmail: `${userId}@example.com`,
      targetType: 'server',
      targetId: 's-1',
      details: { name: 'Factory', fields: ['name'] },
      ip: '203.0.113.1',
      requestId: 'req-1',
    });
    const rest = await repository.page(orgId, 2, page[1]!.id);
    expect(rest.map((e) => e.action)).toEqual(['server.created']);
  });
});
