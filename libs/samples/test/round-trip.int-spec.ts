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
import { MetricsRepository } from '../../../apps/api-gateway/src/metrics/metrics.repository';
import { SampleWriter } from '../../../apps/poller/src/storage/sample-writer';
import { SamplesRepository } from '../../../apps/poller/src/storage/samples.repository';
import { unitOf } from '../../../apps/poller/src/storage/write-unit';
import type { PollOutcome } from '../../../apps/poller/src/worker/poll-outcome';
import { SnapshotRepository } from '../../../apps/realtime-gateway/src/rooms/snapshot.repository';

const TIME = new Date('2026-11-26T08:00:00.000Z');

/** FRM records of each add-on kind as the game client parses them: nulls where FRM allows them, odd text. */
const RECORDS: Record<string, object[]> = {
  power: [
    {
      circuitGroupId: 2,
      powerProduction: 1500.5,
      powerConsumed: 1200.25,
      powerCapacity: 1800,
      powerMaxConsumed: 1700,
      batteryPercent: 55.5,
      batteryCapacity: 400,
      batteryDifferential: -12.5,
      batteryInput: 0,
      batteryOutput: 12.5,
      batteryTimeEmptySeconds: 3600,
      batteryTimeFullSeconds: null,
      fuseTriggered: false,
    },
    {
      circuitGroupId: 1,
      powerProduction: 0,
      powerConsumed: 0,
      powerCapacity: 0,
      powerMaxConsumed: 0,
      batteryPercent: 0,
      batteryCapacity: 0,
      batteryDifferential: 0,
      batteryInput: 0,
      batteryOutput: 0,
      batteryTimeEmptySeconds: null,
      batteryTimeFullSeconds: null,
      fuseTriggered: true,
    },
  ],
  players: [
    {
      playerId: randomUUID(),
      frmId: 'BP_Char_1',
      name: 'Ada',
      isOnline: true,
      health: 100,
      speed: 12.5,
      isDead: false,
      posX: 1.5,
      posY: -2.25,
      posZ: 300,
    },
    {
      playerId: randomUUID(),
      frmId: 'BP_Char_2',
      name: '',
      isOnline: false,
      health: 0,
      speed: 0,
      isDead: true,
      posX: 0,
      posY: 0,
      posZ: 0,
    },
  ],
  production: [
    {
      itemClass: 'Desc_IronIngot_C',
      itemName: 'Iron Ingot',
      itemForm: 'Solid',
      currentProd: 120,
      maxProd: 180,
      currentConsumed: 90.5,
      maxConsumed: 120,
      prodPercent: 66.7,
      consPercent: 75.4,
    },
    {
      itemClass: 'Desc_Water_C',
      itemName: 'Water\ttab "quoted"',
      itemForm: null,
      currentProd: 0,
      maxProd: 0,
      currentConsumed: 0,
      maxConsumed: 0,
      prodPercent: 0,
      consPercent: 0,
    },
  ],
  trains: [
    {
      trainId: 'T1',
      name: 'Ore Express ',
      status: 'Self-Driving',
      station: null,
      forwardSpeed: 88.5,
      throttlePercent: 100,
      totalMass: 500000,
      payloadMass: 120000,
      maxPayloadMass: 200000,
      derailed: false,
      pendingDerail: false,
      selfDriving: 'SDLE_NoError',
      docking: null,
      path: 'PDE_NoError',
      powerConsumed: null,
      posX: 10,
      posY: 20,
      posZ: 30,
    },
  ],
  drones: [
    {
      droneId: 'D1',
      name: 'Drone 1',
      homeStation: 'Home',
      pairedStation: null,
      destination: null,
      flyingMode: 'Flying',
      flyingSpeed: 250.5,
      maxSpeed: 300,
      posX: 1,
      posY: 2,
      posZ: 3,
    },
  ],
  factory: [
    {
      buildingId: 'B1',
      className: 'Build_SmelterMk1_C',
      name: 'Smelter',
      recipe: 'Iron Ingot',
      isConfigured: true,
      isProducing: true,
      isPaused: false,
      productivity: 99.5,
      manuSpeed: 250,
      somersloops: 0,
      powerShards: 3,
      circuitGroupId: 1,
      powerConsumed: 12.5,
      posX: 1,
      posY: 2,
      posZ: 3,
    },
    {
      buildingId: 'B2',
      className: 'Build_ConstructorMk1_C',
      name: 'Constructor',
      recipe: null,
      isConfigured: false,
      isProducing: false,
      isPaused: false,
      productivity: 0,
      manuSpeed: 100,
      somersloops: 0,
      powerShards: 0,
      circuitGroupId: null,
      powerConsumed: null,
      posX: 4,
      posY: 5,
      posZ: 6,
    },
    {
      buildingId: 'B3',
      className: 'Build_AssemblerMk1_C',
      name: 'Assembler',
      recipe: 'Rotor',
      isConfigured: true,
      isProducing: false,
      isPaused: true,
      productivity: 0,
      manuSpeed: 100,
      somersloops: 1,
      powerShards: 0,
      circuitGroupId: 2,
      powerConsumed: 0,
      posX: 7,
      posY: 8,
      posZ: 9,
    },
  ],
};

const HEALTH: HealthData = {
  status: 'unknown',
  tickRate: 29.5,
  playerCount: 1,
  playerLimit: 4,
  techTier: 3,
  gamePhase:
    "/Script/FactoryGame.FGGamePhase'/Game/FactoryGame/GamePhases/GP_Project_Assembly_Phase_1.GP_Project_Assembly_Phase_1'",
  gamePhaseNumber: 1,
  gamePhaseName: 'Distribution Platform',
  isRunning: true,
  isPaused: false,
  totalDuration: 123_456,
  sessionName: 'Round "trip"',
  latencyMs: 4.5,
};

/** A record's value as the REST API serves it (JSON: numbers, booleans, strings, null). */
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/** A record's API row: each API column's field under its snake_case name, plus the poll's time. */
function apiRowOf(kind: SampleKind, record: object): Record<string, unknown> {
  const r = record as Record<string, unknown>;
  const row: Record<string, unknown> = { time: TIME.toISOString() };
  for (const c of kind.columns) if (c.api) row[c.column] = json(r[c.field]);
  return row;
}

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
    for (const kind of SAMPLE_KINDS.filter((k) => k.sampled)) {
      const records = RECORDS[kind.kind]!;
      const data = eventDataOf(kind, records);
      published.set(kind.kind, data);
      outcomes.push({ ...base, job: job(kind.kind), kind: kind.kind as 'power', records, data });
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
      expect([kind.kind, pro![`interval_${kind.kind}_seconds`]]).toEqual([
        kind.kind,
        PRO_INTERVAL_SECONDS[kind.interval],
      ]);
  });

  it('health: the REST row is the record in snake_case with the confirmed status; the snapshot is the published data', async () => {
    const row = await api.latestHealth(serverId);
    const { status } = published.get('health') as HealthData;
    expect(status).toBe('online'); // a new server's first observation is confirmed at once
    expect(json(row)).toEqual(apiRowOf(health, { ...HEALTH, status }));
    const snapshot = await snapshots.read(serverId, orgId);
    expect(snapshot!.latest.find((l) => l.kind === 'health')!.data).toEqual(json(published.get('health')));
  });

  it.each(['power', 'production', 'trains', 'drones'] as const)(
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
    expect(ordered(json(rows) as unknown[], 'player_id')).toEqual(ordered(expected, 'player_id'));
    expect(rows[0]).not.toHaveProperty('frm_id');
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
    expect(summary).toEqual({ buildings: 3, producing: 1, idle: 0, unconfigured: 1, paused: 1 });
    expect(summary).toEqual(published.get('factory'));
    // The dashboard's seed counts the REST buildings the same way.
    expect(
      eventDataOf(
        kind,
        (json(rows) as Record<string, unknown>[]).map((r) => recordOfApiRow(kind, r)),
      ),
    ).toEqual(published.get('factory'));
  });
});
