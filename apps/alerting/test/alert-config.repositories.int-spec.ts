import { randomUUID } from 'node:crypto';
import { presetRules } from '@app/alerts';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { AlertChannelsRepository } from '../src/config/alert-channels.repository';
import { AlertRulesRepository } from '../src/config/alert-rules.repository';
import { IncidentLogRepository } from '../src/config/incident-log.repository';
import { OrgServersRepository } from '../src/config/org-servers.repository';
import { SilencesRepository } from '../src/config/silences.repository';

/** The alert-configuration repositories against a real, migrated PostgreSQL. */
describe('alert configuration repositories (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let rules: AlertRulesRepository;
  let channels: AlertChannelsRepository;
  let silences: SilencesRepository;
  let log: IncidentLogRepository;
  let servers: OrgServersRepository;
  let port = 18000;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'alerting-test' });
    await prisma.$connect();
    rules = new AlertRulesRepository(prisma);
    channels = new AlertChannelsRepository(prisma);
    silences = new SilencesRepository(prisma);
    log = new IncidentLogRepository(prisma);
    servers = new OrgServersRepository(prisma);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const addServer = async (orgId: string): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Base', '203.0.113.7', '203.0.113.7', $3, '\\x00'::bytea)`,
      [id, orgId, port++],
    );
    return id;
  };
  const addChannel = (orgId: string, name = 'Ops') =>
    channels.create({
      id: randomUUID(),
      orgId,
      kind: 'discord',
      name,
      enabled: true,
      locale: 'en',
      configEnc: new Uint8Array([1, 2, 3]),
      configHint: 'discord.com/api/webhooks/••••',
    });
  const addIncident = async (orgId: string, serverId: string, ruleId: string | null, openedAt: string) => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO incidents (id, org_id, server_id, rule_id, state, summary, opened_at)
       VALUES ($1, $2, $3, $4, 'open', 'down', $5)`,
      [id, orgId, serverId, ruleId, openedAt],
    );
    return id;
  };
  const newRule = (orgId: string, serverId: string, channelIds: string[] | null) => ({
    orgId,
    serverId,
    kind: 'player_count_above',
    name: 'Busy',
    severity: 'warning',
    params: { above: 3 },
    pendingPolls: 1,
    pendingSeconds: 0,
    repeatSeconds: 0,
    notifyOnRecovery: true,
    enabled: true,
    preset: false,
    channelIds,
  });

  it('finds a server only in its own organisation', async () => {
    const a = await seedAccount(db.url, 'pro');
    const b = await seedAccount(db.url, 'pro');
    const server = await addServer(a.orgId);
    expect(await servers.find(a.orgId, server)).toEqual({ id: server, name: 'Base' });
    expect(await servers.find(b.orgId, server)).toBeNull();
  });

  it('stores a rule with its own channels, replaces them, and switching it off resolves its open incident and forgets its states', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await addServer(orgId);
    const [c1, c2] = [await addChannel(orgId, 'one'), await addChannel(orgId, 'two')];
    expect(await rules.countChannels(orgId, [c1.id, c2.id])).toBe(2);
    expect(await rules.countChannels((await seedAccount(db.url)).orgId, [c1.id])).toBe(0);

    const ruleId = (await rules.create(newRule(orgId, serverId, [c1.id, c1.id]), 250))!;
    let [rule] = await rules.list({ orgId, serverId });
    expect(rule).toMatchObject({ id: ruleId, allChannels: false, channelIds: [c1.id], states: [] });

    const incident = await addIncident(orgId, serverId, ruleId, '2026-03-01T00:00:00Z');
    await sql(
      db.url,
      `INSERT INTO alert_states (rule_id, server_id, instance, state, incident_id) VALUES ($1, $2, '', 'firing', $3)`,
      [ruleId, serverId, incident],
    );
    [rule] = await rules.list({ orgId, serverId, id: ruleId });
    expect(rule!.states).toMatchObject([{ state: 'firing', instance: '', incidentId: incident }]);

    const now = new Date('2026-03-02T12:00:00Z');
    await rules.update(ruleId, { enabled: false, channelIds: [c2.id] }, true, now);
    [rule] = await rules.list({ orgId, serverId, id: ruleId });
    expect(rule).toMatchObject({ enabled: false, channelIds: [c2.id], states: [] });
    const [closed] = await sql<{ state: string; resolved_at: Date }>(
      db.url,
      `SELECT state::text, resolved_at FROM incidents WHERE id = $1`,
      [incident],
    );
    expect(closed).toEqual({ state: 'resolved', resolved_at: now });

    await rules.update(ruleId, { channelIds: null }, false, now);
    expect((await rules.list({ orgId, serverId }))[0]).toMatchObject({ allChannels: true, channelIds: [] });
    await rules.delete(ruleId, now);
    expect(await rules.list({ orgId, serverId })).toEqual([]);
    expect(await rules.existsInOrg(orgId, ruleId)).toBe(false);
  });

  it('gives a server its preset rules once, however often it is asked', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await addServer(orgId);
    const made = await Promise.all([0, 1, 2].map(() => rules.createPresets(orgId, serverId, presetRules())));
    expect(made.sort()).toEqual([0, 0, 6]);
    const list = await rules.list({ orgId, serverId });
    expect(list.map((r) => r.kind).sort()).toEqual([
      'battery_empty_soon',
      'degraded',
      'drone_station_stopped',
      'fuse_tripped',
      'generator_fuel_low',
      'server_offline',
    ]);
    expect(list.every((r) => r.preset && r.allChannels && r.enabled)).toBe(true);
  });

  it("answers each channel's newest delivery", async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await addServer(orgId);
    const [quiet, busy] = [await addChannel(orgId), await addChannel(orgId)];
    const incident = await addIncident(orgId, serverId, null, '2026-03-01T00:00:00Z');
    await sql(
      db.url,
      `INSERT INTO deliveries (incident_id, channel_id, event, status, error, updated_at) VALUES
        ($1, $2, 'fired', 'failed', 'timeout', '2026-03-01T00:01:00Z'),
        ($1, $2, 'resolved', 'sent', NULL, '2026-03-01T00:05:00Z')`,
      [incident, busy.id],
    );
    const last = await channels.lastDeliveries([quiet.id, busy.id]);
    expect(last.has(quiet.id)).toBe(false);
    expect(last.get(busy.id)).toEqual({ status: 'sent', updatedAt: new Date('2026-03-01T00:05:00Z'), error: null });
    expect((await channels.list(orgId)).map((c) => c.id)).toEqual([quiet.id, busy.id]);
    expect(await channels.find((await seedAccount(db.url)).orgId, quiet.id)).toBeNull();
  });

  it('lists the silences not ended at a time, or all of them', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'pro');
    const base = {
      orgId,
      serverId: null,
      ruleId: null,
      reason: '',
      days: [],
      startMinute: null,
      durationMinutes: null,
      timeZone: null,
      createdBy: userId,
    };
    const ended = await silences.create({
      ...base,
      startsAt: new Date('2026-03-01T00:00:00Z'),
      endsAt: new Date('2026-03-01T01:00:00Z'),
    });
    const open = await silences.create({
      ...base,
      startsAt: new Date('2026-03-01T00:00:00Z'),
      endsAt: new Date('2026-03-02T00:00:00Z'),
    });
    const at = new Date('2026-03-01T02:00:00Z');
    expect((await silences.list(orgId, at)).map((s) => s.id)).toEqual([open.id]);
    expect((await silences.list(orgId, null)).map((s) => s.id).sort()).toEqual([ended.id, open.id].sort());
    await silences.delete(open.id);
    expect(await silences.find(orgId, open.id)).toBeNull();
  });

  it('pages incidents and deliveries newest first, within the organisation only', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const other = await seedAccount(db.url, 'pro');
    const serverId = await addServer(orgId);
    const ids = [];
    for (const t of ['2026-03-01T00:00:00Z', '2026-03-01T01:00:00Z', '2026-03-01T02:00:00Z'])
      ids.push(await addIncident(orgId, serverId, null, t));
    await addIncident(other.orgId, await addServer(other.orgId), null, '2026-03-01T03:00:00Z');
    const filter = { serverId: null, state: null, from: null, to: null, after: null, limit: 2, id: null };
    const first = await log.incidents(orgId, filter);
    expect(first.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first[0]).toMatchObject({ server_name: 'Base', state: 'open', summary: 'down' });
    const second = await log.incidents(orgId, { ...filter, after: { at: first[1]!.opened_at, id: first[1]!.id } });
    expect(second.map((r) => r.id)).toEqual([ids[0]]);

    const channel = await addChannel(orgId);
    await sql(
      db.url,
      `INSERT INTO deliveries (id, incident_id, channel_id, event, status, created_at, message)
       VALUES ($1, $2, $3, 'fired', 'sent', '2026-03-01T00:00:10Z', '{"summary":"Base is down"}')`,
      [randomUUID(), ids[0], channel.id],
    );
    const deliveries = await log.deliveries(orgId, {
      incidentId: null,
      channelId: null,
      status: null,
      after: null,
      limit: 10,
    });
    expect(deliveries).toMatchObject([
      { incident_id: ids[0], channel_name: 'Ops', channel_kind: 'discord', summary: 'Base is down' },
    ]);
    expect(
      await log.deliveries(other.orgId, { incidentId: null, channelId: null, status: null, after: null, limit: 10 }),
    ).toEqual([]);
    expect(await log.attempts([deliveries[0]!.id])).toEqual([]);
  });
});
