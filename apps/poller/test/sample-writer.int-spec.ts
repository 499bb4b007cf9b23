import { randomUUID } from 'node:crypto';
import { createTestDatabase, resolveTestServices, seedAccount, sql, type TestDatabase } from '@app/testing';
import { Pool } from 'pg';
import type { ServerStatus } from '@app/contracts';
import { SampleWriter as Writer, type Confirmation, type WriteUnit } from '../src/storage/sample-writer';
import { SamplesRepository } from '../src/storage/samples.repository';

/** The writer on a pool, as the poller module builds it. */
class SampleWriter extends Writer {
  constructor(pool: Pool, ...rest: ConstructorParameters<typeof Writer> extends [unknown, ...infer R] ? R : never) {
    super(new SamplesRepository(pool), ...rest);
  }
}

/** A health unit of one poll, as the worker builds it. */
function healthUnit(serverId: string, time: Date, tickRate: number): WriteUnit {
  const data = {
    status: 'unknown' as const,
    tickRate,
    playerCount: 2,
    playerLimit: 4,
    techTier: 3,
    gamePhase: 'None',
    gamePhaseNumber: 0,
    gamePhaseName: null,
    isRunning: true,
    isPaused: false,
    totalDuration: 1000,
    sessionName: 'S',
    latencyMs: 1.5,
  };
  return {
    serverId,
    rows: {},
    health: { serverId, time, observed: 'online', lastSeenAt: time, lastError: null, reason: null, data },
  };
}

/** A health observation as a worker hands it over (the game did not answer: no data). */
function observation(serverId: string, time: Date, observed: ServerStatus): WriteUnit {
  return {
    serverId,
    rows: {},
    health: {
      serverId,
      time,
      observed,
      lastSeenAt: observed === 'offline' ? null : time,
      lastError: null,
      reason: null,
    },
  };
}

function powerUnit(serverId: string, time: Date): WriteUnit {
  const circuit = (id: number) => [time, serverId, id, 100, 50, 200, 60, 80, 1000, 5, 10, 5, 0, 0, false, 'S'];
  return {
    serverId,
    rows: { power_circuits: [circuit(1), circuit(2)] },
    latest: { serverId, kind: 'power', time, data: [] },
  };
}

describe('SampleWriter (real PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let serverId: string;
  let orgId: string;
  let nextPort = 20_000;
  /** Registers servers with these ids in the test's organisation (each on its own port). */
  const addServers = async (ids: string[]): Promise<string[]> => {
    for (const id of ids)
      await sql(
        db.url,
        `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
         VALUES ($1, $2, 's', '127.0.0.1', '127.0.0.1', $3, '\\x00'::bytea)`,
        [id, orgId, nextPort++],
      );
    return ids;
  };
  /** The keys of one server (`<id>:...`), in their order. */
  const perServer = (keys: string[], id: string) => keys.filter((k) => k.startsWith(id));

  beforeAll(async () => {
    const services = await resolveTestServices();
    db = await createTestDatabase(services.databaseUrl);
    pool = new Pool({ connectionString: db.url, max: 2 });
    orgId = (await seedAccount(db.url, 'pro')).orgId;
    serverId = (await addServers([randomUUID()]))[0]!;
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

  it('a poll whose values PostgreSQL refuses is dropped alone: the rest of its batch and the batches after it are written', async () => {
    const [a, b] = await addServers([randomUUID(), randomUUID()]);
    const refused: number[] = [];
    const writer = new SampleWriter(
      pool,
      { flushMs: 10_000, maxBatchRows: 10_000, maxBufferedRows: 100_000 },
      { onDropped() {}, onFlushed() {}, onFlushFailed() {}, onRefused: (rows) => refused.push(rows) },
    );
    const t = new Date('2026-11-25T12:00:00Z');
    const bad = powerUnit(a!, t);
    // 273 years to full: beyond the column's integer range (22003 numeric_value_out_of_range).
    bad.rows.power_circuits![1]![13] = 8_619_589_617;
    const outcomes = await Promise.allSettled(
      [healthUnit(a!, t, 30), bad, healthUnit(b!, t, 29), powerUnit(b!, t)]
        .map((u): Promise<unknown> => writer.enqueue(u))
        .concat(writer.flush()),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('out of range');
    expect(refused).toEqual([3]);
    // The lane goes on: the next batch is written as usual.
    const later = new Date('2026-11-25T12:00:10Z');
    await Promise.all([writer.enqueue(powerUnit(a!, later)), writer.flush()]);
    await writer.stop();
    const count = async (table: string, id: string) =>
      Number((await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM ${table} WHERE server_id = $1`, [id]))[0]!.n);
    expect([await count('server_metrics', a!), await count('power_circuits', a!)]).toEqual([1, 2]);
    expect([await count('server_metrics', b!), await count('power_circuits', b!)]).toEqual([1, 2]);
  });

  describe('status confirmation in the write transaction (any worker, any order)', () => {
    let server: string;
    const writers: SampleWriter[] = [];
    const newWriter = () => {
      const w = new SampleWriter(
        pool,
        { flushMs: 60_000, maxBatchRows: 1000, maxBufferedRows: 10_000 },
        { onDropped() {}, onFlushed() {}, onFlushFailed() {} },
      );
      writers.push(w);
      return w;
    };
    const at = (s: number) => new Date(Date.parse('2026-11-22T12:00:00.000Z') + s * 1000);
    /** Writes the units in one flush; `seen` collects the confirmations the writer answers, in unit order. */
    const write = async (w: SampleWriter, units: WriteUnit[], seen: (Confirmation | null)[] = []) => {
      const done = units.map((u) => w.enqueue(u));
      await w.flush();
      seen.push(...(await Promise.all(done)));
    };
    const changes = () =>
      sql<{ time: Date; previous: string; status: string }>(
        db.url,
        'SELECT time, previous, status FROM server_status_changes WHERE server_id = $1 ORDER BY time',
        [server],
      ).then((rows) => rows.map((r) => `${r.time.toISOString().slice(11, 19)} ${r.previous}->${r.status}`));
    const stored = () =>
      sql<{ status: string; pending_status: string | null; observed_at: Date }>(
        db.url,
        'SELECT status, pending_status, observed_at FROM server_states WHERE server_id = $1',
        [server],
      ).then((rows) => rows[0]);

    beforeEach(async () => {
      server = (await addServers([randomUUID()]))[0]!;
    });
    afterAll(async () => {
      for (const w of writers) await w.stop();
    });

    it('two workers alternate: a change is confirmed once, by the second observation, whoever wrote the first', async () => {
      const [a, b] = [newWriter(), newWriter()];
      const seen: Confirmation[] = [];
      await write(a, [observation(server, at(0), 'online')], seen);
      await write(b, [observation(server, at(3), 'online')], seen);
      await write(a, [observation(server, at(6), 'offline')], seen);
      expect((await stored())!).toMatchObject({ status: 'online', pending_status: 'offline' });
      await write(b, [observation(server, at(9), 'offline')], seen);
      expect(await changes()).toEqual(['12:00:00 unknown->online', '12:00:09 online->offline']);
      expect(seen.map((c) => c.status)).toEqual(['online', 'online', 'online', 'offline']);
      expect(seen[3]!.changed).toEqual({ previous: 'online', status: 'offline', reason: null });
      const rows = await sql<{ status: string }>(
        db.url,
        'SELECT status FROM server_metrics WHERE server_id = $1 ORDER BY time',
        [server],
      );
      expect(rows.map((r) => r.status)).toEqual(['online', 'online', 'online', 'offline']);
    });

    it('a backlog written late (after an outage) never takes the status back: older observations change nothing', async () => {
      const [a, b] = [newWriter(), newWriter()];
      await write(a, [observation(server, at(0), 'online')]);
      // Worker B held these while PostgreSQL was away; worker A wrote newer ones first.
      const late = [observation(server, at(3), 'offline'), observation(server, at(9), 'online')];
      await write(a, [observation(server, at(6), 'offline'), observation(server, at(12), 'offline')]);
      const seen: (Confirmation | null)[] = [];
      await write(b, late, seen);
      expect(await changes()).toEqual(['12:00:00 unknown->online', '12:00:12 online->offline']);
      expect((await stored())!.status).toBe('offline');
      expect((await stored())!.observed_at.toISOString()).toBe(at(12).toISOString());
      expect(seen).toEqual([
        { status: 'offline', changed: null },
        { status: 'offline', changed: null },
      ]);
    });

    it('a redelivered observation confirms nothing twice; concurrent writers of one server neither deadlock nor double', async () => {
      const writersOf = [newWriter(), newWriter(), newWriter()];
      await write(writersOf[0]!, [observation(server, at(0), 'online'), observation(server, at(3), 'degraded')]);
      // The same confirming observation from three workers at once (a redelivered job, raced).
      const seen: (Confirmation | null)[] = [];
      await Promise.all(writersOf.map((w) => write(w, [observation(server, at(6), 'degraded')], seen)));
      expect(await changes()).toEqual(['12:00:00 unknown->online', '12:00:06 online->degraded']);
      expect((await stored())!.status).toBe('degraded');
      // Each copy reports the change (read back for the repeats): whichever copy's publish gets through, the
      // event is sent, and the one message id makes the others duplicates NATS drops. So a transaction whose
      // COMMIT succeeded unseen, retried, still publishes its status change.
      expect(seen.length).toBe(3);
      expect(new Set(seen.map((c) => JSON.stringify(c)))).toEqual(
        new Set([
          JSON.stringify({ status: 'degraded', changed: { previous: 'online', status: 'degraded', reason: null } }),
        ]),
      );
    });
  });

  /** Two new servers of the test's organisation whose ids fall into lanes 0 and 1 of a two-lane writer. */
  const newServersInLanes = (): Promise<string[]> =>
    addServers([`${randomUUID().slice(0, 28)}00000000`, `${randomUUID().slice(0, 28)}00000001`]);

  describe('two transactions in flight (connections: 2)', () => {
    const newServers = (count: number): Promise<string[]> =>
      addServers(Array.from({ length: count }, () => randomUUID()));
    const changesOf = (ids: string[]) =>
      sql<{ server_id: string; time: Date; previous: string; status: string }>(
        db.url,
        'SELECT server_id, time, previous, status FROM server_status_changes WHERE server_id = ANY($1) ORDER BY time',
        [ids],
      );
    const at = (s: number) => new Date(Date.parse('2026-11-22T13:00:00.000Z') + s * 1000);
    // Per server and round: online, online, offline, offline, online, online.
    const PATTERN: ServerStatus[] = ['online', 'online', 'offline', 'offline', 'online', 'online'];

    it('stores every unit once, with both connections busy; each server confirmed and settled in its own order', async () => {
      const ids = await newServers(20);
      let active = 0;
      let mostActive = 0;
      const counted = new Pool({ connectionString: db.url, max: 2 });
      counted.on('acquire', () => (mostActive = Math.max(mostActive, ++active)));
      counted.on('release', () => active--);
      const failures: Error[] = [];
      const writer = new SampleWriter(
        counted,
        // 3 health units (2 rows each) per batch: 40 batches, each server's rounds spread over several.
        { flushMs: 5, maxBatchRows: 6, maxBufferedRows: 10_000, connections: 2 },
        { onDropped() {}, onFlushed() {}, onFlushFailed: (e) => failures.push(e) },
      );
      const settled: string[] = [];
      const done: Promise<void>[] = [];
      const enqueued: string[] = [];
      for (const [round, status] of PATTERN.entries())
        for (const id of ids) {
          const key = `${id}:${round}`;
          enqueued.push(key);
          done.push(writer.enqueue(observation(id, at(round * 10), status)).then(() => void settled.push(key)));
          // A failed power poll of the same server: no rows, only its result to publish, in the server's order.
          enqueued.push(`${key}:failed`);
          done.push(writer.enqueue({ serverId: id, rows: {} }).then(() => void settled.push(`${key}:failed`)));
        }
      await writer.flush();
      await Promise.all(done);
      await writer.stop();
      await counted.end();

      expect(mostActive).toBe(2);
      // The lanes never wait on each other's rows: no lock timeout, no deadlock, no retried batch.
      expect(failures).toEqual([]);
      // Each server's units settle (their callers then publish) in the order they were queued.
      for (const id of ids) expect(perServer(settled, id)).toEqual(perServer(enqueued, id));
      expect(settled.length).toBe(enqueued.length);
      const metrics = await sql<{ n: string }>(
        db.url,
        'SELECT count(*) AS n FROM server_metrics WHERE server_id = ANY($1)',
        [ids],
      );
      expect(Number(metrics[0]!.n)).toBe(ids.length * PATTERN.length);
      const changes = await changesOf(ids);
      for (const id of ids)
        expect(
          changes
            .filter((c) => c.server_id === id)
            .map((c) => `${c.time.toISOString().slice(14, 19)} ${c.previous}->${c.status}`),
        ).toEqual(['00:00 unknown->online', '00:30 online->offline', '00:50 offline->online']);
    });

    it('after a batch fails, its units go back first and are written, each server in order, before anything newer', async () => {
      const ids = await newServers(6);
      let connects = 0;
      // The second connection attempt fails (PostgreSQL refused it): that batch must be retried before the third.
      const flaky = {
        connect: () => (++connects === 2 ? Promise.reject(new Error('connection refused (test)')) : pool.connect()),
      } as unknown as Pool;
      const failures: string[] = [];
      const writer = new SampleWriter(
        flaky,
        { flushMs: 5, maxBatchRows: 4, maxBufferedRows: 10_000, connections: 2 },
        { onDropped() {}, onFlushed() {}, onFlushFailed: (e) => failures.push(e.message) },
      );
      const settled: string[] = [];
      const enqueued: string[] = [];
      const done: Promise<void>[] = [];
      for (const [round, status] of PATTERN.slice(0, 4).entries())
        for (const id of ids) {
          const key = `${id}:${round}`;
          enqueued.push(key);
          done.push(writer.enqueue(observation(id, at(round * 10), status)).then(() => void settled.push(key)));
        }
      await Promise.all(done);
      await writer.stop();

      expect(failures).toEqual(['connection refused (test)']);
      for (const id of ids) expect(perServer(settled, id)).toEqual(perServer(enqueued, id));
      expect(settled.length).toBe(enqueued.length);
      const changes = await changesOf(ids);
      for (const id of ids)
        expect(changes.filter((c) => c.server_id === id).map((c) => `${c.previous}->${c.status}`)).toEqual([
          'unknown->online',
          'online->offline',
        ]);
    });
  });

  it('when one lane commits again after an outage, a lane still backing off retries at once', async () => {
    const ids = await newServersInLanes();
    let down = true;
    const flaky = {
      connect: () => (down ? Promise.reject(new Error('connection refused (test)')) : pool.connect()),
    } as unknown as Pool;
    const failedAt: number[] = [];
    const writer = new SampleWriter(
      flaky,
      { flushMs: 5, maxBatchRows: 1000, maxBufferedRows: 10_000, connections: 2 },
      { onDropped() {}, onFlushed() {}, onFlushFailed: () => failedAt.push(Date.now()) },
    );
    const t = new Date('2026-11-22T14:00:00.000Z');
    let firstAt = 0;
    const first = writer.enqueue(healthUnit(ids[0]!, t, 30)).then(() => (firstAt = Date.now()));
    // Lane 0 alone fails five times (backoff 200, 400, 800, 1600 ms): its next retry is 3.2 s away.
    while (failedAt.length < 5) await new Promise((r) => setTimeout(r, 10));
    down = false;
    const kickedAt = Date.now();
    await writer.enqueue(healthUnit(ids[1]!, t, 30)); // lane 1: commits at its first flush
    await first;
    await writer.stop();
    expect(failedAt).toHaveLength(5);
    expect(firstAt - kickedAt).toBeLessThan(1000);
  });

  // Ids ending in ...0 and ...1 fall into lanes 0 and 1 of a two-lane writer.
  const LANE_IDS = ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001'];
  it.each([
    // One lane: units 0-7 of one server.
    { connections: 1, lanes: [0, 0, 0, 0, 0, 0, 0, 0] },
    // Two lanes: lane 0 gets units 0-2 and 6-7, lane 1 units 3-5; the oldest go first whichever lane holds them.
    { connections: 2, lanes: [0, 0, 0, 1, 1, 1, 0, 0] },
  ])(
    'when the buffer is full while PostgreSQL is away, the oldest units are dropped and counted, the newest kept ($connections lane(s))',
    async ({ connections, lanes }) => {
      const dead = new Pool({ connectionString: 'postgresql://127.0.0.1:1/none', connectionTimeoutMillis: 200 });
      const dropped: number[] = [];
      const writer = new SampleWriter(
        dead,
        { flushMs: 10_000, maxBatchRows: 1000, maxBufferedRows: 10, connections },
        { onDropped: (units) => dropped.push(units), onFlushed() {}, onFlushFailed() {} },
      );
      const outcomes: string[] = [];
      const base = Date.parse('2026-11-22T11:00:00.000Z');
      // Each health unit counts 2 rows (its sample and its state): 8 units are 16 rows, 10 fit.
      for (const [i, lane] of lanes.entries())
        writer.enqueue(healthUnit(LANE_IDS[lane]!, new Date(base + i * 1000), 30)).then(
          () => outcomes.push(`${i} written`),
          () => outcomes.push(`${i} dropped`),
        );
      await new Promise((r) => setImmediate(r));
      expect(dropped.reduce((a, b) => a + b, 0)).toBe(3);
      expect(outcomes.sort()).toEqual(['0 dropped', '1 dropped', '2 dropped']);
      expect(writer.depth).toBe(10);
      await writer.stop();
      await dead.end();
    },
  );
});
