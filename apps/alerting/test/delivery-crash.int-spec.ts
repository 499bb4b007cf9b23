import { randomUUID } from 'node:crypto';
import { sealChannelConfig, type AlertMessage } from '@app/alerts';
import type { DeliveryJob } from '@app/contracts';
import { PrismaService } from '@app/database';
import { parseAllowCidrs, TargetGuard } from '@app/game-client';
import type { Messaging } from '@app/messaging';
import { SystemClock, type LifecycleService } from '@app/platform';
import { SecretBox } from '@app/secrets';
import {
  createTestDatabase,
  seedAccount,
  sql,
  startDiscordReceiver,
  type DiscordReceiver,
  type TestDatabase,
} from '@app/testing';
import type { AlertingMetrics } from '../src/alerting.metrics';
import type { AlertingConfig } from '../src/app.config';
import { ChannelSender } from '../src/delivery/channel-sender';
import { DeliveriesRepository, type AttemptOutcome } from '../src/delivery/deliveries.repository';
import { DeliveryService } from '../src/delivery/delivery.service';
import type { SmtpMailer } from '../src/delivery/smtp-mailer';
import { RateLimiter } from '../src/delivery/rate-limiter';
import type { EvaluationService } from '../src/engine/evaluation.service';
import type { AckLinks } from '../src/incidents/ack-links';
import type { RecipientsService } from '../src/recipients/recipients.service';

/** A replica killed (kill -9) once the receiver has the request and before the answer is recorded. */
class KilledAfterWriting extends DeliveriesRepository {
  override recordAttempt(_id: string, _a: AttemptOutcome): Promise<void> {
    return Promise.reject(new Error('killed before recording the answer'));
  }
}

/**
 * A delivery worker dying in the middle of a send, against a real PostgreSQL and a loopback Discord look-alike: the
 * replica that takes the delivery over does not send it a second time when the first one's request had been written
 * (issue 23: no doubled notification), and sends it when the first one never reached the receiver (none lost).
 */
describe('DeliveryService when a worker dies mid-send (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let discord: DiscordReceiver;
  const box = new SecretBox(SecretBox.generateKey());
  const env = {
    ALERTING_SEND_TIMEOUT_MS: 5000,
    ALERTING_MAX_FAILURES: 12,
    ALERTING_RETRY_BASE_MS: 500,
    ALERTING_RETRY_MAX_MS: 4000,
    ALERTING_SWEEP_MS: 3000,
    PUBLIC_URL: null,
    TELEGRAM_API_URL: 'https://api.telegram.org',
  } as unknown as AlertingConfig;

  /** One alerting replica's delivery worker (the parts deliver() uses are real; billing-limits is away). */
  const replica = (repository: DeliveriesRepository): DeliveryService => {
    const clock = new SystemClock();
    const guard = new TargetGuard({ allowCidrs: parseAllowCidrs('127.0.0.0/8') });
    const sender = new ChannelSender(env, guard, clock, { configured: false } as SmtpMailer);
    const none = () => undefined;
    const metrics = {
      sendDuration: { observe: none },
      deliveries: { inc: none },
      deliveryLatency: { observe: none },
    } as unknown as AlertingMetrics;
    const messaging = { request: () => Promise.reject(new Error('billing-limits is away')) } as unknown as Messaging;
    const ackLinks = { urlFor: () => Promise.resolve(null) } as unknown as AckLinks;
    return new DeliveryService(
      messaging,
      repository,
      sender,
      metrics,
      {} as LifecycleService,
      {} as EvaluationService,
      box,
      new RateLimiter(),
      clock,
      env,
      {} as RecipientsService,
      ackLinks,
    );
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2, applicationName: 'alerting-test-crash' });
    await prisma.$connect();
    discord = await startDiscordReceiver();
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await discord?.close();
    await db?.drop();
  });

  /** A Pro organisation with a server, a Discord channel to the receiver and one pending "offline" delivery. */
  const pendingDelivery = async (serverName: string): Promise<DeliveryJob> => {
    const { orgId } = await seedAccount(db.url, 'pro');
    const serverId = randomUUID();
    const channelId = randomUUID();
    const incidentId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, $3, '203.0.113.7', '203.0.113.7', 7777, '\\x00'::bytea)`,
      [serverId, orgId, serverName],
    );
    const sealed = sealChannelConfig(box, channelId, { kind: 'discord', url: discord.webhookUrl });
    await sql(
      db.url,
      `INSERT INTO notification_channels (id, org_id, kind, name, config_enc, config_hint, enabled)
       VALUES ($1, $2, 'discord', 'Ops', $3, 'hint', true)`,
      [channelId, orgId, Buffer.from(sealed)],
    );
    await sql(
      db.url,
      `INSERT INTO incidents (id, org_id, server_id, state, summary) VALUES ($1, $2, $3, 'open', 'offline')`,
      [incidentId, orgId, serverId],
    );
    const at = new Date();
    const message: AlertMessage = {
      transition: 'fired',
      severity: 'critical',
      ruleKind: 'server_offline',
      ruleName: 'Server offline',
      incidentId,
      server: { id: serverId, name: serverName },
      instance: null,
      title: `Server offline: ${serverName}`,
      summary: `${serverName} does not answer.`,
      startedAt: at,
      at,
      durationSeconds: null,
      fields: [],
      url: null,
    };
    const [row] = await sql<{ id: string }>(
      db.url,
      `INSERT INTO deliveries (incident_id, channel_id, org_id, event, status, message, next_attempt_at)
       VALUES ($1, $2, $3, 'fired', 'pending', $4::jsonb, now()) RETURNING id`,
      [incidentId, channelId, orgId, JSON.stringify(message)],
    );
    return { deliveryId: row!.id, incidentId, channelId, channelKind: 'discord', event: 'fired' };
  };
  /** What the dead replica's claim would do once it runs out (the next job or sweep then claims it). */
  const claimRunsOut = (id: string) =>
    sql(db.url, `UPDATE deliveries SET claimed_until = now() - interval '1 second' WHERE id = $1`, [id]);
  const titled = (title: string) =>
    discord.messages().filter((m) => (m as { embeds?: { title?: string }[] }).embeds?.[0]?.title === title);
  const stored = async (id: string) =>
    (
      await sql<{ status: string; log: { status_code: number | null; error: string | null }[] }>(
        db.url,
        `SELECT d.status::text, (SELECT coalesce(json_agg(json_build_object('status_code', a.status_code,
                                  'error', a.error) ORDER BY a.attempt), '[]') FROM delivery_attempts a
                                  WHERE a.delivery_id = d.id) AS log
           FROM deliveries d WHERE d.id = $1`,
        [id],
      )
    )[0]!;

  it('killed after the request reached the receiver: the next replica records it as sent and does not send it again', async () => {
    const job = await pendingDelivery('Factory 7');
    await expect(replica(new KilledAfterWriting(prisma)).deliver(job)).rejects.toThrow(/killed/);
    expect(titled('Server offline: Factory 7')).toHaveLength(1);

    await claimRunsOut(job.deliveryId);
    await replica(new DeliveriesRepository(prisma)).deliver(job);
    await replica(new DeliveriesRepository(prisma)).deliver(job); // a redelivered copy of the job: nothing to do

    expect(titled('Server offline: Factory 7')).toHaveLength(1);
    const after = await stored(job.deliveryId);
    expect(after.status).toBe('sent');
    expect(after.log).toHaveLength(1);
    expect(after.log[0]!.status_code).toBeNull();
    expect(after.log[0]!.error).toMatch(/written to the receiver at .* not sent again/);
  });

  it('the receiver unreachable when the replica died: the next replica sends it (nothing lost)', async () => {
    const job = await pendingDelivery('Factory 8');
    await discord.goDown();
    try {
      // Refused before a byte was written: the attempt is a failure to retry, not a send in doubt.
      await expect(replica(new DeliveriesRepository(prisma)).deliver(job)).rejects.toThrow(/refused/);
    } finally {
      await discord.comeBack();
    }
    await sql(db.url, `UPDATE deliveries SET next_attempt_at = now() WHERE id = $1`, [job.deliveryId]);
    await replica(new DeliveriesRepository(prisma)).deliver(job);

    expect(titled('Server offline: Factory 8')).toHaveLength(1);
    const after = await stored(job.deliveryId);
    expect(after.status).toBe('sent');
    expect(after.log.map((a) => a.status_code)).toEqual([null, 200]);
  });

  it('killed after the receiver refused the connection, before recording it: the next replica sends it (the mark comes only once the connection stands)', async () => {
    const job = await pendingDelivery('Factory 9');
    await discord.goDown();
    try {
      await expect(replica(new KilledAfterWriting(prisma)).deliver(job)).rejects.toThrow(/killed/);
    } finally {
      await discord.comeBack();
    }
    expect(titled('Server offline: Factory 9')).toHaveLength(0);

    await claimRunsOut(job.deliveryId);
    await replica(new DeliveriesRepository(prisma)).deliver(job);

    expect(titled('Server offline: Factory 9')).toHaveLength(1);
    const after = await stored(job.deliveryId);
    expect(after.status).toBe('sent');
    expect(after.log.map((a) => a.status_code)).toEqual([200]);
  });
});
