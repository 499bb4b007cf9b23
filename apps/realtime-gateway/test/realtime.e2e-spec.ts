import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Requests, Subjects, type PollResult, type ServerStatusChanged } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import {
  connectTestMessaging,
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  metricValue,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  sql,
  TcpProxy,
  testNamespace,
  type TestDatabase,
} from '@app/testing';
import { Client } from 'pg';
import { RealtimeClient } from './realtime-client';

const DASHBOARD_ORIGIN = 'http://localhost:3000';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const iso = (ms = Date.now()): string => new Date(ms).toISOString();

const healthData = (tickRate: number, players = 3) => ({
  status: 'online' as const,
  tickRate,
  playerCount: players,
  playerLimit: 4,
  techTier: 6,
  gamePhase: 'None',
  gamePhaseNumber: 2,
  gamePhaseName: 'Project Assembly Phase 2',
  isRunning: true,
  isPaused: false,
  totalDuration: 96_654,
  sessionName: 'Northern Forest',
  latencyMs: 1.2,
});

/**
 * The realtime gateway as a dashboard and a share viewer use it: two gateway processes and billing-limits against
 * PostgreSQL and NATS (own database and namespace), socket.io-client connections over WebSocket, events published
 * on NATS as the poller, alerting and api-gateway publish them.
 */
describe('realtime-gateway (two replicas, billing-limits, PostgreSQL, NATS)', () => {
  let db: TestDatabase;
  let messaging: Messaging;
  let proxy: TcpProxy;
  const prefix = testNamespace();
  const processes: ServiceProcess[] = [];
  const clients: RealtimeClient[] = [];
  /** Replica ports: 0 and 1 share NATS directly, 2 reaches NATS through a proxy the tests can cut. */
  const ports: number[] = [];

  // Organisation A (Pro: share links) owns serverA and serverA2; organisation B owns serverB.
  let a: { userId: string; orgId: string };
  let b: { userId: string; orgId: string };
  let serverA = '';
  let serverA2 = '';
  let serverB = '';
  let sessionA = '';
  let port = 1000;

  const start = async (app: string, extra: Record<string, string> = {}): Promise<ServiceProcess> => {
    const proc = ServiceProcess.start(app, serviceEnv(db.url, prefix, { CORS_ORIGINS: DASHBOARD_ORIGIN, ...extra }));
    processes.push(proc);
    await proc.ready(30_000);
    return proc;
  };
  const startGateway = async (extra: Record<string, string> = {}): Promise<{ proc: ServiceProcess; port: number }> => {
    const proc = await start('realtime-gateway', extra);
    return { proc, port: await proc.ready() };
  };

  const connect = async (
    auth: Record<string, unknown> | undefined,
    replica = 0,
    options: { reconnection?: boolean } = {},
  ): Promise<RealtimeClient> => {
    const client = await RealtimeClient.connect(ports[replica]!, auth, options);
    clients.push(client);
    return client;
  };

  const addServer = async (orgId: string, name: string): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, $3, '203.0.113.7', '203.0.113.7', $4, '\\x00'::bytea)`,
      [id, orgId, name, ++port],
    );
    return id;
  };

  const addSession = async (userId: string, options: { expiresInMs?: number; revoked?: boolean } = {}) => {
    const token = `gsm_s_${randomBytes(32).toString('base64url')}`;
    await sql(db.url, `INSERT INTO sessions (user_id, token_hash, expires_at, revoked_at) VALUES ($1, $2, $3, $4)`, [
      userId,
      sha256(token),
      new Date(Date.now() + (options.expiresInMs ?? 3_600_000)),
      options.revoked ? new Date() : null,
    ]);
    return token;
  };

  const addShare = async (owner: { userId: string; orgId: string }, serverId: string, kind = 'overlay') => {
    const token = `gsm_p_${randomBytes(32).toString('base64url')}`;
    await sql(
      db.url,
      `INSERT INTO share_links (org_id, server_id, kind, token_hash, created_by) VALUES ($1, $2, $3::share_kind, $4, $5)`,
      [owner.orgId, serverId, kind, sha256(token), owner.userId],
    );
    return token;
  };

  const pollResult = (serverId: string, orgId: string, tickRate: number, time = iso()): PollResult => ({
    serverId,
    orgId,
    kind: 'health',
    time,
    durationMs: 12,
    error: null,
    data: healthData(tickRate),
  });

  const statusChange = (serverId: string, orgId: string, status: 'online' | 'offline'): ServerStatusChanged => ({
    serverId,
    orgId,
    previous: status === 'online' ? 'offline' : 'online',
    status,
    reason: status === 'offline' ? 'connection refused (203.0.113.7:7777)' : null,
    time: iso(),
  });

  const metrics = async (replica: number): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${ports[replica]}/metrics`);
    return res.text();
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    messaging = await connectTestMessaging(prefix, 'test');
    a = await seedAccount(db.url, 'pro');
    b = await seedAccount(db.url, 'pro');
    serverA = await addServer(a.orgId, 'Main base');
    serverA2 = await addServer(a.orgId, 'Second base');
    serverB = await addServer(b.orgId, 'Their base');
    await sql(
      db.url,
      `INSERT INTO server_states (server_id, status, status_since, addon_status, addon_reason, last_seen_at, last_error)
       VALUES ($1, 'online', '2026-11-22T09:00:00Z', 'available', NULL, '2026-11-22T10:00:05Z',
               'timed out (203.0.113.7:7777)')`,
      [serverA],
    );
    await sql(db.url, `INSERT INTO latest (server_id, kind, time, data) VALUES ($1, 'health', $2, $3::jsonb)`, [
      serverA,
      '2026-11-22T10:00:05Z',
      JSON.stringify(healthData(29.7)),
    ]);
    // The sampled kinds keep only their time in `latest` (data JSON null, as the poller writes them): the snapshot
    // reads the sample rows stored at that time.
    await sql(
      db.url,
      `INSERT INTO latest (server_id, kind, time, data)
       VALUES ($1, 'power', $2, 'null'::jsonb), ($1, 'factory', $2, 'null'::jsonb)`,
      [serverA, '2026-11-22T10:00:00Z'],
    );
    await sql(
      db.url,
      `INSERT INTO power_circuits (time, server_id, circuit_group_id, power_production, power_consumed, power_capacity,
         power_max_consumed, battery_percent, battery_capacity, battery_differential, battery_input, battery_output,
         battery_time_empty_s, battery_time_full_s, fuse_triggered)
       VALUES ($1, $2, 1, 1520.5, 1210.25, 3000, 1400, 87.5, 400, -12.5, 0, 12.5, 3600, NULL, false),
              ($3, $2, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, NULL, NULL, true)`,
      ['2026-11-22T10:00:00Z', serverA, '2026-11-22T09:59:45Z'],
    );
    // Five buildings at the newest factory poll (2 producing, 1 idle, 1 unconfigured, 1 paused) and an older poll's.
    await sql(
      db.url,
      `INSERT INTO factory_building_samples (time, server_id, building_id, class_name, name, is_configured,
         is_producing, is_paused, productivity, manu_speed, somersloops, power_shards, pos_x, pos_y, pos_z)
       SELECT $1::timestamptz, $2::uuid, b.id, 'Build_ConstructorMk1_C', 'Constructor', b.configured, b.producing,
              b.paused, 100, 100, 0, 0, 0, 0, 0
         FROM (VALUES ('b1', true, true, false), ('b2', true, true, false), ('b3', true, false, false),
                      ('b4', false, false, false), ('b5', true, false, true)) AS b(id, configured, producing, paused)
       UNION ALL
       SELECT $3::timestamptz, $2::uuid, 'b1', 'Build_ConstructorMk1_C', 'Constructor', true, true, false, 1, 1, 0, 0,
              0, 0, 0`,
      ['2026-11-22T10:00:00Z', serverA, '2026-11-22T09:59:00Z'],
    );
    sessionA = await addSession(a.userId);
    proxy = await TcpProxy.start('127.0.0.1', Number(new URL(process.env.GSM_TEST_NATS_URL!).port || 4222));
    await start('billing-limits');
    const [first, second, third] = await Promise.all([
      startGateway(),
      startGateway(),
      startGateway({ NATS_URL: `nats://127.0.0.1:${proxy.port}` }),
    ]);
    ports.push(first.port, second.port, third.port);
  }, 120_000);

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    for (const p of processes) p.kill();
    await proxy?.stop();
    if (messaging) {
      await deleteNamespaceStreams(messaging);
      await messaging.close();
    }
    await db?.drop();
  });

  describe('handshake', () => {
    it('refuses a missing, garbage, revoked or expired token with a sentence, a code and a remedy', async () => {
      const missing = await RealtimeClient.refused(ports[0]!, undefined);
      expect(missing.message).toBe(
        'No access token was sent: a realtime connection needs a dashboard session or a share link token.',
      );
      expect(missing.data).toEqual({ code: 'Unauthenticated', remedy: expect.stringMatching(/Sign in/) });

      const garbage = await RealtimeClient.refused(ports[0]!, { token: 'not-a-token' });
      expect(garbage.message).toBe('The access token is not a valid dashboard session or share link.');
      expect(garbage.data?.code).toBe('Unauthenticated');

      const unknown = await RealtimeClient.refused(ports[0]!, {
        token: `gsm_s_${randomBytes(32).toString('base64url')}`,
      });
      expect(unknown.message).toBe('This session is not valid (unknown session).');

      const revoked = await RealtimeClient.refused(ports[0]!, { token: await addSession(a.userId, { revoked: true }) });
      expect(revoked.message).toBe('This session was signed out and no longer works.');
      expect(revoked.data).toEqual({ code: 'Unauthenticated', remedy: expect.stringMatching(/Sign in again/) });

      const expired = await RealtimeClient.refused(ports[0]!, {
        token: await addSession(a.userId, { expiresInMs: -1000 }),
      });
      expect(expired.message).toBe('This session has expired.');
      expect(expired.data?.code).toBe('Unauthenticated');

      const text = await metrics(0);
      for (const outcome of ['missing_token', 'invalid_token', 'revoked', 'expired'])
        expect(metricValue(text, 'gsm_realtime_handshakes_total', { outcome })).toBeGreaterThanOrEqual(1);
    });

    it('accepts a session sent as an Authorization header, and refuses an organisation that is not a membership', async () => {
      const client = await RealtimeClient.connect(ports[0]!, undefined, {
        extraHeaders: { Authorization: `Bearer ${sessionA}` },
      });
      clients.push(client);
      expect(client.socket.connected).toBe(true);
      const other = await RealtimeClient.refused(ports[0]!, { token: sessionA, orgId: b.orgId });
      expect(other.message).toBe('The requested organisation was not found among your memberships.');
      expect(other.data?.code).toBe('NotFound');
      // With the organisation given explicitly (a membership), the same session is accepted.
      expect((await connect({ token: sessionA, orgId: a.orgId })).socket.connected).toBe(true);
    });

    it('refuses a browser page of another origin, and allows the configured dashboard origin', async () => {
      const evil = await fetch(`http://127.0.0.1:${ports[0]}/socket.io/?EIO=4&transport=polling`, {
        headers: { Origin: 'https://evil.example' },
      });
      expect(evil.status).toBe(403);
      expect(await evil.text()).toContain('its origin is not allowed');
      const dashboard = await fetch(`http://127.0.0.1:${ports[0]}/socket.io/?EIO=4&transport=polling`, {
        headers: { Origin: DASHBOARD_ORIGIN },
      });
      expect(dashboard.status).toBe(200);
      expect(dashboard.headers.get('access-control-allow-origin')).toBe(DASHBOARD_ORIGIN);
      await dashboard.text();
    });
  });

  describe('rooms and snapshots', () => {
    it("joins its own server: ack, then a snapshot with the stored state and latest values (and the server's name)", async () => {
      const client = await connect({ token: sessionA });
      expect(await client.join({ serverId: serverA })).toEqual({ ok: true });
      const snapshot = await client.next('server.snapshot.v1');
      expect(client.indexOf((s) => s.type === 'ack')).toBeLessThan(
        client.indexOf((s) => s.type === 'event' && s.event === 'server.snapshot.v1'),
      );
      expect(snapshot).toEqual({
        serverId: serverA,
        name: 'Main base',
        status: 'online',
        statusSince: '2026-11-22T09:00:00.000Z',
        addonStatus: 'available',
        addonReason: null,
        lastSeenAt: '2026-11-22T10:00:05.000Z',
        lastError: 'timed out (203.0.113.7:7777)',
        latest: [
          {
            serverId: serverA,
            orgId: a.orgId,
            kind: 'health',
            time: '2026-11-22T10:00:05.000Z',
            durationMs: 0,
            error: null,
            data: healthData(29.7),
          },
          {
            serverId: serverA,
            orgId: a.orgId,
            kind: 'power',
            time: '2026-11-22T10:00:00.000Z',
            durationMs: 0,
            error: null,
            data: [
              {
                circuitGroupId: 1,
                powerProduction: 1520.5,
                powerConsumed: 1210.25,
                powerCapacity: 3000,
                powerMaxConsumed: 1400,
                batteryPercent: 87.5,
                batteryCapacity: 400,
                batteryDifferential: -12.5,
                batteryInput: 0,
                batteryOutput: 12.5,
                batteryTimeEmptySeconds: 3600,
                batteryTimeFullSeconds: null,
                fuseTriggered: false,
              },
            ],
          },
          {
            serverId: serverA,
            orgId: a.orgId,
            kind: 'factory',
            time: '2026-11-22T10:00:00.000Z',
            durationMs: 0,
            error: null,
            data: { buildings: 5, producing: 2, idle: 1, unconfigured: 1, paused: 1, stalled: 0 },
          },
        ],
        sentAt: expect.any(String),
      });
    });

    it('a server never polled yet has an unknown status and no latest values', async () => {
      const client = await connect({ token: sessionA });
      expect(await client.join({ serverId: serverA2 })).toEqual({ ok: true });
      expect(await client.next('server.snapshot.v1')).toMatchObject({
        serverId: serverA2,
        name: 'Second base',
        status: 'unknown',
        statusSince: null,
        addonStatus: 'unknown',
        lastSeenAt: null,
        latest: [],
      });
    });

    it("refuses another organisation's server, a deleted one, a malformed id, and survives bad input", async () => {
      const client = await connect({ token: sessionA });
      const notFound = {
        ok: false,
        error: 'There is no server with this id in your organisation (it may have been deleted).',
      };
      expect(await client.join({ serverId: serverB })).toEqual(notFound);
      const deleted = await addServer(a.orgId, 'Gone');
      await sql(db.url, 'DELETE FROM servers WHERE id = $1', [deleted]);
      expect(await client.join({ serverId: deleted })).toEqual(notFound);
      const malformed = { ok: false, error: 'The request needs a serverId, the UUID of a server.' };
      expect(await client.join({ serverId: 'nope' })).toEqual(malformed);
      expect(await client.join(null)).toEqual(malformed);
      expect(await client.join('x'.repeat(5000))).toEqual(malformed);
      // No ack function, unknown events, a leave of a room never joined: ignored, the connection stays usable.
      client.socket.emit('room.join.v1', { serverId: serverA } as never, undefined as never);
      (client.socket as unknown as { emit: (e: string, p: unknown) => void }).emit('no.such.event', { a: 1 });
      expect(await client.leave(serverB)).toEqual({ ok: true });
      expect(await client.join({ serverId: serverA })).toEqual({ ok: true });
      expect(client.events('server.snapshot.v1').every((s) => s.serverId === serverA)).toBe(true);
      expect(client.socket.connected).toBe(true);
    });
  });

  describe('deltas', () => {
    it('delivers poll results, status and add-on changes and alerts after the snapshot, in publish order', async () => {
      const client = await connect({ token: sessionA });
      await client.join({ serverId: serverA });
      await client.next('server.snapshot.v1');
      const poll = pollResult(serverA, a.orgId, 28.1);
      const status = statusChange(serverA, a.orgId, 'offline');
      messaging.publish(Subjects.pollResult, poll);
      messaging.publish(Subjects.serverStatus, status);
      messaging.publish(Subjects.addonStatus, {
        serverId: serverA,
        orgId: a.orgId,
        status: 'unavailable',
        reason: 'port 8080 refused',
        time: iso(),
      });
      const incident = {
        incidentId: randomUUID(),
        ruleId: null,
        serverId: serverA,
        orgId: a.orgId,
        ruleKind: 'server_offline',
        severity: 'critical' as const,
        summary: 'Main base is offline',
        time: iso(),
      };
      messaging.publish(Subjects.incidentOpened, incident);
      messaging.publish(Subjects.incidentResolved, { ...incident, time: iso() });
      await client.next('alert.resolved.v1');
      const names = client.seen.flatMap((s) => (s.type === 'event' ? [s.event] : []));
      expect(names).toEqual([
        'server.snapshot.v1',
        'server.poll.v1',
        'server.status.v1',
        'server.addon.v1',
        'alert.fired.v1',
        'alert.resolved.v1',
      ]);
      expect(client.events('server.poll.v1')).toEqual([poll]);
      expect(client.events('server.status.v1')).toEqual([status]);
      expect(client.events('server.addon.v1')[0]).toMatchObject({ status: 'unavailable', reason: 'port 8080 refused' });
      expect(client.events('alert.fired.v1')).toEqual([incident]);
    });

    it('holds deltas published while the snapshot is read, and sends them after it, in order, none lost', async () => {
      const client = await connect({ token: sessionA });
      // Hold the snapshot's read of `latest` with a lock, so the deltas surely arrive while it is being read.
      const locker = new Client({ connectionString: db.url });
      await locker.connect();
      const polls = [31, 32, 33, 34, 35].map((tick) => pollResult(serverA, a.orgId, tick));
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE latest IN ACCESS EXCLUSIVE MODE');
        const answered = client.join({ serverId: serverA });
        await eventually(async () => {
          const [row] = await sql<{ waiting: number }>(
            db.url,
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'realtime-gateway'`,
          );
          return row!.waiting > 0;
        });
        for (const poll of polls) messaging.publish(Subjects.pollResult, poll);
        await messaging.nc.flush();
        await new Promise((r) => setTimeout(r, 200));
        expect(client.seen).toEqual([]);
        await locker.query('COMMIT');
        expect(await answered).toEqual({ ok: true });
      } finally {
        await locker.end();
      }
      await eventually(() => client.events('server.poll.v1').length === polls.length);
      expect(client.seen.map((s) => (s.type === 'event' ? s.event : s.type))).toEqual([
        'ack',
        'server.snapshot.v1',
        ...polls.map(() => 'server.poll.v1'),
      ]);
      expect(client.events('server.poll.v1')).toEqual(polls);
    });

    it('does not send events of a room it left, nor of servers it did not join', async () => {
      const client = await connect({ token: sessionA });
      await client.join({ serverId: serverA });
      await client.join({ serverId: serverA2 });
      await client.leave(serverA);
      messaging.publish(Subjects.pollResult, pollResult(serverA, a.orgId, 11));
      messaging.publish(Subjects.pollResult, pollResult(serverB, b.orgId, 12));
      messaging.publish(Subjects.pollResult, pollResult(serverA2, a.orgId, 13));
      await client.next('server.poll.v1', (p) => p.serverId === serverA2);
      expect(client.events('server.poll.v1').map((p) => p.serverId)).toEqual([serverA2]);
    });

    it('two replicas deliver the same published event to their own clients', async () => {
      const [one, two] = await Promise.all([connect({ token: sessionA }, 0), connect({ token: sessionA }, 1)]);
      await Promise.all([one.join({ serverId: serverA }), two.join({ serverId: serverA })]);
      const poll = pollResult(serverA, a.orgId, 25.5);
      messaging.publish(Subjects.pollResult, poll);
      expect(await one.next('server.poll.v1')).toEqual(poll);
      expect(await two.next('server.poll.v1')).toEqual(poll);
    });

    it('a deleted server: members get server.removed.v1 and no more of its events', async () => {
      const doomed = await addServer(a.orgId, 'Doomed');
      const client = await connect({ token: sessionA });
      await client.join({ serverId: doomed });
      await client.join({ serverId: serverA2 });
      await sql(db.url, 'DELETE FROM servers WHERE id = $1', [doomed]);
      messaging.publish(Subjects.serverDeleted, { serverId: doomed, orgId: a.orgId, occurredAt: iso() });
      expect(await client.next('server.removed.v1')).toEqual({ serverId: doomed });
      messaging.publish(Subjects.pollResult, pollResult(doomed, a.orgId, 1));
      messaging.publish(Subjects.pollResult, pollResult(serverA2, a.orgId, 2));
      await client.next('server.poll.v1', (p) => p.serverId === serverA2);
      expect(client.events('server.poll.v1').map((p) => p.serverId)).toEqual([serverA2]);
    });
  });

  describe('share and overlay links', () => {
    it('gets its server at once, sees no internal reasons or alerts, cannot join another server, and ends when revoked', async () => {
      const token = await addShare(a, serverA);
      const viewer = await connect({ token });
      const snapshot = await viewer.next('server.snapshot.v1');
      expect(snapshot).toMatchObject({ serverId: serverA, name: 'Main base', status: 'online', lastError: null });
      expect(snapshot.latest.map((l) => l.kind)).toEqual(['health', 'power', 'factory']);
      expect(await viewer.join({ serverId: serverA2 })).toEqual({
        ok: false,
        error: 'A share link shows its own server only.',
      });

      messaging.publish(Subjects.incidentOpened, {
        incidentId: randomUUID(),
        ruleId: null,
        serverId: serverA,
        orgId: a.orgId,
        ruleKind: 'server_offline',
        severity: 'critical',
        summary: 'Main base is offline',
        time: iso(),
      });
      messaging.publish(Subjects.serverStatus, statusChange(serverA, a.orgId, 'offline'));
      messaging.publish(Subjects.pollResult, {
        ...pollResult(serverA, a.orgId, 0),
        data: null,
        error: { code: 'refused', message: 'connection refused (203.0.113.7:7777)' },
      });
      const failed = await viewer.next('server.poll.v1');
      expect(failed.error).toEqual({ code: 'refused', message: 'The server could not be polled (refused).' });
      expect(viewer.events('server.status.v1')).toEqual([expect.objectContaining({ status: 'offline', reason: null })]);
      expect(viewer.events('alert.fired.v1')).toEqual([]);
      expect(JSON.stringify(viewer.seen)).not.toContain('203.0.113.7');

      messaging.publish(Subjects.shareRevoked, { tokenHash: sha256(token), serverId: serverA, occurredAt: iso() });
      expect(await viewer.next('session.ended.v1')).toEqual({
        reason: 'share_revoked',
        message: 'This share link was revoked by its owner.',
      });
      expect(await viewer.disconnected()).toBe('io server disconnect');
    });

    it('refuses a revoked or expired link, and ends links of a plan that no longer has share links', async () => {
      const owner = await seedAccount(db.url, 'pro');
      const server = await addServer(owner.orgId, 'Streamer base');
      const token = await addShare(owner, server);
      const viewer = await connect({ token }, 1);
      await viewer.next('server.snapshot.v1');
      const revoked = await addShare(owner, server);
      await sql(db.url, 'UPDATE share_links SET revoked_at = now() WHERE token_hash = $1', [sha256(revoked)]);
      expect((await RealtimeClient.refused(ports[0]!, { token: revoked })).message).toBe(
        'This share link was revoked by its owner.',
      );
      const expired = await addShare(owner, server);
      await sql(db.url, `UPDATE share_links SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
        sha256(expired),
      ]);
      expect((await RealtimeClient.refused(ports[0]!, { token: expired })).message).toBe(
        'This share link has expired.',
      );

      // Downgrade to Hobby (no share links) through billing-limits, which announces plan.changed.v1.
      const change = await messaging.request(Requests.changeSubscription, {
        orgId: owner.orgId,
        planId: 'hobby',
        period: 'monthly',
      });
      expect(change).toMatchObject({ ok: true, changed: true });
      expect(await viewer.next('session.ended.v1')).toEqual({
        reason: 'plan_changed',
        message: "This share link is switched off: the owner's plan no longer includes share links.",
      });
      expect(await viewer.disconnected()).toBe('io server disconnect');
      const after = await RealtimeClient.refused(ports[1]!, { token });
      expect(after.message).toBe("This share link is switched off: the owner's plan no longer includes share links.");
      expect(after.data?.code).toBe('Forbidden');
    });
  });

  describe('revocation', () => {
    it('ends a session socket when its session is revoked, and leaves other sessions connected', async () => {
      const token = await addSession(a.userId);
      const [doomed, other] = await Promise.all([connect({ token }), connect({ token: sessionA })]);
      await Promise.all([doomed.join({ serverId: serverA }), other.join({ serverId: serverA })]);
      messaging.publish(Subjects.credentialRevoked, { tokenHash: sha256(token), occurredAt: iso() });
      expect(await doomed.next('session.ended.v1')).toEqual({
        reason: 'signed_out',
        message: 'This session was signed out. Sign in again to keep watching your servers.',
      });
      expect(await doomed.disconnected()).toBe('io server disconnect');
      const poll = pollResult(serverA, a.orgId, 20);
      messaging.publish(Subjects.pollResult, poll);
      expect(await other.next('server.poll.v1')).toEqual(poll);
      expect(other.socket.connected).toBe(true);
    });

    it('ends a member removed from the organisation; a role change keeps them', async () => {
      const member = await seedAccount(db.url, 'free');
      await sql(db.url, `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'operator')`, [
        a.orgId,
        member.userId,
      ]);
      const token = await addSession(member.userId);
      const inTeam = await connect({ token, orgId: a.orgId });
      const personal = await connect({ token });
      await inTeam.join({ serverId: serverA });
      messaging.publish(Subjects.membershipChanged, {
        orgId: a.orgId,
        userId: member.userId,
        role: 'viewer',
        occurredAt: iso(),
      });
      // NATS keeps one publisher's order: when this poll arrives, the role change was handled and changed nothing.
      messaging.publish(Subjects.pollResult, pollResult(serverA, a.orgId, 21));
      await inTeam.next('server.poll.v1');
      expect(inTeam.events('session.ended.v1')).toEqual([]);

      messaging.publish(Subjects.membershipChanged, {
        orgId: a.orgId,
        userId: member.userId,
        role: null,
        occurredAt: iso(),
      });
      expect(await inTeam.next('session.ended.v1')).toEqual({
        reason: 'membership_removed',
        message: 'You were removed from this organisation, so its servers are no longer shown.',
      });
      expect(await inTeam.disconnected()).toBe('io server disconnect');
      // The same session acting in the user's own organisation is not affected.
      expect(personal.socket.connected).toBe(true);
      expect(personal.events('session.ended.v1')).toEqual([]);
    });

    it('ends a session socket when its session expires', async () => {
      const token = await addSession(a.userId, { expiresInMs: 1500 });
      const client = await connect({ token });
      expect(await client.next('session.ended.v1', undefined, 8000)).toEqual({
        reason: 'expired',
        message: 'Your session has expired. Sign in again to keep watching your servers.',
      });
      expect(await client.disconnected()).toBe('io server disconnect');
    });

    it('re-checks every connection after a NATS outage, when revocation events may have been missed', async () => {
      const token = await addSession(a.userId);
      const [doomed, kept] = await Promise.all([connect({ token }, 2), connect({ token: sessionA }, 2)]);
      proxy.cut();
      await sql(db.url, 'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [sha256(token)]);
      await new Promise((r) => setTimeout(r, 300));
      proxy.restore();
      expect(await doomed.next('session.ended.v1', undefined, 15_000)).toMatchObject({ reason: 'signed_out' });
      await kept.join({ serverId: serverA });
      const poll = pollResult(serverA, a.orgId, 22);
      await eventually(
        async () => {
          messaging.publish(Subjects.pollResult, poll);
          return kept.events('server.poll.v1').length > 0;
        },
        15_000,
        250,
      );
      expect(kept.socket.connected).toBe(true);
    }, 60_000);
  });

  describe('operations', () => {
    it('reports connected clients by kind, rooms and emitted events on /metrics', async () => {
      // Replica 1 only: earlier tests' sockets there are closed (afterEach) and gone from its gauges.
      await eventually(
        async () => metricValue(await metrics(1), 'gsm_realtime_connected_clients', { kind: 'session' }) === 0,
      );
      const share = await addShare(a, serverA2);
      const sessions = await Promise.all([connect({ token: sessionA }, 1), connect({ token: sessionA }, 1)]);
      const viewer = await connect({ token: share }, 1);
      await viewer.next('server.snapshot.v1');
      await sessions[0]!.join({ serverId: serverA });
      let text = await metrics(1);
      expect(metricValue(text, 'gsm_realtime_connected_clients', { kind: 'session' })).toBe(2);
      expect(metricValue(text, 'gsm_realtime_connected_clients', { kind: 'share' })).toBe(1);
      expect(metricValue(text, 'gsm_realtime_rooms')).toBe(2);
      expect(
        metricValue(text, 'gsm_realtime_events_emitted_total', { event: 'server.snapshot.v1' }),
      ).toBeGreaterThanOrEqual(2);
      sessions[1]!.close();
      text = await eventually(async () => {
        const t = await metrics(1);
        return metricValue(t, 'gsm_realtime_connected_clients', { kind: 'session' }) === 1 ? t : null;
      });
      expect(metricValue(text, 'gsm_realtime_connected_clients', { kind: 'share' })).toBe(1);
      const ready = await fetch(`http://127.0.0.1:${ports[1]}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        checks: { database: { ok: true }, nats: { ok: true } },
      });
    });

    it('a client that reconnects joins again and gets a fresh snapshot with what changed meanwhile', async () => {
      const client = await connect({ token: sessionA }, 0, { reconnection: true });
      client.socket.on('connect', () => void client.join({ serverId: serverA }));
      await client.join({ serverId: serverA });
      await client.next('server.snapshot.v1');
      // The connection drops (a network blip); meanwhile a poll is stored.
      client.socket.io.engine.close();
      await sql(db.url, `UPDATE latest SET time = $2, data = $3::jsonb WHERE server_id = $1 AND kind = 'health'`, [
        serverA,
        '2026-11-22T10:05:00Z',
        JSON.stringify(healthData(17.5)),
      ]);
      const fresh = await client.next('server.snapshot.v1', (s) =>
        s.latest.some((l) => l.time === '2026-11-22T10:05:00.000Z'),
      );
      expect(fresh.latest.find((l) => l.kind === 'health')?.data).toEqual(healthData(17.5));
      expect(client.seen.some((s) => s.type === 'disconnect')).toBe(true);
    });

    it('on SIGTERM closes every connection so clients reconnect elsewhere, and exits 0', async () => {
      const { proc, port: extra } = await startGateway();
      const client = await RealtimeClient.connect(extra, { token: sessionA });
      clients.push(client);
      await client.join({ serverId: serverA });
      const stopped = proc.stop('SIGTERM');
      // "transport close": socket.io-client reconnects by itself (unlike "io server disconnect").
      expect(await client.disconnected()).toBe('transport close');
      expect((await stopped).code).toBe(0);
    });
  });
});
