import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, type TestDatabase } from '@app/testing';
import { TokensRepository } from '../src/tokens/tokens.repository';

/** TokensRepository on a real, migrated PostgreSQL. */
describe('TokensRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: TokensRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new TokensRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('creates tokens, lists the live ones oldest first, and a revoked one is neither listed nor found', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'pro');
    const make = (name: string, expiresAt: Date | null) =>
      repository.create({
        orgId,
        userId,
        name,
        prefix: 'gsm_a_x',
        tokenHash: `hash-${randomUUID()}`,
        scopes: ['servers:read'],
        expiresAt,
      });
    const first = await make('first', null);
    const second = await make('second', new Date('2030-01-01T00:00:00Z'));
    expect(first).toMatchObject({ name: 'first', scopes: ['servers:read'], expiresAt: null, lastUsedAt: null });
    expect(JSON.stringify(first)).not.toContain('hash-');
    expect((await repository.listLive(orgId)).map((t) => t.id)).toEqual([first.id, second.id]);
    const found = await repository.findLive(orgId, first.id);
    expect(found).toMatchObject({ id: first.id, name: 'first', tokenHash: expect.stringMatching(/^hash-/) });
    await repository.revoke(first.id, new Date());
    expect(await repository.findLive(orgId, first.id)).toBeNull();
    expect((await repository.listLive(orgId)).map((t) => t.id)).toEqual([second.id]);
  });

  it("another organisation's token is not found", async () => {
    const a = await seedAccount(db.url, 'pro');
    const b = await seedAccount(db.url, 'pro');
    const token = await repository.create({
      orgId: a.orgId,
      userId: a.userId,
      name: 'a',
      prefix: 'gsm_a_x',
      tokenHash: `hash-${randomUUID()}`,
      scopes: [],
      expiresAt: null,
    });
    expect(await repository.findLive(b.orgId, token.id)).toBeNull();
    expect(await repository.listLive(b.orgId)).toEqual([]);
  });
});
