import { channelFeature, openChannelConfig, type AlertMessage, type ChannelConfig } from '@app/alerts';
import {
  deliveryJobEvent,
  Requests,
  Streams,
  Subjects,
  type ChannelKind,
  type DeliveryJob,
  type PlanEntitlements,
} from '@app/contracts';
import { Messaging, RetryLaterError, type ConsumerHandle } from '@app/messaging';
import { Clock, LifecycleService, SERVICE_CONFIG } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AlertingMetrics } from '../alerting.metrics';
import type { AlertingConfig } from '../app.config';
import { EvaluationService } from '../engine/evaluation.service';
import { AckLinks } from '../incidents/ack-links';
import { RecipientsService } from '../recipients/recipients.service';
import { ChannelSender, type SendResult } from './channel-sender';
import { DeliveriesRepository, type ClaimedDelivery } from './deliveries.repository';
import { RateLimiter } from './rate-limiter';

type ClaimedRow = ClaimedDelivery;

/** The moments of an incident whose chat messages carry its acknowledge link. */
const ACK_TRANSITIONS = new Set(['fired', 'repeat']);

const FEATURE_TEXT = {
  discordAlerts: { what: 'Discord alerts', plan: 'Hobby' },
  multiChannelAlerts: { what: 'alerts to Slack, Teams, webhooks, e-mail and Telegram', plan: 'Pro' },
} as const;

/** What a channel's status says about recipients that have not confirmed (alerts do not go to them). */
export function unconfirmedText(pending: readonly string[], none: boolean): string {
  const who = `${pending.length} recipient${pending.length === 1 ? '' : 's'} not confirmed (${pending.join(', ')})`;
  return none
    ? `no recipient has confirmed yet: ${who}; alerts go only to addresses that opened the confirmation link (resend it from the channel)`
    : `skipped ${who}`;
}

/** Revives a stored AlertMessage (times come back as strings) and adds the dashboard link. */
export function reviveMessage(stored: Record<string, unknown>, publicUrl: string | null): AlertMessage {
  const m = stored as unknown as AlertMessage & { startedAt: string; at: string };
  return {
    ...m,
    startedAt: new Date(m.startedAt),
    at: new Date(m.at),
    url: publicUrl ? `${publicUrl}/servers/${m.server.id}` : null,
  };
}

/**
 * Sends notifications, at least once: every replica pulls delivery jobs from the DELIVERIES work queue. A job claims
 * its delivery row (so a redelivered copy waits), checks the channel and the plan, waits for the destination's
 * rate limit, sends, logs the attempt, and then acks; or naks with the receiver's `retry_after` or an exponential
 * backoff with jitter, until the last attempt marks it dead. An outbox sweep republishes jobs that were committed
 * but never published (a crash between the two).
 *
 * No notification twice: just before an HTTP request is written (its connection stands) the delivery is marked as
 * sending, in the database; the attempt's outcome clears the mark. A worker killed in between (the receiver has the
 * request, its answer is lost) leaves the mark, and whoever claims the delivery next records it as sent instead of
 * sending it again. The one window left is between that commit and the write (no I/O in between); an e-mail, which
 * the mail server accepts only at the end of its session, keeps at-least-once.
 */
@Injectable()
export class DeliveryService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DeliveryService.name);
  private consumer: ConsumerHandle | undefined;
  private readonly plans = new Map<string, { value: PlanEntitlements; expiresAt: number }>();
  private sweeper: NodeJS.Timeout | undefined;
  /** Called when a delivery reached its receiver (tests and the benchmark watch it). */
  onSent: ((deliveryId: string, message: AlertMessage) => void) | undefined;

  constructor(
    private readonly messaging: Messaging,
    private readonly deliveries: DeliveriesRepository,
    private readonly sender: ChannelSender,
    private readonly metrics: AlertingMetrics,
    private readonly lifecycle: LifecycleService,
    private readonly evaluation: EvaluationService,
    private readonly box: SecretBox,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly env: AlertingConfig,
    private readonly recipients: RecipientsService,
    private readonly ackLinks: AckLinks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.messaging.subscribe(Subjects.planChanged, ({ orgId }) => {
      this.plans.delete(orgId);
    });
    this.consumer = await this.messaging.consume(Subjects.deliveryJob, {
      stream: Streams.deliveries,
      durable: 'alerting-delivery',
      handler: (job) => this.deliver(job),
      concurrency: this.env.ALERTING_DELIVERY_CONCURRENCY,
      // Attempts are counted in the delivery row (rate limits do not count); the server's limit is only a backstop.
      maxDeliver: 100_000,
      ackWaitMs: this.env.ALERTING_ACK_WAIT_MS,
      drainTimeoutMs: this.env.ALERTING_SEND_TIMEOUT_MS + 1000,
    });
    this.sweeper = setInterval(() => void this.sweep(), this.env.ALERTING_SWEEP_MS);
    this.lifecycle.onDrain('deliveries', async () => {
      clearInterval(this.sweeper);
      await this.consumer?.stop();
    });
  }

  /** One job: claim, check, send, record. Throws RetryLaterError to be handed the job again later. */
  async deliver(job: DeliveryJob): Promise<void> {
    const row = await this.deliveries.claim(
      job.deliveryId,
      Math.ceil((this.env.ALERTING_SEND_TIMEOUT_MS * 2) / 1000) + 5,
    );
    if (!row) {
      const status = await this.deliveries.status(job.deliveryId);
      if (status === 'pending' || status === 'failed') throw new RetryLaterError(5000, 'another worker is sending it');
      return; // sent, dead, skipped or deleted: nothing to do
    }
    if (row.sending_since) {
      await this.settleUnanswered(row, job.channelKind);
      return;
    }
    const channel = await this.deliveries.channel(row.channel_id);
    if (!channel || !channel.enabled) {
      await this.finish(row, 'skipped', null, channel ? 'the channel is switched off' : 'the channel was deleted');
      return;
    }
    const feature = channelFeature(channel.kind);
    const plan = await this.entitlements(channel.org_id);
    if (plan && !plan[feature]) {
      const t = FEATURE_TEXT[feature];
      await this.finish(
        row,
        'skipped',
        null,
        `the ${plan.planId} plan does not include ${t.what}; upgrade to ${t.plan} or higher to receive them`,
      );
      return;
    }
    const wait = this.limiter.take(channel.id, channel.kind, this.clock.nowMs());
    if (wait > 0) {
      await this.deliveries.release(row.id, wait);
      throw new RetryLaterError(wait, 'rate limit of the destination');
    }
    let config: ChannelConfig;
    try {
      config = openChannelConfig(this.box, channel.id, channel.kind, channel.config_enc);
    } catch {
      await this.finish(
        row,
        'dead',
        null,
        'the channel settings could not be decrypted (key rotated away?); save the channel again',
      );
      return;
    }
    // E-mail goes to confirmed recipients only (no spam relay); the others are named in the delivery's log.
    let unconfirmed: string[] = [];
    if (config.kind === 'email') {
      const split = await this.recipients.deliverable(channel.org_id, channel.id, config.to);
      unconfirmed = split.pending;
      if (split.confirmed.length === 0) {
        await this.finish(row, 'skipped', null, unconfirmedText(unconfirmed, true));
        return;
      }
      config = { ...config, to: split.confirmed };
    }
    const message = reviveMessage(row.message, this.env.PUBLIC_URL);
    // Chat messages of a firing incident carry its acknowledge link (issue 24); machines and mail do not.
    if ((channel.kind === 'discord' || channel.kind === 'slack') && ACK_TRANSITIONS.has(message.transition))
      message.ackUrl = await this.ackLinks.urlFor(message.incidentId, channel.org_id);
    const started = performance.now();
    let result = await this.sender.send(config, message, row.id, channel.locale, () =>
      this.deliveries.markSending(row.id),
    );
    // Said in the delivery's log and so in the channel's status (its last delivery), also when it was sent.
    if (unconfirmed.length > 0) {
      const note = unconfirmedText(unconfirmed, false);
      result = { ...result, error: result.error ? `${note}; ${result.error}` : note };
    }
    const durationMs = Math.round(performance.now() - started);
    this.metrics.sendDuration.observe({ channel: channel.kind }, durationMs / 1000);
    await this.record(row, result, durationMs, channel.kind, message);
  }

  private async record(
    row: ClaimedRow,
    result: SendResult,
    durationMs: number,
    kind: ChannelKind,
    message: AlertMessage,
  ): Promise<void> {
    const attempt = row.attempts + 1;
    const rateLimited = result.status === 429;
    const failures = result.outcome === 'sent' || rateLimited ? row.failures : row.failures + 1;
    const exhausted = result.outcome === 'retry' && failures >= this.env.ALERTING_MAX_FAILURES;
    const status = result.outcome === 'sent' ? 'sent' : result.outcome === 'permanent' || exhausted ? 'dead' : 'failed';
    const delay = status === 'failed' ? Math.min(result.retryAfterMs ?? this.backoff(failures), 24 * 3600_000) : null;
    if (rateLimited && result.retryAfterMs !== null)
      this.limiter.pause(row.channel_id, result.retryAfterMs, this.clock.nowMs());
    const error = exhausted ? `gave up after ${failures} failed attempts: ${result.error}` : result.error;
    await this.deliveries.recordAttempt(row.id, {
      attempt,
      failures,
      status,
      responseStatus: result.status,
      error,
      durationMs,
      retryAfterMs: rateLimited ? result.retryAfterMs : null,
      delayMs: delay,
    });
    this.metrics.deliveries.inc({ channel: kind, outcome: rateLimited ? 'rate_limited' : status });
    if (status === 'sent') {
      this.metrics.deliveryLatency.observe(
        { channel: kind },
        Math.max(0, this.clock.nowMs() - message.at.getTime()) / 1000,
      );
      this.onSent?.(row.id, message);
    } else if (status === 'dead') {
      this.logger.warn({ deliveryId: row.id, channel: kind, err: error }, 'delivery dead after its last attempt');
    } else {
      throw new RetryLaterError(delay!, result.error ?? 'retry');
    }
  }

  /**
   * The request of an earlier attempt was written to the receiver and its worker stopped before recording the answer
   * (kill -9, crash, database gone): the receiver has the message. Recorded as sent, with why, not sent again.
   */
  private async settleUnanswered(row: ClaimedRow, kind: ChannelKind): Promise<void> {
    const since = row.sending_since!.toISOString();
    const note =
      `the request was written to the receiver at ${since} and the replica sending it stopped before its answer ` +
      'was recorded; counted as sent and not sent again, so that it does not arrive twice';
    await this.deliveries.recordAttempt(row.id, {
      attempt: row.attempts + 1,
      failures: row.failures,
      status: 'sent',
      responseStatus: null,
      error: note,
      durationMs: 0,
      retryAfterMs: null,
      delayMs: null,
    });
    this.metrics.deliveries.inc({ channel: kind, outcome: 'sent' });
    this.logger.warn({ deliveryId: row.id, channel: kind, since }, 'delivery written before its worker stopped');
  }

  /** Exponential backoff with jitter: base·2^(n-1), capped, then a random 50-100 % of it. */
  private backoff(failures: number): number {
    const ceiling = Math.min(
      this.env.ALERTING_RETRY_MAX_MS,
      this.env.ALERTING_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1),
    );
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private async finish(
    row: ClaimedRow,
    status: 'skipped' | 'dead',
    code: number | null,
    reason: string,
  ): Promise<void> {
    await this.deliveries.finish(row.id, status, reason, code);
    this.metrics.deliveries.inc({ channel: 'any', outcome: status });
  }

  private async entitlements(orgId: string): Promise<PlanEntitlements | null> {
    const cached = this.plans.get(orgId);
    if (cached && cached.expiresAt > this.clock.nowMs()) return cached.value;
    try {
      const value = await this.messaging.request(Requests.entitlements, { orgId }, { timeoutMs: 2000 });
      this.plans.set(orgId, { value, expiresAt: this.clock.nowMs() + 5 * 60_000 });
      return value;
    } catch {
      // billing-limits is away: deliver rather than drop (the channel was allowed when it was created)
      return cached?.value ?? null;
    }
  }

  /**
   * Republishes jobs of deliveries that wait longer than they should: committed but never published (a crash or a
   * NATS outage between the two), or whose job was lost. A duplicate job is harmless: the claim lets one through.
   * Runs on the evaluator leader only, so replicas do not all republish.
   */
  async sweep(): Promise<number> {
    if (!this.evaluation.isLeader) return 0;
    try {
      const due = await this.deliveries.overdue(this.env.ALERTING_SWEEP_MS);
      for (const d of due) {
        const event = deliveryJobEvent(d.event);
        await this.messaging.publishDurable(
          Subjects.deliveryJob,
          { deliveryId: d.id, incidentId: d.incident_id, channelId: d.channel_id, channelKind: d.kind, event },
          // A new id per sweep and attempt: the first job's id may still be in the de-duplication window.
          { messageId: `${d.id}:${d.attempts}:${Math.floor(this.clock.nowMs() / this.env.ALERTING_SWEEP_MS)}` },
        );
        this.metrics.republished.inc();
      }
      return due.length;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'outbox sweep failed; next time');
      return 0;
    }
  }
}
