import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { ManualClock } from '@app/platform';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { AlertConfigCache } from '../src/engine/config-cache';
import { ConfigSnapshotRepository, type ConfigSnapshot } from '../src/engine/config-snapshot.repository';

/**
 * What the evaluator knows of the configuration, read from a real, migrated PostgreSQL: an organisation's servers
 * with their polled state, its enabled rules with their channels, its channels and its silences not yet ended.
 */
describe('ConfigSnapshotRepository (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: ConfigSnapshotRepository;
  let port = 19000;

  const NOW = new Date('2026-05-01T12:00:00Z');

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'alerting-test' });
    await prisma.$connect();
    repository = new ConfigSnapshotRepository(prisma);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const addServer = async (orgId: string, name: string): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, $3, '203.0.113.7', '203.0.113.7', $4, '\\x00'::bytea)`,
      [id, orgId, name, port++],
    );
    return id;
  };
  const addChannel = async (orgId: string, kind: string, enabled: boolean): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO notification_channels (id, org_id, kind, name, config_enc, config_hint, enabled)
       VALUES ($1, $2, $3::channel_kind, 'Ops', '\\x010203'::bytea, 'hint', $4)`,
      [id, orgId, kind, enabled],
    );
    return id;
  };
  interface RuleSeed {
    serverId: string | null;
    name: string;
    enabled?: boolean;
    allChannels?: boolean;
    channelIds?: string[];
    kind?: string;
    severity?: string;
    params?: Record<string, number>;
  }
  const addRule = async (orgId: string, r: RuleSeed): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO alert_rules (id, org_id, server_id, name, kind, params, pending_seconds, pending_polls,
                                repeat_seconds, notify_on_recovery, enabled, severity, all_channels)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, 30, 2, 600, false, $7, $8, $9)`,
      [
        id,
        orgId,
        r.serverId,
        r.name,
        r.kind ?? 'server_offline',
        JSON.stringify(r.params ?? {}),
        r.enabled ?? true,
        r.severity ?? 'warning',
        r.allChannels ?? true,
      ],
    );
    for (const channelId of r.channelIds ?? [])
      await sql(db.url, `INSERT INTO alert_rule_channels (rule_id, channel_id) VALUES ($1, $2)`, [id, channelId]);
    return id;
  };
  interface SilenceSeed {
    serverId?: string | null;
    ruleId?: string | null;
    startsAt: string;
    endsAt: string | null;
    days?: number[];
    startMinute?: number;
    durationMinutes?: number;
    timeZone?: string;
  }
  const addSilence = async (orgId: string, s: SilenceSeed): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO silences (id, org_id, server_id, rule_id, starts_at, ends_at, days, start_minute, duration_minutes,
                             time_zone)
       VALUES ($1, $2, $3, $4, $5, $6, $7::int[], $8, $9, $10)`,
      [
        id,
        orgId,
        s.serverId ?? null,
        s.ruleId ?? null,
        s.startsAt,
        s.endsAt,
        s.days ?? [],
        s.startMinute ?? null,
        s.durationMinutes ?? null,
        s.timeZone ?? null,
      ],
    );
    return id;
  };

  /** Two organisations: `a` with everything a snapshot must keep or leave out, `b` with one of each. */
  const seed = async () => {
    const a = (await seedAccount(db.url, 'pro')).orgId;
    const b = (await seedAccount(db.url, 'pro')).orgId;
    const polled = await addServer(a, 'Base');
    const fresh = await addServer(a, 'Outpost');
    await sql(
      db.url,
      `INSERT INTO server_states (server_id, status, addon_status, last_error)
       VALUES ($1, 'degraded', 'available', 'FRM answered slowly')`,
      [polled],
    );
    const discord = await addChannel(a, 'discord', true);
    const slackOff = await addChannel(a, 'slack', false);
    const ownChannels = await addRule(a, {
      serverId: polled,
      name: 'Busy',
      kind: 'player_count_above',
      severity: 'critical',
      params: { above: 3 },
      allChannels: false,
      channelIds: [discord, slackOff],
    });
    const orgWide = await addRule(a, { serverId: null, name: 'Any server offline' });
    const disabled = await addRule(a, { serverId: polled, name: 'Off', enabled: false, channelIds: [discord] });
    const deleted = await addRule(a, { serverId: fresh, name: 'Gone', channelIds: [discord] });
    await sql(db.url, `DELETE FROM alert_rules WHERE id = $1`, [deleted]);

    const ended = await addSilence(a, { startsAt: '2026-05-01T10:00:00Z', endsAt: '2026-05-01T11:00:00Z' });
    const endsNow = await addSilence(a, { startsAt: '2026-05-01T10:00:00Z', endsAt: NOW.toISOString() });
    const oneOff = await addSilence(a, {
      serverId: polled,
      startsAt: '2026-05-01T11:30:00Z',
      endsAt: '2026-05-01T13:00:00Z',
    });
    const weekly = await addSilence(a, {
      ruleId: ownChannels,
      startsAt: '2026-04-01T00:00:00Z',
      endsAt: null,
      days: [1, 3],
      startMinute: 120,
      durationMinutes: 60,
      timeZone: 'Europe/Berlin',
    });

    const bServer = await addServer(b, 'Elsewhere');
    const bChannel = await addChannel(b, 'webhook', true);
    const bRule = await addRule(b, { serverId: bServer, name: 'Theirs', allChannels: false, channelIds: [bChannel] });
    const bSilence = await addSilence(b, { startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-05-02T00:00:00Z' });
    return {
      a,
      b,
      polled,
      fresh,
      discord,
      slackOff,
      ownChannels,
      orgWide,
      disabled,
      deleted,
      ended,
      endsNow,
      oneOff,
      weekly,
      bServer,
      bChannel,
      bRule,
      bSilence,
    };
  };

  /** A snapshot in a stable order (the queries promise none), channel ids of a rule sorted too. */
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
  const sorted = (s: ConfigSnapshot): ConfigSnapshot => ({
    servers: byId(s.servers),
    rules: byId(s.rules).map((r) => ({ ...r, channel_ids: r.channel_ids ? [...r.channel_ids].sort() : null })),
    channels: byId(s.channels),
    silences: byId(s.silences),
  });
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

  it("holds exactly one organisation's servers with their polled state, enabled rules with their channels, channels and silences not ended", async () => {
    const f = await seed();

    const snapshot = sorted(await repository.load(f.a, NOW));

    expect(snapshot.servers).toEqual(
      byId([
        {
          id: f.polled,
          org_id: f.a,
          name: 'Base',
          status: 'degraded',
          last_error: 'FRM answered slowly',
          addon_status: 'available',
        },
        // Never polled: no server_states row, so no state rather than a missing server.
        { id: f.fresh, org_id: f.a, name: 'Outpost', status: null, last_error: null, addon_status: null },
      ]),
    );
    expect(snapshot.rules).toEqual(
      byId([
        {
          id: f.ownChannels,
          org_id: f.a,
          server_id: f.polled,
          kind: 'player_count_above',
          name: 'Busy',
          severity: 'critical',
          params: { above: 3 },
          pending_seconds: 30,
          pending_polls: 2,
          repeat_seconds: 600,
          notify_on_recovery: false,
          all_channels: false,
          // Its own channels, the disabled one too: the cache filters by the channel's switch when it sends.
          channel_ids: [f.discord, f.slackOff].sort(),
        },
        {
          id: f.orgWide,
          org_id: f.a,
          server_id: null,
          kind: 'server_offline',
          name: 'Any server offline',
          severity: 'warning',
          params: {},
          pending_seconds: 30,
          pending_polls: 2,
          repeat_seconds: 600,
          notify_on_recovery: false,
          all_channels: true,
          channel_ids: null,
        },
      ]),
    );
    expect(snapshot.channels).toEqual(
      byId([
        { id: f.discord, org_id: f.a, kind: 'discord', enabled: true },
        { id: f.slackOff, org_id: f.a, kind: 'slack', enabled: false },
      ]),
    );
    // Ended before now, and ending exactly now, are left out; a one-off still running and a weekly window kept.
    expect(snapshot.silences).toEqual(
      byId([
        {
          id: f.oneOff,
          org_id: f.a,
          server_id: f.polled,
          rule_id: null,
          starts_at: new Date('2026-05-01T11:30:00Z'),
          ends_at: new Date('2026-05-01T13:00:00Z'),
          days: [],
          start_minute: null,
          duration_minutes: null,
          time_zone: null,
        },
        {
          id: f.weekly,
          org_id: f.a,
          server_id: null,
          rule_id: f.ownChannels,
          starts_at: new Date('2026-04-01T00:00:00Z'),
          ends_at: null,
          days: [1, 3],
          start_minute: 120,
          duration_minutes: 60,
          time_zone: 'Europe/Berlin',
        },
      ]),
    );

    // The other organisation's snapshot holds only its own rows.
    const other = await repository.load(f.b, NOW);
    expect(ids(other.servers)).toEqual([f.bServer]);
    expect(other.rules.map((r) => [r.id, r.channel_ids])).toEqual([[f.bRule, [f.bChannel]]]);
    expect(ids(other.channels)).toEqual([f.bChannel]);
    expect(ids(other.silences)).toEqual([f.bSilence]);
  });

  it('reads every organisation at once when none is named, with the same filters', async () => {
    const f = await seed();

    const all = await repository.load(undefined, NOW);
    const ofTheseOrgs = <T extends { id: string; org_id: string }>(rows: T[]) =>
      ids(rows.filter((r) => r.org_id === f.a || r.org_id === f.b));

    expect(ofTheseOrgs(all.servers)).toEqual([f.polled, f.fresh, f.bServer].sort());
    expect(ofTheseOrgs(all.rules)).toEqual([f.ownChannels, f.orgWide, f.bRule].sort());
    expect(ofTheseOrgs(all.channels)).toEqual([f.discord, f.slackOff, f.bChannel].sort());
    expect(ofTheseOrgs(all.silences)).toEqual([f.oneOff, f.weekly, f.bSilence].sort());
    const one = sorted(await repository.load(f.a, NOW));
    const fromAll = sorted({
      servers: all.servers.filter((s) => s.org_id === f.a),
      rules: all.rules.filter((r) => r.org_id === f.a),
      channels: all.channels.filter((c) => c.org_id === f.a),
      silences: all.silences.filter((s) => s.org_id === f.a),
    });
    expect(fromAll).toEqual(one);
  });

  it('lets a silence go once `now` passes its end', async () => {
    const f = await seed();
    const at = (iso: string) => repository.load(f.a, new Date(iso)).then((s) => ids(s.silences));

    expect(await at('2026-05-01T10:30:00Z')).toEqual([f.ended, f.endsNow, f.oneOff, f.weekly].sort());
    expect(await at('2026-05-01T12:59:59Z')).toEqual([f.oneOff, f.weekly].sort());
    expect(await at('2026-05-01T13:00:00Z')).toEqual([f.weekly]);
  });

  it('gives the config cache what it serves the evaluator: rules per server, channels a rule notifies, and one organisation reloaded alone', async () => {
    const f = await seed();
    const cache = new AlertConfigCache(repository, new ManualClock(NOW));
    await cache.load();

    expect(cache.server(f.polled)).toMatchObject({ orgId: f.a, name: 'Base', status: 'degraded', addonSeen: true });
    expect(cache.server(f.fresh)).toMatchObject({ status: 'unknown', addonStatus: 'unknown', addonSeen: false });
    expect(cache.rulesFor(f.polled).map((r) => r.id)).toEqual([f.ownChannels, f.orgWide]);
    expect(cache.rulesFor(f.fresh).map((r) => r.id)).toEqual([f.orgWide]);
    const busy = cache.rulesFor(f.polled)[0]!;
    expect(cache.channelsFor(busy)).toEqual([{ id: f.discord, kind: 'discord', enabled: true }]);
    expect([f.disabled, f.deleted].map((id) => cache.hasRule(id))).toEqual([false, false]);
    expect(
      cache
        .silences(f.a)
        .map((s) => s.id)
        .sort(),
    ).toEqual([f.oneOff, f.weekly].sort());

    // Switching a rule off in organisation a and reloading a only: a loses it, b keeps its own.
    await sql(db.url, `UPDATE alert_rules SET enabled = false WHERE id IN ($1, $2)`, [f.ownChannels, f.bRule]);
    await cache.load(f.a);
    expect(cache.rulesFor(f.polled).map((r) => r.id)).toEqual([f.orgWide]);
    expect(cache.hasRule(f.bRule)).toBe(true);
  });
});
