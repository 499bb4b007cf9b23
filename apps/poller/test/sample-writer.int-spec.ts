import { randomUUID } from 'node:crypto';
import { createTestDatabase, resolveTestServices, seedAccount, sql, type TestDatabase } from '@app/testing';
import { Pool } from 'pg';
import { SampleWriter, type WriteUnit } from '../src/storage/sample-writer';

/** A health unit of one poll, as the worker builds it. */
function healthUnit(serverId: string, time: Date, tickRate: number): WriteUnit {
  return {
    rows: {
      server_metrics: [[time, serverId, 'online', tickRate, 2, 4, 3, 'None', 0, true, false, 1000, 'S', 1.5]],
    },
    latest: { serverId, kind: 'health', time, data: { tickRate } },
    healthState: {
      serverId,
      status: 'online',
      pendingStatus: null,
      pendingCount: 0,
      time,
      lastSeenAt: time,
      lastError: null,
    },
  };
}

function powerUnit(serverId: string, time: Date): WriteUnit {
  const circuit = (id: number) => [time, serverId, id, 100, 50, 200, 60, 80, 1000, 5, 10, 5, 0, 0, false];
  return { rows: { power_circuits: [circuit(1), circuit(2)] }, latest: { serverId, kind: 'power', time, data: [] } };
}

describe('SampleWriter (real PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let serverId: string;

  beforeAll(async () => {
    const services = await resolveTestServices();
    db = await createTestDatabase(services.databaseUrl);
    pool = new Pool({ connectionString: db.url, max: 2 });
    const { orgId } = await seedAccount(db.url, 'pro');
    serverId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'w', '127.0.0.1', '127.0.0.1', 7777, '\\x00'::bytea)`,
      [serverId, orgId],
    );
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('a batch holding rows already stored (a redelivered job) stores them once and still stores the rest', async () => {
    let duplicates = 0;
    const writer = new SampleWriter(
      pool,
      { flushMs: 10_000, maxBatchRows: 1000, maxBufferedRows: 10_000 },
      { onDropped() {}, onFlushed() {}, onFlushFailed() {}, onDuplicateBatch: () => duplicates++ },
    );
    const t1 = new Date('2026-11-22T10:00:00.000Z');
    const t2 = new Date('2026-11-22T10:00:10.000Z');
    const first = [writer.enqueue(healthUnit(serverId, t1, 29.5)), writer.enqueue(powerUnit(serverId, t1))];
    await writer.flush();
    await Promise.all(first);
    expect(duplicates).toBe(0);

    // The same polls again (redelivered) in one batch with a new health poll.
    const second = [
      writer.enqueue(healthUnit(serverId, t1, 29.5)),
      writer.enqueue(powerUnit(serverId, t1)),
      writer.enqueue(healthUnit(serverId, t2, 12.25)),
    ];
    await writer.flush();
    await Promise.all(second);
    await writer.stop();

    expect(duplicates).toBe(1);
    const metrics = await sql<{ time: Date; tick_rate: number }>(
      db.url,
      'SELECT time, tick_rate FROM server_metrics WHERE server_id = $1 ORDER BY time',
      [serverId],
    );
    expect(metrics.map((m) => [m.time.toISOString(), m.tick_rate])).toEqual([
      [t1.toISOString(), 29.5],
      [t2.toISOString(), 12.25],
    ]);
    const power = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM power_circuits WHERE server_id = $1', [
      serverId,
    ]);
    expect(Number(power[0]!.n)).toBe(2);
    const latest = await sql<{ kind: string; time: Date; data: { tickRate?: number } }>(
      db.url,
      'SELECT kind, time, data FROM latest WHERE server_id = $1 ORDER BY kind',
      [serverId],
    );
    expect(latest.map((l) => [l.kind, l.time.toISOString()])).toEqual([
      ['health', t2.toISOString()],
      ['power', t1.toISOString()],
    ]);
    expect(latest[0]!.data.tickRate).toBe(12.25);
    const state = await sql<{ last_seen_at: Date }>(
      db.url,
      'SELECT last_seen_at FROM server_states WHERE server_id = $1',
      [serverId],
    );
    expect(state[0]!.last_seen_at.toISOString()).toBe(t2.toISOString());
  });

  it('when the buffer is full while PostgreSQL is away, the oldest units are dropped and counted, the newest kept', async () => {
    const dead = new Pool({ connectionString: 'postgresql://127.0.0.1:1/none', connectionTimeoutMillis: 200 });
    const dropped: number[] = [];
    const writer = new SampleWriter(
      dead,
      { flushMs: 10_000, maxBatchRows: 1000, maxBufferedRows: 10 },
      { onDropped: (units) => dropped.push(units), onFlushed() {}, onFlushFailed() {} },
    );
    const outcomes: string[] = [];
    const base = Date.parse('2026-11-22T11:00:00.000Z');
    for (let i = 0; i < 8; i++) {
      // Each health unit counts 2 rows (its sample and its state): 8 units are 16 rows, 10 fit.
      const index = i;
      writer.enqueue(healthUnit(serverId, new Date(base + i * 1000), 30)).then(
        () => outcomes.push(`${index} written`),
        () => outcomes.push(`${index} dropped`),
      );
    }
    await new Promise((r) => setImmediate(r));
    expect(dropped.reduce((a, b) => a + b, 0)).toBe(3);
    expect(outcomes.sort()).toEqual(['0 dropped', '1 dropped', '2 dropped']);
    expect(writer.depth).toBe(10);
    await writer.stop();
    await dead.end();
  });
});
