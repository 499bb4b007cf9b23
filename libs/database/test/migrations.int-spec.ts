import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from '@app/testing';
import { PrismaPg } from '@prisma/adapter-pg';
import { Client } from 'pg';
import {
  applyMigrations,
  findMigrationsDir,
  MigrationChecksumError,
  pendingMigrations,
  readMigrations,
} from '../src/migrator';
import { PrismaClient } from '../src/generated/prisma/client';

const TIME_SERIES = [
  'server_metrics',
  'power_circuits',
  'player_samples',
  'production_samples',
  'train_samples',
  'drone_samples',
  'factory_building_samples',
  'generator_samples',
  'extractor_samples',
  'drone_station_samples',
  'inventory_samples',
  'storage_samples',
  'resource_sink_samples',
  'session_samples',
];
const AGGREGATES = [
  'generator_samples_1h',
  'generator_samples_1m',
  'power_circuits_1h',
  'power_circuits_1m',
  'production_samples_1h',
  'production_samples_1m',
  'resource_sink_samples_1h',
  'resource_sink_samples_1m',
  'server_metrics_1h',
  'server_metrics_1m',
];
const RELATIONAL = [
  'users',
  'organisations',
  'memberships',
  'invitations',
  'sessions',
  'api_tokens',
  'servers',
  'server_states',
  'plans',
  'subscriptions',
  'api_usage_daily',
  'alert_rules',
  'notification_channels',
  'alert_rule_channels',
  'alert_states',
  'incidents',
  'deliveries',
  'delivery_attempts',
  'silences',
  'share_links',
  'audit_log',
  'server_status_changes',
  'latest',
  'alert_recipients',
  // issue 22: verify
  'account_tokens',
  // issue 22: twofactor
  'totp_factors',
  'recovery_codes',
  'passkeys',
  'sign_in_challenges',
  // issue 22: sso
  'sso_configs',
  'sso_domains',
  'sso_login_attempts',
  // issue 24: players
  'player_sessions',
  'player_last_seen',
  'player_session_cursors',
  // issue 24: public status pages
  'status_pages',
  'status_page_servers',
  'status_incidents',
  'status_incident_updates',
  'status_subscribers',
  'status_outbox',
  'status_maintenance_notices',
  // issue 24: ack
  'incident_notes',
  'incident_ack_links',
];

async function query<T extends object>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function tables(url: string): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    url,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  return rows.map((r) => r.table_name).sort();
}

describe('migration runner', () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createEmptyDatabase();
  });
  afterEach(async () => {
    await db.drop();
  });

  it('applies every migration to an empty database and produces every table', async () => {
    const report = await applyMigrations({ databaseUrl: db.url });
    expect(report.applied).toEqual(readMigrations(findMigrationsDir()).map((m) => m.name));
    expect(await tables(db.url)).toEqual([...RELATIONAL, ...TIME_SERIES, '_prisma_migrations'].sort());
    const bookkeeping = await query<{ migration_name: string; finished_at: Date | null; checksum: string }>(
      db.url,
      'SELECT migration_name, finished_at, checksum FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(bookkeeping.map((r) => r.migration_name)).toEqual(report.applied);
    expect(bookkeeping.every((r) => r.finished_at !== null && /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  });

  it('re-applies as a no-op', async () => {
    await applyMigrations({ databaseUrl: db.url });
    const before = await query<{ id: string }>(db.url, 'SELECT id FROM _prisma_migrations ORDER BY id');
    const again = await applyMigrations({ databaseUrl: db.url });
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toHaveLength(before.length);
    expect(await query<{ id: string }>(db.url, 'SELECT id FROM _prisma_migrations ORDER BY id')).toEqual(before);
  });

  it('refuses a migration that changed after it was applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gsm-migrations-'));
    cpSync(findMigrationsDir(), dir, { recursive: true });
    await applyMigrations({ databaseUrl: db.url, migrationsDir: dir });
    const first = readMigrations(dir)[0]!;
    writeFileSync(join(dir, first.name, 'migration.sql'), `${first.sql}\n-- edited after the fact\n`);
    await expect(applyMigrations({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(MigrationChecksumError);
  });

  it('rolls a failing migration back whole and records nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gsm-migrations-'));
    cpSync(findMigrationsDir(), dir, { recursive: true });
    cpSync(join(dir, readMigrations(dir)[0]!.name), join(dir, '29990101000000_break_things'), { recursive: true });
    writeFileSync(
      join(dir, '29990101000000_break_things', 'migration.sql'),
      'CREATE TABLE half_done (id int);\nSELECT 1/0;',
    );
    await expect(applyMigrations({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(
      /29990101000000_break_things failed/,
    );
    expect(await tables(db.url)).not.toContain('half_done');
    const names = await query<{ migration_name: string }>(db.url, 'SELECT migration_name FROM _prisma_migrations');
    expect(names.map((r) => r.migration_name)).not.toContain('29990101000000_break_things');
  });

  it('lets concurrent runners apply each migration exactly once', async () => {
    const reports = await Promise.all([1, 2, 3].map(() => applyMigrations({ databaseUrl: db.url })));
    const appliedTotal = reports.reduce((n, r) => n + r.applied.length, 0);
    expect(appliedTotal).toBe(readMigrations(findMigrationsDir()).length);
    const rows = await query<{ n: string }>(db.url, 'SELECT count(*) AS n FROM _prisma_migrations');
    expect(Number(rows[0]!.n)).toBe(appliedTotal);
  });
});

/** Runs the built CLI (`node libs/database/dist/migrate.cli.js ...args`); resolves with its exit code and output. */
function runCli(
  args: string[],
  env: Record<string, string>,
  onLine?: (line: string) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(__dirname, '../dist/migrate.cli.js'), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line) onLine?.(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('waiting for the schema (migrate.cli --wait, run by a new release before it starts)', () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createEmptyDatabase();
  });
  afterEach(async () => {
    await db.drop();
  });

  it('lists every migration as pending on an empty database and none once applied', async () => {
    const all = readMigrations(findMigrationsDir()).map((m) => m.name);
    expect(await pendingMigrations({ databaseUrl: db.url })).toEqual(all);
    await applyMigrations({ databaseUrl: db.url });
    expect(await pendingMigrations({ databaseUrl: db.url })).toEqual([]);
  });

  it('waits while migrations are pending and exits 0 as soon as the migration has run', async () => {
    let sawWaiting!: () => void;
    const waiting = new Promise<void>((resolve) => (sawWaiting = resolve));
    const run = runCli(['--wait', '60'], { DATABASE_URL: db.url }, (line) => {
      if (line.includes('waiting for the migration job')) sawWaiting();
    });
    await waiting;
    await applyMigrations({ databaseUrl: db.url });
    const result = await run;
    expect(result.code).toBe(0);
    expect(result.output).toContain('schema is up to date');
  });

  it('gives up with exit 1 and says what is missing when the migration never runs', async () => {
    const result = await runCli(['--wait', '1'], { DATABASE_URL: db.url });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/gave up after 1 s: waiting for the migration job: \d+ migration\(s\) not applied/);
  });

  it('refuses a bad argument with a sentence and exit 2', async () => {
    const result = await runCli(['--wait', 'soon'], { DATABASE_URL: db.url });
    expect(result.code).toBe(2);
    expect(result.output).toContain('--wait takes a whole number of seconds');
  });
});

describe('migrated schema', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let timescale: boolean;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
    const rows = await query<{ on: boolean }>(
      db.url,
      "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb') AS on",
    );
    timescale = rows[0]!.on;
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  it('matches schema.prisma: the Prisma client can read every model', async () => {
    const delegates = Object.keys(prisma).filter(
      (k) => !k.startsWith('$') && !k.startsWith('_') && typeof (prisma as never)[k]?.['findMany'] === 'function',
    );
    expect(delegates.length).toBe(RELATIONAL.length + TIME_SERIES.length);
    for (const delegate of delegates) {
      await expect(
        (prisma as never as Record<string, { findMany(a: object): Promise<unknown[]> }>)[delegate]!.findMany({
          take: 1,
        }),
      ).resolves.toBeInstanceOf(Array);
    }
  });

  it('writes and reads a full account graph through Prisma', async () => {
    const user = await prisma.user.create({
      data: { email: 'pioneer@example.com', name: 'Pioneer', passwordHash: 'x' },
    });
    const org = await prisma.organisation.create({
      data: {
        name: 'Pioneer',
        personal: true,
        ownerUserId: user.id,
        memberships: { create: { userId: user.id, role: 'admin' } },
        subscription: { create: { planId: 'free' } },
      },
    });
    const server = await prisma.server.create({
      data: {
        orgId: org.id,
        name: 'Main',
        host: '203.0.113.7',
        address: '203.0.113.7',
        adminPasswordEnc: Buffer.from('cipher'),
        state: { create: {} },
      },
      include: { state: true },
    });
    expect(server).toMatchObject({
      port: 7777,
      addonHttpPort: 8080,
      addonWsPort: 8081,
      state: { status: 'unknown', addonStatus: 'unknown' },
    });
    await expect(
      prisma.server.create({
        data: {
          orgId: org.id,
          name: 'Dup',
          host: '203.0.113.7',
          address: '203.0.113.7',
          adminPasswordEnc: Buffer.from('c'),
        },
      }),
    ).rejects.toThrow(/Unique constraint/);
    const token = await prisma.apiToken.create({
      data: { orgId: org.id, userId: user.id, name: 'ci', prefix: 'gsm_ab', tokenHash: 'h' },
    });
    expect(token.scopes).toEqual([]);
  });

  it('seeds the plan table of the spec', async () => {
    const plans = await prisma.plan.findMany({ orderBy: { sortOrder: 'asc' } });
    expect(
      plans.map((p) => [p.id, p.maxServers, p.retentionHours, p.priceMonthlyCents, p.intervalHealthSeconds]),
    ).toEqual([
      ['free', 1, 24, 0, 30],
      ['hobby', 2, 168, 600, 15],
      ['pro', 5, 720, 1900, 10],
      ['team', 15, 2160, 4900, 10],
      ['enterprise', null, null, null, 10],
    ]);
    expect(plans.find((p) => p.id === 'pro')?.apiDailyQuota).toBe(10_000);
  });

  it('keeps the latest snapshot as a primary-key upsert', async () => {
    const serverId = '0b6f8c1e-3f47-4d2a-9b7e-2f1c5d9a8e10';
    for (const tick of [29.9, 12.5]) {
      await query(
        db.url,
        `INSERT INTO latest (server_id, kind, time, data) VALUES ($1, 'health', now(), $2)
         ON CONFLICT (server_id, kind) DO UPDATE SET time = EXCLUDED.time, data = EXCLUDED.data`,
        [serverId, JSON.stringify({ tickRate: tick })],
      );
    }
    const rows = await query<{ data: { tickRate: number } }>(db.url, 'SELECT data FROM latest WHERE server_id = $1', [
      serverId,
    ]);
    expect(rows).toEqual([{ data: { tickRate: 12.5 } }]);
  });

  it('aggregates samples into 1-minute and 1-hour buckets under the same names on both storage paths', async () => {
    const serverId = '1b6f8c1e-3f47-4d2a-9b7e-2f1c5d9a8e10';
    await query(
      db.url,
      `INSERT INTO server_metrics (time, server_id, status, tick_rate, player_count)
       SELECT t, $1, 'online', v, 2 FROM unnest($2::timestamptz[], $3::real[]) AS s(t, v)`,
      [serverId, ['2026-11-22T10:00:05Z', '2026-11-22T10:00:35Z', '2026-11-22T10:01:10Z'], [30, 20, 10]],
    );
    if (timescale) {
      await query(db.url, "CALL refresh_continuous_aggregate('server_metrics_1m', NULL, NULL)");
      await query(db.url, "CALL refresh_continuous_aggregate('server_metrics_1h', NULL, NULL)");
    }
    const minutes = await query<{ bucket: Date; tick_rate_avg: number; samples: string }>(
      db.url,
      'SELECT bucket, tick_rate_avg, samples FROM server_metrics_1m WHERE server_id = $1 ORDER BY bucket',
      [serverId],
    );
    expect(minutes.map((m) => [m.bucket.toISOString(), m.tick_rate_avg, Number(m.samples)])).toEqual([
      ['2026-11-22T10:00:00.000Z', 25, 2],
      ['2026-11-22T10:01:00.000Z', 10, 1],
    ]);
    const hours = await query<{ samples: string }>(
      db.url,
      'SELECT samples FROM server_metrics_1h WHERE server_id = $1',
      [serverId],
    );
    expect(hours.map((h) => Number(h.samples))).toEqual([3]);
  });

  it('indexes every time-series table by time (BRIN) and, without TimescaleDB, serves the aggregates as views', async () => {
    const indexes = await query<{ indexname: string; indexdef: string }>(
      db.url,
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname LIKE '%_time_idx'",
    );
    for (const table of TIME_SERIES) {
      expect(indexes.find((i) => i.indexname === `${table}_time_idx`)?.indexdef).toMatch(/USING brin \("?time"?\)/);
    }
    if (!timescale) {
      const views = await query<{ table_name: string }>(
        db.url,
        "SELECT table_name FROM information_schema.views WHERE table_schema = 'public'",
      );
      expect(views.map((v) => v.table_name).sort()).toEqual(AGGREGATES);
    }
  });

  // Global setup records whether the test PostgreSQL has TimescaleDB installed and preloaded; the migrations take
  // the hypertable path exactly then, and the plain-table path otherwise (these machines cannot install TimescaleDB,
  // so CI here checks the plain path; a PostgreSQL with TimescaleDB checks the other).
  const timescaleAvailable = process.env.GSM_TEST_TIMESCALE === 'present';
  it(`takes the storage path the server offers (TimescaleDB ${timescaleAvailable ? 'present' : 'absent'} here)`, async () => {
    expect(timescale).toBe(timescaleAvailable);
    const kinds = await query<{ relname: string; relkind: string }>(
      db.url,
      `SELECT c.relname, c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = ANY($1)`,
      [[...TIME_SERIES, ...AGGREGATES]],
    );
    const kindOf = Object.fromEntries(kinds.map((k) => [k.relname, k.relkind]));
    if (timescaleAvailable) {
      const rows = await query<{ hypertable_name: string }>(
        db.url,
        'SELECT hypertable_name FROM timescaledb_information.hypertables',
      );
      expect(rows.map((r) => r.hypertable_name).sort()).toEqual([...TIME_SERIES].sort());
      const caggs = await query<{ view_name: string }>(
        db.url,
        'SELECT view_name FROM timescaledb_information.continuous_aggregates',
      );
      expect(caggs.map((c) => c.view_name).sort()).toEqual(AGGREGATES);
      // Every hypertable compressed after 2 days and dropped after 366 (retention by plan deletes earlier), every
      // aggregate refreshed by a policy.
      const jobs = await query<{ proc_name: string; hypertable_name: string }>(
        db.url,
        "SELECT proc_name, hypertable_name FROM timescaledb_information.jobs WHERE proc_schema = '_timescaledb_functions' OR proc_schema = '_timescaledb_internal'",
      );
      const tablesWith = (proc: string) =>
        jobs
          .filter((j) => j.proc_name === proc)
          .map((j) => j.hypertable_name)
          .sort();
      expect(tablesWith('policy_retention')).toEqual([...TIME_SERIES].sort());
      expect(tablesWith('policy_compression')).toEqual([...TIME_SERIES].sort());
      expect(jobs.filter((j) => j.proc_name === 'policy_refresh_continuous_aggregate')).toHaveLength(AGGREGATES.length);
    } else {
      // Reads by server and time have a B-tree of their own on plain tables (the primary keys put the key before
      // the time), and the planner takes it for the snapshot's read of one poll.
      const byServerTime = await query<{ tablename: string; indexdef: string }>(
        db.url,
        "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname LIKE '%_server_id_time_idx'",
      );
      const keyed = TIME_SERIES.filter((t) => t !== 'server_metrics' && t !== 'session_samples');
      expect(byServerTime.map((i) => i.tablename).sort()).toEqual([...keyed].sort());
      for (const index of byServerTime) expect(index.indexdef).toMatch(/USING btree \(server_id, "?time"?\)/);
      // 20 servers x 50 buildings x 60 polls, in time order as the poller writes them.
      await query(
        db.url,
        `INSERT INTO factory_building_samples (time, server_id, building_id, class_name, name, is_configured,
           is_producing, is_paused, productivity, manu_speed, pos_x, pos_y, pos_z)
         SELECT TIMESTAMPTZ '2026-11-22T09:00:00Z' + t * INTERVAL '1 minute',
                ('2b6f8c1e-3f47-4d2a-9b7e-2f1c5d9a8e' || lpad(s::text, 2, '0'))::uuid, 'b' || b, 'Build_C', 'C',
                true, true, false, 100, 100, 0, 0, 0
           FROM generate_series(1, 60) t, generate_series(10, 29) s, generate_series(1, 50) b ORDER BY t, s, b`,
      );
      await query(db.url, 'ANALYZE factory_building_samples');
      const plan = await query<{ 'QUERY PLAN': string }>(
        db.url,
        `EXPLAIN SELECT count(*) FROM factory_building_samples WHERE server_id = $1 AND time = $2`,
        ['2b6f8c1e-3f47-4d2a-9b7e-2f1c5d9a8e10', '2026-11-22T10:00:00Z'],
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('factory_building_samples_server_id_time_idx');
      // Plain tables and plain views, and nothing of TimescaleDB's left half-made.
      for (const table of TIME_SERIES) expect([table, kindOf[table]]).toEqual([table, 'r']);
      for (const view of AGGREGATES) expect([view, kindOf[view]]).toEqual([view, 'v']);
      const schemas = await query<{ nspname: string }>(
        db.url,
        "SELECT nspname FROM pg_namespace WHERE nspname LIKE '\\_timescaledb%' OR nspname = 'timescaledb_information'",
      );
      expect(schemas).toEqual([]);
    }
  });
});
