import { randomUUID } from 'node:crypto';
import { createTestDatabase, sql, type TestDatabase } from '@app/testing';
import { Client } from 'pg';
import { historyStatement, type HistoryKind } from '../src/metrics/history.repository';

/**
 * The history reads on PostgreSQL without TimescaleDB, where the `_1m` / `_1h` aggregates are plain views: the reads
 * go to the samples through their (server_id, time) index, and answer the same buckets the views give.
 */
describe('HistoryRepository statements (PostgreSQL without TimescaleDB)', () => {
  let db: TestDatabase;
  let client: Client;
  const server = randomUUID();
  const other = randomUUID();
  // Three days of 30-second samples for two servers, so a one-hour read through the index is the planner's choice.
  const end = new Date('2026-11-20T12:00:00Z');
  const start = new Date(end.getTime() - 3 * 86_400_000);

  beforeAll(async () => {
    db = await createTestDatabase();
    const timescale = await sql<{ installed: boolean }>(
      db.url,
      `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'timescaledb') AS installed`,
    );
    // This suite is about the plain-view path; with TimescaleDB the aggregates are materialized and read as such.
    expect(timescale[0]!.installed).toBe(false);
    client = new Client({ connectionString: db.url });
    await client.connect();
    const series = `generate_series($2::timestamptz, $3::timestamptz, INTERVAL '30 seconds') AS t`;
    for (const id of [server, other]) {
      const params = [id, start, end];
      await client.query(
        `INSERT INTO server_metrics (time, server_id, status, tick_rate, player_count, session_name)
         SELECT t, $1, 'online', 20 + extract(epoch FROM t)::int % 10, extract(epoch FROM t)::int % 4, 'Save A' FROM ${series}`,
        params,
      );
      await client.query(
        `INSERT INTO power_circuits (time, server_id, circuit_group_id, power_production, power_consumed, power_capacity,
           power_max_consumed, battery_percent, battery_capacity, battery_differential, battery_input, battery_output,
           fuse_triggered, session_name)
         SELECT t, $1, c, 100 + extract(epoch FROM t)::int % 50, 80, 200, 150, 50, 100, 0, 0, 0, false, 'Save A'
         FROM ${series}, generate_series(1, 2) AS c`,
        params,
      );
      await client.query(
        `INSERT INTO production_samples (time, server_id, item_class, item_name, current_prod, max_prod,
           current_consumed, max_consumed, prod_percent, cons_percent, session_name)
         SELECT t, $1, 'Desc_' || i || '_C', 'Item ' || i, extract(epoch FROM t)::int % 60, 60, 30, 60, 50, 50, 'Save A'
         FROM ${series}, generate_series(1, 3) AS i`,
        params,
      );
      await client.query(
        `INSERT INTO generator_samples (time, server_id, generator_id, name, class_name, fuel_name, fuel_amount,
           production, capacity, load_percent, clock_percent, can_start, pos_x, pos_y, pos_z, session_name)
         SELECT t, $1, 'gen-' || g, 'Coal Generator', 'Build_GeneratorCoal_C', CASE WHEN g = 1 THEN 'Coal' END, 10,
           extract(epoch FROM t)::int % 75, 75, 50, 100, true, 0, 0, 0, 'Save A'
         FROM ${series}, generate_series(1, 2) AS g`,
        params,
      );
      await client.query(
        `INSERT INTO resource_sink_samples (time, server_id, track, total_points, coupons, coupon_progress,
           points_to_coupon, points_per_minute, session_name)
         SELECT t, $1, 'default', extract(epoch FROM t)::bigint, 1, 0.5, 100, extract(epoch FROM t)::int % 97, 'Save A'
         FROM ${series}`,
        params,
      );
    }
    await client.query('ANALYZE');
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  const kinds: HistoryKind[] = ['metrics', 'power', 'production', 'generators', 'resource_sink'];
  // An hour ending at an odd second, read per minute and per hour.
  const ranges = [
    { from: new Date(end.getTime() - 3_600_000 + 17_000), to: new Date(end.getTime() - 29_000), stepSeconds: 60 },
    { from: new Date(end.getTime() - 6 * 3_600_000 + 5_000), to: new Date(end.getTime() - 1_000), stepSeconds: 3600 },
  ];

  it.each(kinds)(
    '%s: reads the samples through the (server_id, time) index, not every sample of the server',
    async (what) => {
      for (const range of ranges) {
        const plan = async (materialized: boolean) => {
          const { sql: text, params } = historyStatement(server, what, range, {}, materialized);
          return JSON.stringify((await client.query(`EXPLAIN (FORMAT JSON) ${text}`, params)).rows[0]);
        };
        // The range is an index condition on the samples' time; through a view it cannot be (the reason for this path).
        const timeInIndex = /"Index Cond":"[^"]*\\"time\\" >= /;
        expect(await plan(false)).toMatch(timeInIndex);
        expect(await plan(true)).toMatch(/"Filter":"[^"]*date_bin\(/);
      }
    },
  );

  it.each(kinds)('%s: the same buckets as the 1-minute and 1-hour views', async (what) => {
    for (const range of ranges) {
      const direct = historyStatement(server, what, range, {}, false);
      const views = historyStatement(server, what, range, {}, true);
      expect(views.sql).toMatch(/_1[mh]\b/);
      const [a, b] = await Promise.all([
        client.query(direct.sql, direct.params),
        client.query(views.sql, views.params),
      ]);
      expect(a.rows.length).toBeGreaterThan(0);
      // Sums of averages may differ in the last bits.
      const rounded = (rows: Record<string, unknown>[]) =>
        rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]),
          ),
        );
      expect(rounded(a.rows)).toEqual(rounded(b.rows));
    }
  });
});
