import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { StateRepository } from '../src/engine/state.repository';

/**
 * Alerting's presence seed after a restart: who was online per server in its newest stored players poll. The poller
 * keeps only the time of that poll in `latest` (data JSON null); the names come from the player rows stored then.
 */
describe('StateRepository.loadPresence (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'alerting-test' });
    await prisma.$connect();
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const addServer = async (orgId: string, port: number): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Base', '203.0.113.7', '203.0.113.7', $3, '\\x00'::bytea)`,
      [id, orgId, port],
    );
    return id;
  };

  const addPlayers = (serverId: string, time: string, players: [string, boolean][]) =>
    sql(
      db.url,
      `INSERT INTO player_samples (time, server_id, player_id, frm_id, name, is_online, health, speed, is_dead,
                                   pos_x, pos_y, pos_z)
       SELECT $1::timestamptz, $2::uuid, gen_random_uuid(), p.name, p.name, p.online, 100, 0, false, 0, 0, 0
         FROM unnest($3::text[], $4::bool[]) AS p(name, online)`,
      [time, serverId, players.map(([name]) => name), players.map(([, online]) => online)],
    );

  it("names the players online at the server's newest players poll, not an older poll's, and none for an empty poll", async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const busy = await addServer(orgId, 17001);
    const empty = await addServer(orgId, 17002);
    const neverPolled = await addServer(orgId, 17003);
    await addPlayers(busy, '2026-11-25T10:00:00Z', [
      ['Ada', true],
      ['Grace', true],
      ['Linus', false],
    ]);
    await addPlayers(busy, '2026-11-25T09:59:45Z', [['Edsger', true]]);
    await addPlayers(empty, '2026-11-25T09:59:45Z', [['Barbara', true]]);
    await sql(
      db.url,
      `INSERT INTO latest (server_id, kind, time, data)
       VALUES ($1, 'players', '2026-11-25T10:00:00Z', 'null'::jsonb), ($2, 'players', '2026-11-25T10:00:00Z', 'null'::jsonb),
              ($3, 'health', '2026-11-25T10:00:00Z', '{"status": "online"}'::jsonb)`,
      [busy, empty, neverPolled],
    );

    const presence = await new StateRepository(prisma).loadPresence();

    expect(presence.sort((a, b) => a.serverId.localeCompare(b.serverId))).toEqual(
      [
        { serverId: busy, names: ['Ada', 'Grace'] },
        { serverId: empty, names: [] },
      ].sort((a, b) => a.serverId.localeCompare(b.serverId)),
    );
  });
});
