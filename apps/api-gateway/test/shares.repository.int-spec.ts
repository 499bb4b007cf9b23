import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { SharesRepository } from '../src/shares/shares.repository';

/** SharesRepository on a real, migrated PostgreSQL. */
describe('SharesRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: SharesRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new SharesRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const seed = async () => {
    const { orgId, userId } = await seedAccount(db.url, 'pro');
    const serverId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc) VALUES ($1, $2, 'Factory', 'game.example.com', '8.8.8.8', 7777, '\\x00')`,
      [serverId, orgId],
    );
    return { orgId, userId, serverId };
  };
  const link = (
    orgId: string,
    serverId: string,
    userId: string,
    expiresAt: Date | null,
    kind: 'dashboard' | 'overlay' = 'dashboard',
  ) => repository.create({ orgId, serverId, kind, tokenHash: `hash-${randomUUID()}`, createdBy: userId, expiresAt });

  it('finds the server of the organisation only', async () => {
    const { orgId, serverId } = await seed();
    expect(await repository.ownedServer(orgId, serverId)).toEqual({ id: serverId, name: 'Factory' });
    expect(await repository.ownedServer(randomUUID(), serverId)).toBeNull();
  });

  it('lists links neither revoked nor expired at the given time, oldest first', async () => {
    const { orgId, userId, serverId } = await seed();
    const now = new Date();
    const forever = await link(orgId, serverId, userId, null, 'overlay');
    const soon = await link(orgId, serverId, userId, new Date(now.getTime() + 60_000));
    const revoked = await link(orgId, serverId, userId, null);
    await repository.revoke(revoked.id, now);
    expect((await repository.listLive(orgId, serverId, now)).map((s) => s.id)).toEqual([forever.id, soon.id]);
    expect((await repository.listLive(orgId, serverId, new Date(now.getTime() + 60_000))).map((s) => s.id)).toEqual([
      forever.id,
    ]);
    expect(forever.kind).toBe('overlay');
    expect(await repository.findUnrevoked(orgId, serverId, revoked.id)).toBeNull();
    expect(await repository.findUnrevoked(orgId, serverId, soon.id)).toMatchObject({
      id: soon.id,
      tokenHash: expect.any(String),
    });
  });

  it('resolves a token hash, records the last use, and shows the shared server', async () => {
    const { orgId, userId, serverId } = await seed();
    const created = await link(orgId, serverId, userId, null);
    const { tokenHash } = (await repository.findUnrevoked(orgId, serverId, created.id))!;
    expect(await repository.byTokenHash(tokenHash)).toEqual({
      id: created.id,
      orgId,
      serverId,
      kind: 'dashboard',
      expiresAt: null,
      revokedAt: null,
    });
    const at = new Date('2026-03-01T10:00:00Z');
    await repository.touch(created.id, at);
    expect((await repository.listLive(orgId, serverId, new Date()))[0]?.lastUsedAt).toEqual(at);
    expect(await repository.sharedServer(serverId)).toEqual({ name: 'Factory', state: null });
    expect(await repository.sharedServer(randomUUID())).toBeNull();
  });
});
