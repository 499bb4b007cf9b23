import { Subjects, type EventContract, type PayloadOf } from '@app/contracts';
import { ContractViolationError, Messaging } from '@app/messaging';
import { Clock, LifecycleService } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import { PollerMetrics } from '../metrics/poller.metrics';
import type { Confirmation } from '../storage/write-unit';
import { resultOf, type PollOutcome } from './poll-outcome';

/**
 * How long a stored poll's events are retried while NATS does not acknowledge them: within the stream's duplicate
 * window (120 s), so a publish that was stored although its acknowledgement was lost is not stored twice.
 */
const PUBLISH_RETRY_MS = 100_000;

/**
 * Publishes a stored poll's events: the poll result (data first), then the status change its health observation
 * confirmed, then add-on news. Chained per server: while NATS is away retries take time, and a later poll's status
 * change must never be acknowledged before an earlier one's (consumers apply status changes in arrival order).
 */
@Injectable()
export class PollPublisher {
  private readonly logger = new Logger(PollPublisher.name);
  /** Each server's publishing, one stored poll after the other in commit order. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly messaging: Messaging,
    private readonly metrics: PollerMetrics,
    private readonly lifecycle: LifecycleService,
    private readonly clock: Clock,
  ) {}

  /**
   * Queues the poll's events behind the server's earlier ones; resolves when they are published or given up (never
   * rejects: an event given up is logged with the server and what was lost).
   */
  publish(
    server: { id: string; orgId: string },
    outcome: PollOutcome,
    confirmation: Confirmation | null,
  ): Promise<void> {
    const run = (this.chains.get(server.id) ?? Promise.resolve()).then(() =>
      this.publishNow(server, outcome, confirmation),
    );
    const tail = run.catch(() => undefined);
    this.chains.set(server.id, tail);
    void tail.then(() => {
      if (this.chains.get(server.id) === tail) this.chains.delete(server.id);
    });
    return run;
  }

  private async publishNow(
    server: { id: string; orgId: string },
    outcome: PollOutcome,
    confirmation: Confirmation | null,
  ): Promise<void> {
    const { time } = outcome;
    const data =
      outcome.kind === 'health'
        ? outcome.data && { ...outcome.data, status: confirmation?.status ?? null }
        : outcome.data;
    const result = resultOf(outcome, server.orgId, data);
    // A result that could not be published does not hold back the status change behind it.
    await this.publishUntilAcked(
      Subjects.pollResult,
      result,
      `result:${server.id}:${outcome.kind}:${time.getTime()}`,
    ).catch((error: Error) => this.logger.error({ serverId: server.id, err: error.message }, 'poll result lost'));
    const changed = confirmation?.changed;
    if (changed) {
      this.metrics.statusChanges.inc({ status: changed.status });
      const change = { serverId: server.id, orgId: server.orgId, ...changed, time: time.toISOString() };
      const messageId = `status:${server.id}:${time.getTime()}`;
      await this.publishUntilAcked(Subjects.serverStatus, change, messageId).catch((error: Error) =>
        this.logger.error(
          { serverId: server.id, messageId, status: changed.status, err: error.message },
          'status change lost: alerting and dashboards did not get it',
        ),
      );
    }
    if (outcome.kind !== 'health' && outcome.addon) {
      const { status, reason } = outcome.addon;
      try {
        this.messaging.publish(Subjects.addonStatus, {
          serverId: server.id,
          orgId: server.orgId,
          status,
          reason,
          time: time.toISOString(),
        });
      } catch (error) {
        this.logger.error({ serverId: server.id, err: (error as Error).message }, 'add-on status not published');
      }
    }
  }

  /**
   * Publishes a stored poll's event to JetStream, retrying with backoff while NATS is away (a restart, a leader
   * election): its data is committed, so the news must not be lost. The message id makes a retry of a publish that
   * was in fact stored a duplicate JetStream drops.
   */
  private async publishUntilAcked<C extends EventContract>(
    contract: C,
    payload: PayloadOf<C>,
    messageId: string,
  ): Promise<void> {
    const deadline = this.clock.nowMs() + PUBLISH_RETRY_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.messaging.publishDurable(contract, payload, { messageId });
        return;
      } catch (error) {
        // A payload the contract refuses will never be accepted: no retry.
        if (error instanceof ContractViolationError || this.clock.nowMs() >= deadline || this.lifecycle.shuttingDown)
          throw error;
        if (attempt === 1)
          this.logger.warn({ messageId, err: (error as Error).message }, 'event not acknowledged; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** attempt)));
      }
    }
  }
}
