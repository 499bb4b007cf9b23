import { randomUUID } from 'node:crypto';
import { Requests } from '@app/contracts';
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
  testNamespace,
  type TestDatabase,
} from '@app/testing';
import { SAMPLE_TABLES } from '../src/retention/retention.repository';

/** Sample ages the tests write, as PostgreSQL intervals before now(). */
const AGES = { '2h': '2 hours', '30h': '30 hours', '10d': '10 days', '40d': '40 days' } as const;
type Age = keyof typeof AGES;
/** Rows per age and table: with RETENTION_BATCH_ROWS=50, each expired age takes several batches. */
const ROWS = 300;
const TABLES = ['server_metrics', 'power_circuits'] as const;

/** A JSON log line of a service, or an empty object for anything else. */
const parseLine = (line: string): Record<string, unknown> => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return {};
  }
};

describe('billing-limits retention', () => {
  let db: TestDatabase;
  let messaging: Messaging;
  const prefix = testNamespace();
  const replicas: ServiceProcess[] = [];
  let inserted = 0;

  /** Writes ROWS samples per age into server_metrics and power_circuits, one second apart, for one server id. */
  const seedSamples = async (serverId: string): Promise<void> => {
    for (const age of Object.values(AGES)) {
      await sql(
        db.url,
        `INSERT INTO server_metrics (time, server_id, status, tick_rate, player_count)
         SELECT now() - $2::interval - i * interval '1 second', $1, 'online', 30, 2 FROM generate_series(1, $3::int) i`,
        [serverId, age, ROWS],
      );
      await sql(
        db.url,
        `INSERT INTO power_circuits (time, server_id, circuit_group_id, power_production, power_consumed,
           power_capacity, power_max_consumed, battery_percent, battery_capacity, battery_differential, battery_input,
           battery_output, fuse_triggered)
         SELECT now() - $2::interval - i * interval '1 second', $1, 1, 100, 80, 120, 90, 50, 1000, 0, 0, 0, false
         FROM generate_series(1, $3::int) i`,
        [serverId, age, ROWS],
      );
      inserted += 2 * ROWS;
    }
  };
  const seedServer = async (orgId: string): Promise<string> => {
    const [row] = await sql<{ id: string }>(
      db.url,
      `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, 'Server', $2, '', 7777, '\\x00') RETURNING id`,
      [orgId, `${randomUUID()}.example.com`],
    );
    await seedSamples(row!.id);
    return row!.id;
  };
  /** Rows per age left in each table for a server id. */
  const remaining = async (serverId: string): Promise<Record<string, Partial<Record<Age, number>>>> => {
    const result: Record<string, Partial<Record<Age, number>>> = {};
    for (const table of TABLES) {
      const rows = await sql<{ age: Age; n: number }>(
        db.url,
        `SELECT CASE WHEN time > now() - interval '3 hours' THEN '2h'
                     WHEN time > now() - interval '2 days' THEN '30h'
                     WHEN time > now() - interval '20 days' THEN '10d'
                     ELSE '40d' END AS age, count(*)::int AS n
         FROM ${table} WHERE server_id = $1 GROUP BY 1`,
        [serverId],
      );
      // In the order of AGES, so results compare as JSON too.
      const counts = new Map(rows.map((r) => [r.age, r.n]));
      result[table] = Object.fromEntries(
        (Object.keys(AGES) as Age[]).flatMap((a) => (counts.has(a) ? [[a, counts.get(a)]] : [])),
      );
    }
    return result;
  };
  const keeps = (...ages: Age[]): Record<string, Partial<Record<Age, number>>> => {
    const counts = Object.fromEntries(ages.map((a) => [a, ROWS]));
    return Object.fromEntries(TABLES.map((t) => [t, counts]));
  };
  /** Polls until the server's samples are exactly `expected` (retention runs every 500 ms), then asserts it. */
  const expectEventually = async (
    serverId: string,
    expected: Record<string, Partial<Record<Age, number>>>,
  ): Promise<void> => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && JSON.stringify(await remaining(serverId)) !== JSON.stringify(expected)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await remaining(serverId)).toEqual(expected);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    messaging = await connectTestMessaging(prefix);
    // Two replicas on one database: the advisory lock lets one of them run each round, the other skips it.
    const env = serviceEnv(db.url, prefix, { RETENTION_INTERVAL_MS: '500', RETENTION_BATCH_ROWS: '50' });
    for (let i = 0; i < 2; i++) replicas.push(ServiceProcess.start('billing-limits', env));
    await Promise.all(replicas.map((r) => r.ready()));
  });

  afterAll(async () => {
    for (const r of replicas) r.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
  });

  it("deletes each organisation's samples past its plan's retention, and a deleted server's after a day", async () => {
    const free = await seedServer((await seedAccount(db.url, 'free')).orgId);
    const pro = await seedServer((await seedAccount(db.url, 'pro')).orgId);
    const enterprise = await seedServer((await seedAccount(db.url, 'enterprise')).orgId);
    const custom = await seedAccount(db.url, 'team');
    await sql(db.url, 'UPDATE subscriptions SET custom_retention_hours = 48 WHERE org_id = $1', [custom.orgId]);
    const customServer = await seedServer(custom.orgId);
    // Samples of a server that no longer exists (no servers row).
    const deleted = randomUUID();
    await seedSamples(deleted);

    await expectEventually(free, keeps('2h'));
    await expectEventually(pro, keeps('2h', '30h', '10d'));
    await expectEventually(customServer, keeps('2h', '30h'));
    await expectEventually(deleted, keeps('2h'));
    // Enterprise without a custom value keeps 366 days.
    expect(await remaining(enterprise)).toEqual(keeps('2h', '30h', '10d', '40d'));
  });

  it('applies a downgrade (Pro to Hobby, 7 days) at the next run, keeping what Hobby still keeps', async () => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = await seedServer(orgId);
    await expectEventually(serverId, keeps('2h', '30h', '10d'));

    const logged = replicas.map((r) => r.output.length);
    const answer = await messaging.request(
      Requests.changeSubscription,
      { orgId, planId: 'hobby', period: 'monthly' },
      { timeoutMs: 5000 },
    );
    expect(answer).toMatchObject({ ok: true, planId: 'hobby', previousPlanId: 'pro', changed: true });
    await expectEventually(serverId, keeps('2h', '30h'));
    // One run took the whole backlog (300 rows per table, six batches of 50 each), not one batch per run. Its log
    // line follows the deletes, and may reach us a moment after they are visible in the database.
    const completed = (line: Record<string, unknown>) =>
      line.msg === 'retention run completed' &&
      (line.tables as Record<string, number> | undefined)?.server_metrics === ROWS;
    const runs = await eventually(() => {
      const lines = replicas.flatMap((r, i) => r.output.slice(logged[i]).map(parseLine));
      return lines.some(completed) ? lines : null;
    }, 5000).catch(() => replicas.flatMap((r, i) => r.output.slice(logged[i]).map(parseLine)));
    expect(runs).toContainEqual(
      expect.objectContaining({
        msg: 'retention run completed',
        tables: expect.objectContaining({ server_metrics: ROWS, power_circuits: ROWS }),
      }),
    );
  });

  it('runs on two replicas without errors and counts every deleted row once', async () => {
    const [row] = await sql<{ rows: number }>(
      db.url,
      'SELECT (SELECT count(*) FROM server_metrics)::int + (SELECT count(*) FROM power_circuits)::int AS rows',
    );
    const deletedRows = inserted - row!.rows;
    expect(deletedRows).toBeGreaterThan(0);
    const deadline = Date.now() + 10_000;
    let counted = 0;
    while (Date.now() < deadline) {
      counted = 0;
      for (const replica of replicas) {
        const port = await replica.ready();
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        counted += metricValue(text, 'gsm_billing_retention_rows_deleted_total');
      }
      if (counted === deletedRows) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(counted).toBe(deletedRows);
    for (const replica of replicas) {
      expect(replica.child.exitCode).toBeNull();
      const errors = replica.output.filter((line) => /"level":(50|60)/.test(line));
      expect(errors).toEqual([]);
    }
    // The replicas take turns or one keeps the lock; either way runs were logged, with their totals.
    // A run's log line follows its last table's deletes (and the counter), so it may come a moment later.
    const logged = () => {
      const runs = replicas.flatMap((r) => r.output.map(parseLine)).filter((e) => e.msg === 'retention run completed');
      return { runs: runs.length, deleted: runs.reduce((sum, e) => sum + Number(e.deleted), 0) };
    };
    const logDeadline = Date.now() + 10_000;
    while (logged().deleted !== deletedRows && Date.now() < logDeadline) await new Promise((r) => setTimeout(r, 100));
    expect(logged().runs).toBeGreaterThan(0);
    expect(logged().deleted).toBe(deletedRows);
  });
  it("empties every time-series table past retention (every kind of the registry, issue 20's too), keeping fresh rows", async () => {
    const serverId = await seedServer((await seedAccount(db.url, 'free')).orgId);
    // One row 2 hours and one 40 days old in each table, its required columns filled by their type.
    const valueOf = (type: string, udt: string): string =>
      type === 'USER-DEFINED'
        ? `(SELECT enumlabel FROM pg_enum JOIN pg_type ON pg_type.oid = enumtypid WHERE typname = '${udt}' ORDER BY enumsortorder LIMIT 1)::${udt}`
        : /^(int|numeric|float|double|real|smallint|bigint)/.test(type)
          ? '0'
          : type === 'boolean'
            ? 'false'
            : type === 'uuid'
              ? 'gen_random_uuid()'
              : /^json/.test(type)
                ? "'{}'"
                : /^timestamp/.test(type)
                  ? 'now()'
                  : /ARRAY/.test(type)
                    ? "'{}'"
                    : "'x'";
    for (const table of SAMPLE_TABLES) {
      const timeColumn = table === 'player_sessions' ? 'joined_at' : 'time';
      const required = await sql<{ column_name: string; data_type: string; udt_name: string }>(
        db.url,
        `SELECT column_name, data_type, udt_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL
           AND column_name NOT IN ('server_id', $2)`,
        [table, timeColumn],
      );
      const names = ['server_id', timeColumn, ...required.map((c) => c.column_name)];
      for (const age of ['2 hours', '40 days']) {
        const values = ['$1', `now() - $2::interval`, ...required.map((c) => valueOf(c.data_type, c.udt_name))];
        await sql(db.url, `INSERT INTO ${table} (${names.join(', ')}) VALUES (${values.join(', ')})`, [serverId, age]);
      }
    }
    /** Rows older than 3 hours left in each table for the server. */
    const left = async (): Promise<Record<string, number>> => {
      const counts: Record<string, number> = {};
      for (const table of SAMPLE_TABLES) {
        const timeColumn = table === 'player_sessions' ? 'joined_at' : 'time';
        const [row] = await sql<{ n: number }>(
          db.url,
          `SELECT count(*)::int AS n FROM ${table} WHERE server_id = $1 AND ${timeColumn} <= now() - interval '3 hours'`,
          [serverId],
        );
        counts[table] = row!.n;
      }
      return counts;
    };
    const none = Object.fromEntries(SAMPLE_TABLES.map((t) => [t, 0]));
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && JSON.stringify(await left()) !== JSON.stringify(none))
      await new Promise((r) => setTimeout(r, 200));
    expect(await left()).toEqual(none);
    // The fresh row of every table is still there.
    for (const table of SAMPLE_TABLES) {
      const timeColumn = table === 'player_sessions' ? 'joined_at' : 'time';
      const [row] = await sql<{ n: number }>(
        db.url,
        `SELECT count(*)::int AS n FROM ${table} WHERE server_id = $1 AND ${timeColumn} > now() - interval '3 hours'`,
        [serverId],
      );
      expect([table, row!.n]).toEqual([table, table === 'server_metrics' || table === 'power_circuits' ? ROWS + 1 : 1]);
    }
    // Issue 20's kinds are among them.
    expect(SAMPLE_TABLES).toEqual(
      expect.arrayContaining([
        'generator_samples',
        'extractor_samples',
        'drone_station_samples',
        'inventory_samples',
        'storage_samples',
        'resource_sink_samples',
        'session_samples',
        'player_sessions',
        'server_status_changes',
      ]),
    );
  });
});
