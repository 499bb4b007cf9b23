import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { DeliveriesRepository, type AttemptOutcome } from '../src/delivery/deliveries.repository';

/**
 * The delivery workers' table as DeliveryService uses it, against a real, migrated PostgreSQL: one claim wins, an
 * attempt is logged and applied together, a failure schedules its retry, the last one ends it, and the outbox sweep
 * finds exactly the deliveries left waiting.
 */
describe('DeliveriesRepository (real PostgreSQL)', () => {
  let db: TestDatabase;
  /** Two replicas, each with its own pool, as two alerting processes would be. */
  let prismaA: PrismaService;
  let prismaB: PrismaService;
  let repo: DeliveriesRepository;
  let replicaB: DeliveriesRepository;
  let port = 19500;

  beforeAll(async () => {
    db = await createTestDatabase();
    prismaA = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'alerting-test-a' });
    prismaB = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'alerting-test-b' });
    await Promise.all([prismaA.$connect(), prismaB.$connect()]);
    repo = new DeliveriesRepository(prismaA);
    replicaB = new DeliveriesRepository(prismaB);
  });

  afterAll(async () => {
    await prismaA?.$disconnect();
    await prismaB?.$disconnect();
    await db?.drop();
  });

  interface Org {
    orgId: string;
    serverId: string;
    channelId: string;
  }
  const addOrg = async (kind = 'discord', enabled = true): Promise<Org> => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Base', '203.0.113.7', '203.0.113.7', $3, '\\x00'::bytea)`,
      [serverId, orgId, port++],
    );
    const channelId = await addChannel(orgId, kind, enabled);
    return { orgId, serverId, channelId };
  };
  const addChannel = async (orgId: string, kind: string, enabled: boolean, name = 'Ops'): Promise<string> => {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO notification_channels (id, org_id, kind, name, config_enc, config_hint, enabled)
       VALUES ($1, $2, $3::channel_kind, $4, '\\x0a0b0c'::bytea, 'hint', $5)`,
      [id, orgId, kind, name, enabled],
    );
    return id;
  };

  interface DeliverySeed {
    channelId?: string;
    event?: string;
    status?: string;
    attempts?: number;
    failures?: number;
    /** SQL expressions, evaluated by the database (its clock is the one the repository uses). */
    claimedUntil?: string;
    nextAttemptAt?: string;
    createdAt?: string;
    message?: Record<string, unknown>;
  }
  const addDelivery = async (org: Org, d: DeliverySeed = {}): Promise<string> => {
    const incidentId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO incidents (id, org_id, server_id, state, summary) VALUES ($1, $2, $3, 'open', 'Base is offline')`,
      [incidentId, org.orgId, org.serverId],
    );
    const [row] = await sql<{ id: string }>(
      db.url,
      `INSERT INTO deliveries (incident_id, channel_id, org_id, event, status, attempts, failures, message,
                               claimed_until, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5::delivery_status, $6, $7, $8::jsonb,
               ${d.claimedUntil ?? 'NULL'}, ${d.nextAttemptAt ?? 'NULL'}, ${d.createdAt ?? 'now()'})
       RETURNING id`,
      [
        incidentId,
        d.channelId ?? org.channelId,
        org.orgId,
        d.event ?? 'fired',
        d.status ?? 'pending',
        d.attempts ?? 0,
        d.failures ?? 0,
        JSON.stringify(d.message ?? { summary: 'Base is offline' }),
      ],
    );
    return row!.id;
  };

  interface Stored {
    status: string;
    attempts: number;
    failures: number;
    response_status: number | null;
    error: string | null;
    claimed: boolean;
    sent: boolean;
    attempted: boolean;
    /** Seconds from the last attempt to the next one (null when none is scheduled). */
    retry_in: number | null;
  }
  const stored = async (id: string): Promise<Stored> => {
    const [row] = await sql<Stored>(
      db.url,
      `SELECT status::text, attempts, failures, response_status, error, claimed_until IS NOT NULL AS claimed,
              sent_at IS NOT NULL AS sent, last_attempt_at IS NOT NULL AS attempted,
              EXTRACT(EPOCH FROM next_attempt_at - last_attempt_at)::float8 AS retry_in
         FROM deliveries WHERE id = $1`,
      [id],
    );
    return row!;
  };
  const attemptLog = (id: string) =>
    sql(
      db.url,
      `SELECT attempt, status_code, error, duration_ms, retry_after_ms FROM delivery_attempts
        WHERE delivery_id = $1 ORDER BY attempt`,
      [id],
    );
  const outcome = (o: Partial<AttemptOutcome> & Pick<AttemptOutcome, 'attempt' | 'status'>): AttemptOutcome => ({
    failures: 0,
    responseStatus: null,
    error: null,
    durationMs: 100,
    retryAfterMs: null,
    delayMs: null,
    ...o,
  });

  it('lets one of several workers claiming a due delivery at once have it, with what the sender needs, for the hold asked', async () => {
    const org = await addOrg();
    for (let round = 0; round < 10; round++) {
      const id = await addDelivery(org, {
        event: 'repeat:2',
        attempts: 2,
        failures: 1,
        message: { summary: 'Base is offline', at: '2026-05-01T12:00:00.000Z' },
      });

      // Two replicas, two claims each, all at once.
      const claims = await Promise.all([
        repo.claim(id, 25),
        replicaB.claim(id, 25),
        repo.claim(id, 25),
        replicaB.claim(id, 25),
      ]);

      const won = claims.filter((c) => c !== null);
      expect(won).toEqual([
        {
          id,
          incident_id: expect.any(String),
          channel_id: org.channelId,
          event: 'repeat:2',
          attempts: 2,
          failures: 1,
          message: { summary: 'Base is offline', at: '2026-05-01T12:00:00.000Z' },
          sending_since: null,
        },
      ]);
      const [held] = await sql<{ hold: number; in_future: boolean; status: string }>(
        db.url,
        `SELECT EXTRACT(EPOCH FROM claimed_until - updated_at)::float8 AS hold, claimed_until > now() AS in_future,
                status::text FROM deliveries WHERE id = $1`,
        [id],
      );
      expect(held).toEqual({ hold: 25, in_future: true, status: 'pending' });
      // Held: a redelivered job finds it taken, and the status tells the worker to wait rather than drop it.
      expect(await replicaB.claim(id, 25)).toBeNull();
      expect(await replicaB.status(id)).toBe('pending');
    }
  });

  it('a request written by a worker that stopped before recording the answer is told to the next claim, and only then', async () => {
    const org = await addOrg();
    const id = await addDelivery(org);
    expect((await repo.claim(id, 25))!.sending_since).toBeNull();
    await repo.markSending(id);
    // The worker dies here; its claim runs out.
    await sql(db.url, `UPDATE deliveries SET claimed_until = now() - interval '1 second' WHERE id = $1`, [id]);
    const next = await replicaB.claim(id, 25);
    expect(next!.sending_since).toBeInstanceOf(Date);
    await replicaB.recordAttempt(id, outcome({ attempt: 1, status: 'failed', responseStatus: 500, delayMs: 0 }));
    // An outcome recorded clears it: the attempt after a failure is an ordinary one.
    expect((await repo.claim(id, 25))!.sending_since).toBeNull();
  });

  it('claims a failed delivery and one whose hold expired; never one still held, sent, dead, skipped or unknown', async () => {
    const org = await addOrg();
    const failed = await addDelivery(org, { status: 'failed', attempts: 1, failures: 1 });
    const expired = await addDelivery(org, { claimedUntil: `now() - interval '1 second'` });
    const held = await addDelivery(org, { claimedUntil: `now() + interval '1 minute'` });
    const sent = await addDelivery(org, { status: 'sent' });
    const dead = await addDelivery(org, { status: 'dead' });
    const skipped = await addDelivery(org, { status: 'skipped' });
    const unknown = randomUUID();

    expect((await repo.claim(failed, 10))?.id).toBe(failed);
    expect((await repo.claim(expired, 10))?.id).toBe(expired);
    for (const id of [held, sent, dead, skipped, unknown]) expect(await repo.claim(id, 10)).toBeNull();
    expect(await Promise.all([held, sent, dead, skipped, unknown].map((id) => repo.status(id)))).toEqual([
      'pending',
      'sent',
      'dead',
      'skipped',
      null,
    ]);
    // A claim leaves what it did not claim untouched.
    expect(await stored(sent)).toMatchObject({ status: 'sent', claimed: false });
  });

  it('logs a failed attempt and applies it: the claim is released, the failure counted, the retry scheduled; a rate limit is not a failure; a later success ends it', async () => {
    const org = await addOrg();
    const id = await addDelivery(org);
    await repo.claim(id, 30);

    await repo.recordAttempt(
      id,
      outcome({
        attempt: 1,
        failures: 1,
        status: 'failed',
        responseStatus: 502,
        error: 'bad gateway',
        durationMs: 120,
        delayMs: 30_000,
      }),
    );
    expect(await stored(id)).toEqual({
      status: 'failed',
      attempts: 1,
      failures: 1,
      response_status: 502,
      error: 'bad gateway',
      claimed: false,
      sent: false,
      attempted: true,
      retry_in: 30,
    });
    // The redelivered job may claim it; the sweep leaves it alone until its retry is due.
    expect(await repo.overdue(0)).not.toContainEqual(expect.objectContaining({ id }));
    expect((await repo.claim(id, 30))?.attempts).toBe(1);

    await repo.recordAttempt(
      id,
      outcome({
        attempt: 2,
        failures: 1,
        status: 'failed',
        responseStatus: 429,
        error: 'rate limited',
        durationMs: 40,
        retryAfterMs: 7_500,
        delayMs: 7_500,
      }),
    );
    expect(await stored(id)).toMatchObject({ status: 'failed', attempts: 2, failures: 1, retry_in: 7.5 });

    expect((await repo.claim(id, 30))?.failures).toBe(1);
    await repo.recordAttempt(
      id,
      outcome({ attempt: 3, failures: 1, status: 'sent', responseStatus: 204, durationMs: 80 }),
    );
    expect(await stored(id)).toEqual({
      status: 'sent',
      attempts: 3,
      failures: 1,
      response_status: 204,
      error: null,
      claimed: false,
      sent: true,
      attempted: true,
      retry_in: null,
    });
    const [times] = await sql<{ same: boolean }>(
      db.url,
      `SELECT sent_at = last_attempt_at AS same FROM deliveries WHERE id = $1`,
      [id],
    );
    expect(times!.same).toBe(true);
    expect(await attemptLog(id)).toEqual([
      { attempt: 1, status_code: 502, error: 'bad gateway', duration_ms: 120, retry_after_ms: null },
      { attempt: 2, status_code: 429, error: 'rate limited', duration_ms: 40, retry_after_ms: 7500 },
      { attempt: 3, status_code: 204, error: null, duration_ms: 80, retry_after_ms: null },
    ]);
    expect(await repo.claim(id, 30)).toBeNull();
    expect(await repo.status(id)).toBe('sent');
  });

  it('gives up at the last attempt: dead, nothing scheduled, never claimed or swept again', async () => {
    const org = await addOrg();
    const id = await addDelivery(org, {
      status: 'failed',
      attempts: 4,
      failures: 4,
      createdAt: `now() - interval '1 day'`,
      nextAttemptAt: `now() - interval '1 hour'`,
    });
    expect(await repo.overdue(0)).toContainEqual(expect.objectContaining({ id }));
    await repo.claim(id, 30);

    await repo.recordAttempt(
      id,
      outcome({
        attempt: 5,
        failures: 5,
        status: 'dead',
        responseStatus: 503,
        error: 'gave up after 5 failed attempts: unavailable',
      }),
    );

    expect(await stored(id)).toEqual({
      status: 'dead',
      attempts: 5,
      failures: 5,
      response_status: 503,
      error: 'gave up after 5 failed attempts: unavailable',
      claimed: false,
      sent: false,
      attempted: true,
      retry_in: null,
    });
    expect(await attemptLog(id)).toEqual([
      {
        attempt: 5,
        status_code: 503,
        error: 'gave up after 5 failed attempts: unavailable',
        duration_ms: 100,
        retry_after_ms: null,
      },
    ]);
    expect(await repo.claim(id, 30)).toBeNull();
    expect(await repo.overdue(0)).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('logs an attempt only together with its outcome: when applying it fails, neither is kept', async () => {
    const org = await addOrg();
    const id = await addDelivery(org);
    await repo.claim(id, 30);

    await expect(
      repo.recordAttempt(id, outcome({ attempt: 1, status: 'lost' as AttemptOutcome['status'] })),
    ).rejects.toThrow();

    expect(await attemptLog(id)).toEqual([]);
    expect(await stored(id)).toMatchObject({ status: 'pending', attempts: 0, claimed: true, attempted: false });
  });

  it('ends a delivery without sending it (skipped or dead), with its reason, logging no attempt', async () => {
    const org = await addOrg();
    const skipped = await addDelivery(org, { nextAttemptAt: `now() + interval '1 minute'` });
    const dead = await addDelivery(org);
    await repo.claim(skipped, 30);
    await repo.claim(dead, 30);

    await repo.finish(skipped, 'skipped', 'the channel is switched off', null);
    await repo.finish(dead, 'dead', 'the channel settings could not be decrypted', 400);

    const ended = await sql(
      db.url,
      `SELECT id, status::text, error, response_status, claimed_until, next_attempt_at, attempts FROM deliveries
        WHERE id = ANY($1::uuid[]) ORDER BY status::text`,
      [[skipped, dead]],
    );
    expect(ended).toEqual([
      {
        id: dead,
        status: 'dead',
        error: 'the channel settings could not be decrypted',
        response_status: 400,
        claimed_until: null,
        next_attempt_at: null,
        attempts: 0,
      },
      {
        id: skipped,
        status: 'skipped',
        error: 'the channel is switched off',
        response_status: null,
        claimed_until: null,
        next_attempt_at: null,
        attempts: 0,
      },
    ]);
    expect([...(await attemptLog(skipped)), ...(await attemptLog(dead))]).toEqual([]);
    expect([await repo.claim(skipped, 30), await repo.claim(dead, 30)]).toEqual([null, null]);
  });

  it('gives a claim back to wait for the rate limit: claimable by the next job, not swept before the wait is over', async () => {
    const org = await addOrg();
    const id = await addDelivery(org, { createdAt: `now() - interval '1 hour'` });
    await repo.claim(id, 30);

    await repo.release(id, 2_500);

    const [row] = await sql<{ status: string; claimed: boolean; wait: number; attempts: number }>(
      db.url,
      `SELECT status::text, claimed_until IS NOT NULL AS claimed, attempts,
              EXTRACT(EPOCH FROM next_attempt_at - now())::float8 AS wait FROM deliveries WHERE id = $1`,
      [id],
    );
    expect(row).toMatchObject({ status: 'pending', claimed: false, attempts: 0 });
    expect(row!.wait).toBeGreaterThan(1.5);
    expect(row!.wait).toBeLessThanOrEqual(2.5);
    expect(await repo.overdue(0)).not.toContainEqual(expect.objectContaining({ id }));
    expect((await replicaB.claim(id, 30))?.id).toBe(id);
  });

  it('finds for the outbox sweep the deliveries left waiting past the grace, oldest first, with their channel kind, of every organisation', async () => {
    const a = await addOrg('discord');
    const b = await addOrg('slack');
    const old = (s: number) => `timestamptz '2000-01-01T00:00:00Z' + interval '${s} seconds'`;

    const neverPublished = await addDelivery(a, { createdAt: old(0) });
    const retryDue = await addDelivery(b, {
      status: 'failed',
      attempts: 2,
      event: 'resolved',
      createdAt: old(1),
      nextAttemptAt: `now() - interval '5 minutes'`,
    });
    const holdExpired = await addDelivery(a, { createdAt: old(2), claimedUntil: `now() - interval '1 second'` });
    const repeat = await addDelivery(a, { event: 'repeat:3', createdAt: old(3) });
    const notYet = await addDelivery(a, {
      status: 'failed',
      createdAt: old(4),
      nextAttemptAt: `now() + interval '1 hour'`,
    });
    const held = await addDelivery(a, { createdAt: old(5), claimedUntil: `now() + interval '1 minute'` });
    const done = await Promise.all(
      ['sent', 'dead', 'skipped'].map((status, i) => addDelivery(a, { status, createdAt: old(6 + i) })),
    );
    const recent = await addDelivery(a, { createdAt: `now() - interval '30 seconds'` });
    const mine = new Set([neverPublished, retryDue, holdExpired, repeat, notYet, held, ...done, recent]);
    const swept = async (graceMs: number, limit?: number) =>
      (await repo.overdue(graceMs, limit)).filter((d) => mine.has(d.id));

    expect(await swept(60_000)).toEqual([
      {
        id: neverPublished,
        incident_id: expect.any(String),
        channel_id: a.channelId,
        kind: 'discord',
        event: 'fired',
        attempts: 0,
      },
      {
        id: retryDue,
        incident_id: expect.any(String),
        channel_id: b.channelId,
        kind: 'slack',
        event: 'resolved',
        attempts: 2,
      },
      {
        id: holdExpired,
        incident_id: expect.any(String),
        channel_id: a.channelId,
        kind: 'discord',
        event: 'fired',
        attempts: 0,
      },
      {
        id: repeat,
        incident_id: expect.any(String),
        channel_id: a.channelId,
        kind: 'discord',
        event: 'repeat:3',
        attempts: 0,
      },
    ]);
    // Within a shorter grace the delivery created 30 s ago is overdue too.
    expect((await swept(10_000)).map((d) => d.id)).toEqual([neverPublished, retryDue, holdExpired, repeat, recent]);
    // The limit keeps the oldest (nothing else in this database was created in 2000).
    expect((await repo.overdue(60_000, 2)).map((d) => d.id)).toEqual([neverPublished, retryDue]);
  });

  it("answers a delivery's channel as the sender needs it, with its own organisation and language", async () => {
    const a = await addOrg('telegram', false);
    const b = await addOrg('webhook', true);
    await sql(db.url, `UPDATE notification_channels SET locale = 'nl' WHERE id = $1`, [b.channelId]);

    expect(await repo.channel(a.channelId)).toEqual({
      id: a.channelId,
      org_id: a.orgId,
      kind: 'telegram',
      name: 'Ops',
      enabled: false,
      // A channel nobody chose a language for writes English.
      locale: 'en',
      config_enc: expect.anything(),
    });
    const other = await repo.channel(b.channelId);
    expect(other).toMatchObject({ id: b.channelId, org_id: b.orgId, kind: 'webhook', enabled: true, locale: 'nl' });
    expect(Buffer.from(other!.config_enc)).toEqual(Buffer.from([0x0a, 0x0b, 0x0c]));
    expect(await repo.channel(randomUUID())).toBeNull();
  });
});
