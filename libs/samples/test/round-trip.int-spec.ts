import { randomUUID } from 'node:crypto';
import type { HealthData, PollJob } from '@app/contracts';
import { PgPools, PrismaService } from '@app/database';
import {
  eventDataOf,
  health,
  PRO_INTERVAL_SECONDS,
  recordOfApiRow,
  SAMPLE_KINDS,
  sampleKind,
  type SampleKind,
} from '@app/samples';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import type { ApiGatewayConfig } from '../../../apps/api-gateway/src/app.config';
import { HistoryRepository } from '../../../apps/api-gateway/src/metrics/history.repository';
import { MetricsRepository } from '../../../apps/api-gateway/src/metrics/metrics.repository';
import { SampleWriter } from '../../../apps/poller/src/storage/sample-writer';
import { SamplesRepository } from '../../../apps/poller/src/storage/samples.repository';
import { unitOf } from '../../../apps/poller/src/storage/write-unit';
import type { PollOutcome } from '../../../apps/poller/src/worker/poll-outcome';
import { SnapshotRepository } from '../../../apps/realtime-gateway/src/rooms/snapshot.repository';
import { apiRowOf as rowOf, HEALTH, json, RECORDS, SESSION } from './frm-records';

const TIME = new Date('2026-11-26T08:00:00.000Z');
const apiRowOf = (kind: SampleKind, record: object) => rowOf(kind, record, TIME);

const ordered = (rows: unknown[], key: string) =>
  [...(rows as Record<string, unknown>[])].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

/**
 * Every kind of the registry, end to end on a real database: FRM records -> the poller's write unit and write
 * transaction -> the stored rows -> the REST API's rows (api-gateway's repository) and the realtime snapshot
 * (realtime-gateway's repository), which must equal the poll result the poller publishes for the same poll.
 */
describe('sample kinds round trip: FRM record -> stored row -> REST JSON and realtime snapshot', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let pools: PgPools;
  let api: MetricsRepository;
  let histories: HistoryRepository;
  let snapshots: SnapshotRepository;
  let orgId: string;
  let serverId: string;
  const published = new Map<string, unknown>();

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ orgId } = await seedAccount(db.url, 'pro'));
    serverId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Round trip', '127.0.0.1', '127.0.0.1', 17777, '\\x00')`,
      [serverId, orgId],
    );
    const options = { url: db.url, poolSize: 2, applicationName: 'round-trip' };
    prisma = new PrismaService(options);
    pools = new PgPools(options);
    api = new MetricsRepository(pools, { DATABASE_POOL_SIZE: 2 } as ApiGatewayConfig);
    histories = new HistoryRepository(pools, { DATABASE_POOL_SIZE: 2 } as ApiGatewayConfig);
    snapshots = new SnapshotRepository(prisma);

    const writer = new SampleWriter(
      new SamplesRepository(pools.pool('writer', 1)),
      { flushMs: 10, maxBatchRows: 10_000, maxBufferedRows: 100_000 },
      { onDropped() {}, onFlushed() {}, onFlushFailed() {} },
    );
    const job = (kind: PollJob['kind']): PollJob => ({
      jobId: randomUUID(),
      serverId,
      orgId,
      kind,
      scheduledAt: TIME.toISOString(),
      intervalSeconds: 30,
      expiresAt: new Date(TIME.getTime() + 30_000).toISOString(),
    });
    const base = { time: TIME, durationMs: 1, error: null };
    const outcomes: PollOutcome[] = [
      {
        ...base,
        job: job('health'),
        kind: 'health',
        data: HEALTH,
        observation: { reachable: true, loading: false, tickRate: 29.5, health: 'healthy' },
      },
    ];
    for (const kind of SAMPLE_KINDS.filter((k) => k.addon)) {
      const records = RECORDS[kind.kind]!;
      const data = eventDataOf(kind, records);
      published.set(kind.kind, data);
      outcomes.push({ ...base, job: job(kind.kind), kind: kind.kind as 'power', records, data, session: SESSION });
    }
    const confirmations = await Promise.all(outcomes.map((o) => writer.enqueue(unitOf(serverId, o))));
    published.set('health', { ...HEALTH, status: confirmations[0]!.status });
    await writer.stop();
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await pools.onApplicationShutdown();
    await db.drop();
  });

  it('the registry lists every table the migrations made, with the same columns in the same order', async () => {
    for (const kind of SAMPLE_KINDS) {
      const columns = await sql<{ column_name: string }>(
        db.url,
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
        [kind.table],
      );
      expect(columns.map((c) => c.column_name)).toEqual(['time', 'server_id', ...kind.columns.map((c) => c.column)]);
    }
  });

  it("each kind's interval class is the Pro plan's interval for it (a new kind's migration seeds the plans)", async () => {
    const [pro] = await sql<Record<string, number>>(db.url, `SELECT * FROM plans WHERE id = 'pro'`);
    for (const kind of SAMPLE_KINDS)
      expect([kind.kind, pro![`interval_${kind.intervalOf ?? kind.kind}_seconds`]]).toEqual([
        kind.kind,
        PRO_INTERVAL_SECONDS[kind.interval],
      ]);
  });

  it('the Free plan polls every kind every 30 s, the new kinds too (issue 20)', async () => {
    const [free] = await sql<Record<string, number>>(db.url, `SELECT * FROM plans WHERE id = 'free'`);
    for (const kind of SAMPLE_KINDS)
      expect([kind.kind, free![`interval_${kind.intervalOf ?? kind.kind}_seconds`]]).toEqual([kind.kind, 30]);
  });

  it('health: the REST row is the record in snake_case with the confirmed status; the snapshot is the published data', async () => {
    const row = await api.latestHealth(serverId);
    const { status } = published.get('health') as HealthData;
    expect(status).toBe('online'); // a new server's first observation is confirmed at once
    expect(json(row)).toEqual(apiRowOf(health, { ...HEALTH, status }));
    const snapshot = await snapshots.read(serverId, orgId);
    expect(snapshot!.latest.find((l) => l.kind === 'health')!.data).toEqual(json(published.get('health')));
  });

  it.each(['power', 'production', 'trains', 'drones', 'generators', 'extractors', 'drone_stations'] as const)(
    '%s: REST rows are the records (every stored column), the snapshot equals the published poll result',
    async (name) => {
      const kind = sampleKind(name);
      const key = kind.columns[0]!.column;
      const rows = await api.latestRows(serverId, name);
      expect(ordered(json(rows) as unknown[], key)).toEqual(
        ordered(
          RECORDS[name]!.map((r) => apiRowOf(kind, r)),
          key,
        ),
      );
      const snapshot = await snapshots.read(serverId, orgId);
      const data = snapshot!.latest.find((l) => l.kind === name)!.data as unknown[];
      const field = kind.columns[0]!.field;
      expect(ordered(data, field)).toEqual(ordered(json(published.get(name)) as unknown[], field));
      // Stored-only columns stay out of the event; the API serves them.
      for (const c of kind.columns.filter((c) => !c.event)) expect(data[0]).not.toHaveProperty(c.field);
      // The dashboard seeds its live store from these REST rows: the same data the socket sends.
      const seeded = eventDataOf(
        kind,
        (json(rows) as Record<string, unknown>[]).map((r) => recordOfApiRow(kind, r)),
      );
      expect(ordered(seeded as unknown[], field)).toEqual(ordered(json(published.get(name)) as unknown[], field));
    },
  );

  it("players: the REST page is the records without FRM's own id, with last_seen_at; the snapshot equals the result", async () => {
    const kind = sampleKind('players');
    const rows = await api.playersPage(serverId, null, 10);
    const expected = RECORDS.players!.map((r) => ({
      ...apiRowOf(kind, r),
      last_seen_at: (r as { isOnline: boolean }).isOnline ? TIME.toISOString() : null,
    }));
    expect(ordered(json(rows) as unknown[], 'id')).toEqual(ordered(expected, 'id'));
    // The spec's field names: the stable id is `id`; FRM's own id is not served.
    expect(rows[0]).not.toHaveProperty('frm_id');
    expect(rows[0]).not.toHaveProperty('player_id');
    const snapshot = await snapshots.read(serverId, orgId);
    const data = snapshot!.latest.find((l) => l.kind === 'players')!.data as unknown[];
    expect(ordered(data, 'playerId')).toEqual(ordered(json(published.get('players')) as unknown[], 'playerId'));
  });

  it('factory: the REST page is every building; the snapshot summary equals the published one', async () => {
    const kind = sampleKind('factory');
    const rows = await api.buildingsPage(serverId, null, 10);
    expect(json(rows)).toEqual(RECORDS.factory!.map((r) => apiRowOf(kind, r)));
    const snapshot = await snapshots.read(serverId, orgId);
    const summary = snapshot!.latest.find((l) => l.kind === 'factory')!.data;
    expect(summary).toEqual({ buildings: 4, producing: 1, idle: 1, unconfigured: 1, paused: 1, stalled: 1 });
    expect(summary).toEqual(published.get('factory'));
    // The dashboard's seed counts the REST buildings the same way.
    expect(
      eventDataOf(
        kind,
        (json(rows) as Record<string, unknown>[]).map((r) => recordOfApiRow(kind, r)),
      ),
    ).toEqual(published.get('factory'));
  });

  it.each(SAMPLE_KINDS.filter((k) => k.addon).map((k) => k.kind))(
    '%s: every row is stored and tagged with the session; the snapshot equals the published poll result',
    async (name) => {
      const kind = sampleKind(name);
      const rows = await sql<Record<string, unknown>>(
        db.url,
        `SELECT session_name FROM ${kind.table} WHERE server_id = $1 AND time = $2`,
        [serverId, TIME],
      );
      expect(rows).toHaveLength(RECORDS[name]!.length);
      for (const row of rows) expect(row.session_name).toBe(SESSION);
      const snapshot = await snapshots.read(serverId, orgId);
      const data = snapshot!.latest.find((l) => l.kind === name)!.data;
      const expected = json(published.get(name));
      const field = kind.columns[0]!.field;
      if (Array.isArray(data)) expect(ordered(data, field)).toEqual(ordered(expected as unknown[], field));
      else expect(data).toEqual(expected);
    },
  );

  it('storage: the snapshot counts distinct containers and their entries', async () => {
    const snapshot = await snapshots.read(serverId, orgId);
    expect(snapshot!.latest.find((l) => l.kind === 'storage')!.data).toEqual({ containers: 2, entries: 3 });
    expect(published.get('storage')).toEqual({ containers: 2, entries: 3 });
  });
  it.each(['resource_sink', 'session'] as const)(
    '%s: the REST row is the one record of the poll (bigints as JSON numbers)',
    async (name) => {
      const rows = await api.latestRows(serverId, name);
      expect(json(rows)).toEqual(RECORDS[name]!.map((r) => apiRowOf(sampleKind(name), r)));
    },
  );

  it('world inventory: every item with the containers holding it (largest first), searched by name or class', async () => {
    const inventory = sampleKind('inventory');
    const storage = sampleKind('storage');
    const containersOf = (itemClass: string) =>
      (RECORDS.storage as Record<string, unknown>[])
        .filter((s) => s.itemClass === itemClass)
        .sort((a, b) => (b.amount as number) - (a.amount as number))
        .map((s) => {
          const row = apiRowOf(storage, s);
          return Object.fromEntries(
            ['container_id', 'container_name', 'class_name', 'amount', 'pos_x', 'pos_y', 'pos_z'].map((k) => [
              k,
              row[k],
            ]),
          );
        });
    const expected = (RECORDS.inventory as Record<string, unknown>[]).map((r) => ({
      ...apiRowOf(inventory, r),
      containers: containersOf(r.itemClass as string),
    }));
    expect(json(await api.inventory(serverId, null))).toEqual(expected);
    expect(expected[0]!.containers).toHaveLength(2);
    expect(json(await api.inventory(serverId, 'iron PLATE'))).toEqual([expected[0]]);
    expect(json(await api.inventory(serverId, 'desc_water'))).toEqual([expected[1]]);
    expect(json(await api.inventory(serverId, ''))).toEqual(expected);
    // The text is matched as text: no LIKE wildcards.
    expect(await api.inventory(serverId, '%')).toEqual([]);
    expect(await api.inventory(serverId, 'iron%')).toEqual([]);
  });

  it('buildings: filtered by state (the factory summary conditions), class name and part of the recipe', async () => {
    const ids = async (filter: Parameters<MetricsRepository['buildingsPage']>[3]) =>
      (await api.buildingsPage(serverId, null, 10, filter)).map((b) => b.building_id);
    expect(await ids({ state: 'producing' })).toEqual(['B1']);
    expect(await ids({ state: 'idle' })).toEqual(['B4']);
    expect(await ids({ state: 'paused' })).toEqual(['B3']);
    expect(await ids({ state: 'unconfigured' })).toEqual(['B2']);
    expect(await ids({ state: 'stalled' })).toEqual(['B4']);
    expect(await ids({ type: 'Build_SmelterMk1_C' })).toEqual(['B1', 'B4']);
    expect(await ids({ recipe: 'IRON' })).toEqual(['B1', 'B4']);
    expect(await ids({ recipe: 'rot' })).toEqual(['B3']);
    expect(await ids({ state: 'stalled', type: 'Build_SmelterMk1_C', recipe: 'ingot' })).toEqual(['B4']);
    expect(await ids({ type: 'Build_SmelterMk1_' })).toEqual([]);
    const stalled = await api.buildingsPage(serverId, null, 10, { state: 'stalled' });
    expect(stalled[0]).toMatchObject({ stall: 'output_full', is_producing: false });
  });

  it('dashboard: every kind as its own route serves it, summaries as the snapshot counts them', async () => {
    const d = json(await api.dashboard(serverId)) as Record<string, unknown>;
    expect(d.status).toBe('online');
    expect(d.metrics).toEqual(json(await api.latestHealth(serverId)));
    for (const name of [
      'power',
      'production',
      'trains',
      'drones',
      'generators',
      'extractors',
      'drone_stations',
    ] as const)
      expect([name, d[name]]).toEqual([name, json(await api.latestRows(serverId, name))]);
    expect(d.resource_sink).toEqual(json((await api.latestRows(serverId, 'resource_sink'))[0]));
    expect(d.session).toEqual(json((await api.latestRows(serverId, 'session'))[0]));
    expect(ordered(d.players as unknown[], 'id')).toEqual(
      ordered(json(await api.playersPage(serverId, null, 10)) as unknown[], 'id'),
    );
    const inventory = (json(await api.inventory(serverId, null)) as Record<string, unknown>[]).map(
      ({ containers: _, ...item }) => item,
    );
    expect(d.inventory).toEqual(inventory);
    expect(d.factory).toEqual(published.get('factory'));
    expect(d.storage).toEqual({ containers: 2, entries: 3 });
  });

  it('dashboard of a server never polled: [] and null for every kind', async () => {
    const idle = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Idle', '127.0.0.1', '127.0.0.1', 17778, '\\x00')`,
      [idle, orgId],
    );
    const d = await api.dashboard(idle);
    for (const kind of SAMPLE_KINDS) {
      const field = kind === health ? 'metrics' : kind.kind;
      expect([field, d[field]]).toEqual([field, kind.latest.type === 'rows' ? [] : null]);
    }
    expect(d.status).toBeNull();
  });

  describe('history: the raw samples, the 1-minute and the 1-hour aggregates give the same buckets', () => {
    const around = (stepSeconds: number) => ({
      from: new Date(TIME.getTime() - 3_600_000),
      to: new Date(TIME.getTime() + 3_600_000),
      stepSeconds,
    });
    /** Each step reads another source: 30 s the samples, 60 s the per-minute aggregate, 3600 s the hourly one. */
    const STEPS = [30, 60, 3600];
    const at = { time: TIME.toISOString() };
    const r = (name: string) => RECORDS[name] as Record<string, number & string>[];

    it.each(STEPS)('step %i s: production per item', async (step) => {
      const rows = json(await histories.history(serverId, 'production', around(step)));
      expect(rows).toEqual(
        ordered(r('production'), 'itemClass').map((p) => ({
          ...at,
          item_class: p.itemClass,
          session_name: SESSION,
          current_prod_avg: p.currentProd,
          current_consumed_avg: p.currentConsumed,
          max_prod_max: p.maxProd,
          samples: 1,
        })),
      );
      expect(json(await histories.history(serverId, 'production', around(step), { item: 'Desc_Water_C' }))).toEqual([
        (rows as unknown[])[1],
      ]);
      expect(await histories.history(serverId, 'production', around(step), { session: 'another save' })).toEqual([]);
    });

    it.each(STEPS)('step %i s: generators summed per fuel', async (step) => {
      expect(json(await histories.history(serverId, 'generators', around(step)))).toEqual([
        { ...at, fuel_name: 'Coal', session_name: SESSION, generators: 1, production_sum: 75, capacity_sum: 75 },
        { ...at, fuel_name: null, session_name: SESSION, generators: 1, production_sum: 200, capacity_sum: 200 },
      ]);
      expect(await histories.history(serverId, 'generators', around(step), { session: SESSION })).toHaveLength(2);
    });

    it.each(STEPS)('step %i s: the resource sink', async (step) => {
      const sink = r('resource_sink')[0]!;
      expect(json(await histories.history(serverId, 'resource_sink', around(step)))).toEqual([
        {
          ...at,
          track: 'Resource',
          session_name: SESSION,
          total_points_max: sink.totalPoints,
          points_per_minute_avg: sink.pointsPerMinute,
          coupons_max: sink.coupons,
          samples: 1,
        },
      ]);
    });

    it.each(STEPS)('step %i s: power per circuit, one circuit with the filter', async (step) => {
      const rows = json(await histories.history(serverId, 'power', around(step))) as Record<string, unknown>[];
      expect(rows).toEqual(
        ordered(r('power'), 'circuitGroupId').map((c) => ({
          ...at,
          circuit_group_id: c.circuitGroupId,
          // From the samples, or for the aggregates the server's health samples in the bucket.
          session_name: SESSION,
          power_production_avg: c.powerProduction,
          power_consumed_avg: c.powerConsumed,
          power_capacity_max: c.powerCapacity,
          battery_percent_avg: c.batteryPercent,
          battery_percent_min: c.batteryPercent,
          fuse_triggered: c.fuseTriggered,
          samples: 1,
        })),
      );
      expect(json(await histories.history(serverId, 'power', around(step), { circuit: 2 }))).toEqual([rows[1]]);
      // A session filter reads the samples (the power aggregates keep no session).
      expect(json(await histories.history(serverId, 'power', around(step), { session: SESSION }))).toEqual(rows);
      expect(await histories.history(serverId, 'power', around(step), { session: 'another save' })).toEqual([]);
    });

    it.each(STEPS)('step %i s: health and players', async (step) => {
      expect(json(await histories.history(serverId, 'metrics', around(step)))).toEqual([
        {
          ...at,
          tick_rate_avg: 29.5,
          tick_rate_min: 29.5,
          tick_rate_max: 29.5,
          player_count_avg: 1,
          player_count_max: 1,
          samples: 1,
        },
      ]);
      expect(json(await histories.history(serverId, 'players', around(step)))).toEqual([
        { ...at, session_name: SESSION, players_online: 1, players_known: 2, samples: 1 },
      ]);
    });
  });
});
