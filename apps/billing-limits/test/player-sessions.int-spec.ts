import { createHash, randomUUID } from 'node:crypto';
import { Streams, Subjects, type PollResult, type ServerStatusChanged } from '@app/contracts';
import type { Messaging } from '@app/messaging';
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

interface Row {
  player_name: string | null;
  anonymous: boolean;
  slot: number | null;
  joined_at: Date;
  left_at: Date | null;
  close_reason: string | null;
  session_name: string | null;
}

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/**
 * billing-limits derives player sessions from the poll results stream (real NATS JetStream, real PostgreSQL, the
 * service as a process): joins and leaves by name, anonymous slots by count, closed on offline and on a save change,
 * and a replay of the whole stream (the durable consumer deleted and made anew) changes nothing.
 */
describe('billing-limits player sessions', () => {
  let db: TestDatabase;
  let messaging: Messaging;
  const prefix = testNamespace();
  let service: ServiceProcess;
  let orgId: string;

  const startService = async () => {
    service = ServiceProcess.start('billing-limits', serviceEnv(db.url, prefix, {}));
    await service.ready();
  };
  const seedServer = async (): Promise<string> => {
    const [row] = await sql<{ id: string }>(
      db.url,
      `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, 'Server', $2, '', 7777, '\\x00') RETURNING id`,
      [orgId, `${randomUUID()}.example.com`],
    );
    return row!.id;
  };
  const base = (serverId: string, seconds: number) => ({
    serverId,
    orgId,
    time: at(seconds),
    durationMs: 5,
    error: null,
  });
  const players = (serverId: string, seconds: number, names: string[]): PollResult => ({
    ...base(serverId, seconds),
    kind: 'players',
    data: names.map((name) => ({
      playerId: uuidOf(serverId, name),
      frmId: name,
      name,
      isOnline: true,
      health: 100,
      speed: 0,
      isDead: false,
      posX: 0,
      posY: 0,
      posZ: 0,
    })),
  });
  const health = (serverId: string, seconds: number, playerCount: number, sessionName = 'Base'): PollResult => ({
    ...base(serverId, seconds),
    kind: 'health',
    data: {
      status: 'online',
      tickRate: 30,
      playerCount,
      playerLimit: 4,
      techTier: 1,
      gamePhase: null,
      gamePhaseNumber: null,
      gamePhaseName: null,
      isRunning: true,
      isPaused: false,
      totalDuration: 100,
      sessionName,
      latencyMs: 2,
    },
  });
  const status = (serverId: string, seconds: number, to: 'offline' | 'online'): ServerStatusChanged => ({
    serverId,
    orgId,
    previous: to === 'offline' ? 'online' : 'offline',
    status: to,
    reason: null,
    time: at(seconds),
  });
  const publish = async (...events: (PollResult | ServerStatusChanged)[]) => {
    for (const e of events) {
      if ('kind' in e) await messaging.publishDurable(Subjects.pollResult, e, { messageId: randomUUID() });
      else await messaging.publishDurable(Subjects.serverStatus, e, { messageId: randomUUID() });
    }
  };
  const rows = (serverId: string) =>
    sql<Row>(
      db.url,
      `SELECT player_name, anonymous, slot, joined_at, left_at, close_reason, session_name FROM player_sessions
       WHERE server_id = $1 ORDER BY joined_at, player_name, slot`,
      [serverId],
    );
  const show = (r: Row) =>
    `${r.player_name ?? `slot ${r.slot}`} ${(r.joined_at.getTime() - T0) / 1000}-${
      r.left_at ? (r.left_at.getTime() - T0) / 1000 : 'open'
    } ${r.close_reason ?? ''}`.trim();
  const settled = async (serverId: string, count: number, last: string) =>
    eventually(async () => {
      const list = (await rows(serverId)).map(show);
      return list.length === count && list.includes(last) ? list : null;
    }, 15_000);

  beforeAll(async () => {
    db = await createTestDatabase();
    messaging = await connectTestMessaging(prefix);
    await messaging.ensureStream(Streams.pollResults);
    orgId = (await seedAccount(db.url, 'pro')).orgId;
    await startService();
  });

  afterAll(async () => {
    service?.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it('opens and closes named sessions as players join and leave, and closes all when the server goes offline', async () => {
    const serverId = await seedServer();
    await publish(
      health(serverId, 0, 1),
      players(serverId, 0, ['Alice']),
      players(serverId, 15, ['Alice', 'Bob']),
      players(serverId, 30, ['Bob']),
      status(serverId, 45, 'offline'),
      status(serverId, 100, 'online'),
      players(serverId, 110, ['Bob']),
    );
    expect(await settled(serverId, 3, 'Bob 110-open')).toEqual([
      'Alice 0-30 left',
      'Bob 15-45 offline',
      'Bob 110-open',
    ]);
    // Sessions carry the save they were played in.
    expect(new Set((await rows(serverId)).map((r) => r.session_name))).toEqual(new Set(['Base']));
  });

  it('closes every session when another save is loaded', async () => {
    const serverId = await seedServer();
    await publish(
      health(serverId, 0, 1, 'Base'),
      players(serverId, 0, ['Alice']),
      health(serverId, 20, 1, 'Second save'),
      players(serverId, 25, ['Alice']),
    );
    expect(await settled(serverId, 2, 'Alice 25-open')).toEqual(['Alice 0-20 save_changed', 'Alice 25-open']);
    const open = (await rows(serverId)).find((r) => r.left_at === null);
    expect(open?.session_name).toBe('Second save');
  });

  it('counts anonymous slots from the player count when the server has no add-on', async () => {
    const serverId = await seedServer();
    await publish(health(serverId, 0, 2), health(serverId, 10, 3), health(serverId, 20, 1), health(serverId, 30, 1));
    expect(await settled(serverId, 3, 'slot 3 10-20 left')).toEqual([
      'slot 1 0-open',
      'slot 2 0-20 left',
      'slot 3 10-20 left',
    ]);
  });

  it('changes nothing when the same poll results arrive again or the whole stream is replayed', async () => {
    const serverId = await seedServer();
    const events = [players(serverId, 0, ['Carol']), players(serverId, 10, []), players(serverId, 20, ['Carol'])];
    await publish(...events);
    const before = await settled(serverId, 2, 'Carol 20-open');
    expect(before).toEqual(['Carol 0-10 left', 'Carol 20-open']);

    // The same results published again (a poller retry after a lost ack: new message ids, so no de-duplication).
    await publish(...events);
    // A marker after them shows they have been handled.
    const marker = await seedServer();
    await publish(players(marker, 0, ['Marker']));
    await settled(marker, 1, 'Marker 0-open');
    expect((await rows(serverId)).map(show)).toEqual(before);

    // The whole stream again from its first message: a new durable consumer.
    service.kill();
    await messaging.deleteConsumer(messaging.naming.stream(Streams.pollResults), 'billing-limits-player-sessions');
    await startService();
    const marker2 = await seedServer();
    await publish(players(marker2, 0, ['Marker']));
    await settled(marker2, 1, 'Marker 0-open');
    expect((await rows(serverId)).map(show)).toEqual(before);
    const [total] = await sql<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM player_sessions');
    // 3 + 2 + 3 + 2 sessions of the tests so far, and the two markers: nothing doubled.
    expect(total!.n).toBe(12);
  });

  it('keeps when each named player was last seen online, beyond the sessions and samples that retention deletes', async () => {
    const serverId = await seedServer();
    const lastSeen = async () =>
      Object.fromEntries(
        (
          await sql<{ player_id: string; last_seen_at: Date }>(
            db.url,
            'SELECT player_id, last_seen_at FROM player_last_seen WHERE server_id = $1',
            [serverId],
          )
        ).map((r) => [r.player_id, (r.last_seen_at.getTime() - T0) / 1000]),
      );
    await publish(
      players(serverId, 0, ['Alice', 'Bob']),
      players(serverId, 15, ['Bob']),
      status(serverId, 40, 'offline'),
      status(serverId, 60, 'online'),
    );
    await settled(serverId, 2, 'Bob 0-40 offline');
    // The last poll each was online in: Alice's at 0 (gone at 15), Bob's at 15 (the server went offline at 40), not
    // when the end was noticed.
    expect(await lastSeen()).toEqual({ [uuidOf(serverId, 'Alice')]: 0, [uuidOf(serverId, 'Bob')]: 15 });
    // Retention deletes the sessions: the times stay.
    await sql(db.url, 'DELETE FROM player_sessions WHERE server_id = $1', [serverId]);
    await publish(players(serverId, 70, ['Alice']), players(serverId, 80, []));
    await settled(serverId, 1, 'Alice 70-80 left');
    expect(await lastSeen()).toEqual({ [uuidOf(serverId, 'Alice')]: 70, [uuidOf(serverId, 'Bob')]: 15 });
    // The server deleted: its players' times go with it.
    await sql(db.url, 'DELETE FROM servers WHERE id = $1', [serverId]);
    expect(await lastSeen()).toEqual({});
    // Anonymous slots (a server without the add-on, counted from the health's player count) are no players.
    const counted = await seedServer();
    await publish(health(counted, 0, 2), health(counted, 10, 1));
    await settled(counted, 2, 'slot 2 0-10 left');
    const slots = await sql<{ n: number }>(
      db.url,
      'SELECT count(*)::int AS n FROM player_last_seen WHERE server_id = $1',
      [counted],
    );
    expect(slots[0]!.n).toBe(0);
  });
});

function uuidOf(serverId: string, name: string): string {
  const hex = createHash('sha1').update(`${serverId}/${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
