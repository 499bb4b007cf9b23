import { Streams, Subjects, type HealthData, type PollJob } from '@app/contracts';
import { Messaging, type ConsumerHandle } from '@app/messaging';
import { LifecycleService, ReadinessRegistry, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { PollerConfig } from '../app.config';
import { PollerMetrics } from '../metrics/poller.metrics';
import { ServerRegistry } from '../registry/server-registry';
import type { ServerRecord } from '../registry/servers.repository';
import type { SampleWriter, WriteUnit } from '../storage/sample-writer';
import { statusOf } from '../status/status-machine';
import type { StatusTracker } from '../status/status-tracker';
import { LagMonitor } from './lag-monitor';
import { resultOf, type PollExecutor, type PollOutcome } from './poll-executor';
import { POLL_EXECUTOR, SAMPLE_WRITER, STATUS_TRACKER } from './tokens';

/** How long a job waits for its samples to be committed before it is acked anyway (they stay buffered). */
const COMMIT_WAIT_MS = 2000;

/**
 * A poller worker: pulls jobs from the work queue, polls (never two jobs of one server at once), stores the
 * samples, publishes the result and any status change after they are stored, then acks. A job older than its
 * interval is dropped and counted, never run late.
 */
@Injectable()
export class PollWorkerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PollWorkerService.name);
  private readonly perServer = new Map<string, Promise<void>>();
  readonly lag = new LagMonitor();
  private consumer: ConsumerHandle | undefined;

  constructor(
    private readonly messaging: Messaging,
    private readonly registry: ServerRegistry,
    private readonly metrics: PollerMetrics,
    private readonly lifecycle: LifecycleService,
    readiness: ReadinessRegistry,
    @Inject(POLL_EXECUTOR) private readonly executor: PollExecutor,
    @Inject(SAMPLE_WRITER) private readonly writer: SampleWriter,
    @Inject(STATUS_TRACKER) private readonly tracker: StatusTracker,
    @Inject(SERVICE_CONFIG) private readonly config: PollerConfig,
  ) {
    readiness.register('polling', () => {
      const worst = this.lag.worst();
      if (worst > 1) throw new Error(`polling lags: a job started ${worst.toFixed(1)} intervals after its slot`);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.registry.onChange((event) => {
      const id = event.type === 'delete' ? event.serverId : event.server.id;
      if (event.type === 'delete' || event.passwordChanged) this.executor.forget(id);
      if (event.type === 'delete') this.tracker.forget(id);
    });
    if (this.config.POLLER_ROLE === 'scheduler') return;
    this.consumer = await this.messaging.consume(Subjects.pollJob, {
      stream: Streams.pollJobs,
      durable: 'poller',
      concurrency: this.config.POLLER_CONCURRENCY,
      ackWaitMs: this.config.POLLER_ACK_WAIT_MS,
      maxDeliver: 3,
      backoffMs: [500, 2000],
      handler: (job) => this.handle(job),
    });
    this.lifecycle.onDrain('poll worker', async () => {
      await this.consumer?.stop();
      await this.writer.stop();
    });
  }

  private async handle(job: PollJob): Promise<void> {
    this.metrics.inFlight.inc();
    try {
      await this.handleJob(job);
    } finally {
      this.metrics.inFlight.dec();
    }
  }

  private async handleJob(job: PollJob): Promise<void> {
    const now = Date.now();
    const intervalMs = job.intervalSeconds * 1000;
    const lagMs = now - Date.parse(job.scheduledAt);
    this.lag.record(Math.max(0, lagMs), intervalMs, now);
    if (now > Date.parse(job.expiresAt)) {
      this.metrics.droppedLate.inc({ kind: job.kind });
      return;
    }
    this.metrics.scheduleLag.observe({ kind: job.kind }, Math.max(0, lagMs) / 1000);
    const server = await this.registry.fetch(job.serverId);
    if (!server) return; // deleted: nothing to poll
    let committed: Promise<void> = Promise.resolve();
    await this.serially(server.id, async () => {
      committed = (await this.poll(server, job)).committed;
    });
    // Outside the per-server turn: waiting for PostgreSQL must not hold up the server's next job.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([committed, new Promise((r) => (timer = setTimeout(r, COMMIT_WAIT_MS)))])
      .catch((error: Error) => this.logger.warn({ serverId: server.id, err: error.message }, 'samples dropped'))
      .finally(() => clearTimeout(timer));
  }

  /** Runs `work` after the server's previous job: per-server concurrency of one. */
  private serially(serverId: string, work: () => Promise<void>): Promise<void> {
    const previous = this.perServer.get(serverId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.perServer.set(serverId, tail);
    void tail.then(() => {
      if (this.perServer.get(serverId) === tail) this.perServer.delete(serverId);
    });
    return run;
  }

  /** Polls and queues the samples; returns (wrapped, so awaiting the poll does not await it) their commit. */
  private async poll(server: ServerRecord, job: PollJob): Promise<{ committed: Promise<void> }> {
    if (Date.now() > Date.parse(job.expiresAt)) {
      this.metrics.droppedLate.inc({ kind: job.kind });
      return { committed: Promise.resolve() };
    }
    const outcome = await this.executor.run(server, job);
    this.metrics.polls.inc({ kind: job.kind, outcome: outcome.error?.code ?? 'ok' });
    this.metrics.pollDuration.observe({ kind: job.kind }, outcome.durationMs / 1000);
    const unit = await this.toUnit(server, outcome);
    const committed = this.writer.enqueue(unit);
    committed.catch(() => undefined); // awaited by the caller; never an unhandled rejection
    return { committed };
  }

  private async toUnit(server: ServerRecord, outcome: PollOutcome): Promise<WriteUnit> {
    const { job, time } = outcome;
    const unit: WriteUnit = { rows: outcome.rows };
    const events: (() => Promise<unknown>)[] = [];
    let data = outcome.data;
    if (job.kind === 'health' && outcome.observation) {
      const observed = statusOf(outcome.observation);
      const step = await this.tracker.observe(server.id, observed);
      const status = step.next.status;
      const health = outcome.data as HealthData | null;
      if (health) data = { ...health, status };
      unit.rows.server_metrics = [
        [
          time,
          server.id,
          status,
          health?.tickRate ?? null,
          health?.playerCount ?? null,
          health?.playerLimit ?? null,
          health?.techTier ?? null,
          health?.gamePhase ?? null,
          health?.gamePhaseNumber ?? null,
          health?.isRunning ?? null,
          health?.isPaused ?? null,
          health?.totalDuration ?? null,
          health?.sessionName ?? null,
          health?.latencyMs ?? null,
        ],
      ];
      unit.healthState = {
        serverId: server.id,
        status,
        pendingStatus: step.next.pendingStatus,
        pendingCount: step.next.pendingCount,
        time,
        lastSeenAt: outcome.observation.reachable ? time : null,
        lastError: outcome.error?.message ?? null,
      };
      if (step.changed) {
        const reason =
          outcome.error?.message ??
          (status === 'degraded' ? `tick rate ${health?.tickRate?.toFixed(1) ?? '?'}/s below 15/s` : null);
        unit.statusChange = { serverId: server.id, time, previous: step.changed.previous, status, reason };
        this.metrics.statusChanges.inc({ status });
        const change = {
          serverId: server.id,
          orgId: server.orgId,
          previous: step.changed.previous,
          status,
          reason,
          time: time.toISOString(),
        };
        events.push(() =>
          this.messaging.publishDurable(Subjects.serverStatus, change, {
            messageId: `status:${server.id}:${time.getTime()}`,
          }),
        );
      }
    }
    if (outcome.addon) {
      unit.addonState = {
        serverId: server.id,
        addonStatus: outcome.addon.status,
        addonReason: outcome.addon.reason,
        time,
      };
      const addon = {
        serverId: server.id,
        orgId: server.orgId,
        status: outcome.addon.status,
        reason: outcome.addon.reason,
        time: time.toISOString(),
      };
      events.push(async () => this.messaging.publish(Subjects.addonStatus, addon));
    }
    if (!outcome.error || job.kind === 'health') {
      if (data !== null) unit.latest = { serverId: server.id, kind: job.kind, time, data };
    }
    const result = resultOf(outcome, server.orgId, data);
    // Data first, then the news about it: the result, then the status change (if any) and add-on news.
    events.unshift(() =>
      this.messaging.publishDurable(Subjects.pollResult, result, {
        messageId: `result:${server.id}:${job.kind}:${time.getTime()}`,
      }),
    );
    unit.afterCommit = async () => {
      for (const publish of events) await publish();
    };
    return unit;
  }
}
