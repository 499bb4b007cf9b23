import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { DuplicateKeyError } from '../src/common/duplicate-key';
import { ServersRepository, type NewServer } from '../src/servers/servers.repository';

/** ServersRepository on a real, migrated PostgreSQL. */
describe('ServersRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: ServersRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new ServersRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const server = (orgId: string, port = 7777): NewServer => ({
    id: randomUUID(),
    orgId,
    name: `Server ${port}`,
    host: 'game.example.com',
    address: '1.1.1.1',
    port,
    addonHttpPort: 8080,
    addonWsPort: 8081,
    adminPasswordEnc: new Uint8Array([1, 2, 3, 4]),
    certFingerprint: 'AA:BB',
  });

  it("stores a server and reads it back (no state until the poller writes one; no alert rules: those are alerting's)", async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const input = server(orgId);
    const row = await repository.create(input);
    expect(row).toMatchObject({ ...input, adminPasswordEnc: expect.any(Uint8Array), state: null });
    expect([...row.adminPasswordEnc]).toEqual([1, 2, 3, 4]);
    expect(await sql(db.url, 'SELECT 1 FROM alert_rules WHERE server_id = $1', [row.id])).toEqual([]);
    await sql(
      db.url,
      `INSERT INTO server_states (server_id, status, addon_status, last_seen_at) VALUES ($1, 'online', 'available', now())`,
      [row.id],
    );
    expect((await repository.find(orgId, row.id))?.state).toMatchObject({ status: 'online', addonStatus: 'available' });
    expect(await repository.list(orgId)).toHaveLength(1);
  });

  it("another organisation's server is not found; host:port is taken per organisation", async () => {
    const a = await seedAccount(db.url, 'pro');
    const b = await seedAccount(db.url, 'pro');
    const row = await repository.create(server(a.orgId));
    expect(await repository.find(b.orgId, row.id)).toBeNull();
    expect(await repository.isTaken(a.orgId, row.host, row.port, null)).toBe(true);
    expect(await repository.isTaken(a.orgId, row.host, row.port, row.id)).toBe(false);
    expect(await repository.isTaken(b.orgId, row.host, row.port, null)).toBe(false);
  });

  it('the unique key on (org, host, port) refuses a second registration and a clashing update as DuplicateKeyError', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    await repository.create(server(orgId, 7777));
    await expect(repository.create(server(orgId, 7777))).rejects.toBeInstanceOf(DuplicateKeyError);
    const second = await repository.create(server(orgId, 7778));
    await expect(repository.update(second.id, { port: 7777 })).rejects.toBeInstanceOf(DuplicateKeyError);
    const renamed = await repository.update(second.id, { name: 'Renamed', port: undefined });
    expect(renamed).toMatchObject({ name: 'Renamed', port: 7778 });
  });

  it('deletes a server', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const row = await repository.create(server(orgId));
    await repository.delete(row.id);
    expect(await repository.find(orgId, row.id)).toBeNull();
  });
});
