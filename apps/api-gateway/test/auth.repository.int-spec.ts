import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, sql, type TestDatabase } from '@app/testing';
import { AuthRepository } from '../src/auth/auth.repository';
import { DuplicateKeyError } from '../src/common/duplicate-key';

/** AuthRepository on a real, migrated PostgreSQL: accounts, sessions and credential lookups. */
describe('AuthRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: AuthRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new AuthRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const account = () => {
    const email = `${randomUUID()}@example.com`;
    return repository.createAccount({ email, name: 'Ada', passwordHash: 'phc' });
  };

  it('creates a user with a personal organisation in which they are admin', async () => {
    const user = await account();
    expect(await repository.emailTaken(user.email)).toBe(true);
    expect(await repository.credentials(user.email)).toEqual({ id: user.id, passwordHash: 'phc', disabledAt: null });
    const personal = await repository.personalMembership(user.id);
    expect(personal).toMatchObject({ role: 'admin' });
    expect(await repository.userWithOrganisations(user.id)).toMatchObject({
      id: user.id,
      email: user.email,
      organisations: [{ id: personal!.orgId, name: "Ada's organisation", personal: true, role: 'admin' }],
    });
  });

  it('a second account with the same e-mail is a DuplicateKeyError and leaves nothing behind', async () => {
    const user = await account();
    const before = await sql(db.url, 'SELECT 1 FROM organisations');
    await expect(
      repository.createAccount({ email: user.email, name: 'Eve', passwordHash: 'x' }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await sql(db.url, 'SELECT 1 FROM organisations')).toHaveLength(before.length);
    expect(await repository.emailTaken('nobody@example.com')).toBe(false);
    expect(await repository.userWithOrganisations(randomUUID())).toBeNull();
  });

  it("keeps a user's language: none until chosen, then the one chosen, and none again when cleared", async () => {
    const user = await account();
    expect(await repository.userWithOrganisations(user.id)).toMatchObject({ locale: null });
    expect(await repository.setLocale(user.id, 'nl')).toBe(true);
    expect(await repository.userWithOrganisations(user.id)).toMatchObject({ locale: 'nl' });
    expect(await sql(db.url, 'SELECT locale::text FROM users WHERE id = $1', [user.id])).toEqual([{ locale: 'nl' }]);
    expect(await repository.setLocale(user.id, null)).toBe(true);
    expect(await repository.userWithOrganisations(user.id)).toMatchObject({ locale: null });
    expect(await repository.setLocale(randomUUID(), 'de')).toBe(false);
    // The column takes the platform's languages only.
    await expect(sql(db.url, "UPDATE users SET locale = 'xx' WHERE id = $1", [user.id])).rejects.toThrow(/locale/);
  });

  it('stores a session by its hash and revokes it', async () => {
    const user = await account();
    const tokenHash = `hash-${randomUUID()}`;
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    await repository.createSession({ userId: user.id, tokenHash, expiresAt, ip: '203.0.113.1', userAgent: undefined });
    const session = await repository.session(tokenHash);
    expect(session).toMatchObject({
      userId: user.id,
      expiresAt,
      revokedAt: null,
      user: { email: user.email, disabledAt: null },
    });
    const at = new Date('2026-03-01T10:00:00Z');
    await repository.revokeSession(session!.id, at);
    expect((await repository.session(tokenHash))?.revokedAt).toEqual(at);
  });

  it('finds an API token by its hash with its holder and membership, and records its last use', async () => {
    const user = await account();
    const { orgId } = (await repository.personalMembership(user.id))!;
    const tokenHash = `hash-${randomUUID()}`;
    await sql(
      db.url,
      `INSERT INTO api_tokens (org_id, user_id, name, prefix, token_hash, scopes) VALUES ($1, $2, 'ci', 'gsm_a_x', $3, $4)`,
      [orgId, user.id, tokenHash, ['servers:read']],
    );
    const token = await repository.apiToken(tokenHash);
    expect(token).toMatchObject({
      orgId,
      userId: user.id,
      scopes: ['servers:read'],
      revokedAt: null,
      user: { email: user.email },
    });
    expect(await repository.membership(orgId, user.id)).toEqual({ orgId, role: 'admin' });
    expect(await repository.membership(randomUUID(), user.id)).toBeNull();
    const at = new Date('2026-03-01T10:00:00Z');
    await repository.touchApiToken(token!.id, at);
    const rows = await sql<{ last_used_at: Date }>(db.url, 'SELECT last_used_at FROM api_tokens WHERE id = $1', [
      token!.id,
    ]);
    expect(rows[0]?.last_used_at).toEqual(at);
    expect(await repository.apiToken('unknown')).toBeNull();
  });
});
