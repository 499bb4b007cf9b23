import { Streams, Subjects, type PollResult, type ServerStatusChanged } from '@app/contracts';
import { LeaderLease, Messaging, parseMessage, type BatchConsumerHandle, type StreamMessage } from '@app/messaging';
import { Clock, LifecycleService, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AlertingMetrics } from '../alerting.metrics';
import type { AlertingConfig } from '../app.config';
import { AlertConfigCache } from './config-cache';
import { Evaluator } from './evaluator';
import type { Outcome } from './model';
import { StateStore, type Committed } from './state-store';

const DURABLE = 'alerting-evaluator';
const BATCH = 500;

/**
 * Reads poll results and confirmed status changes from JetStream (durable, so nothing is missed while alerting is
 * down) and evaluates the rules. One replica evaluates at a time (leader lease in NATS KV); a standby takes over
 * with the persisted states. Each batch is evaluated in memory, persisted in one transaction, its delivery jobs
 * published, and only then acknowledged: a crash before that replays the batch, which changes nothing twice.
 */
@Injectable()
export class EvaluationService implements OnApplicationBootstrap {
  private readonly logger = new Logger(EvaluationService.name);
  private lease: LeaderLease | undefined;
  private batches: BatchConsumerHandle | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private active = false;
  private readonly unknownOrgs = new Map<string, number>();
  private resultPrefix = '';
  private statusPrefix = '';
  /** Called after each committed batch (the benchmark and tests watch it). */
  onCommitted: ((committed: Committed, outcomes: readonly Outcome[]) => void) | undefined;

  constructor(
    private readonly messaging: Messaging,
    private readonly config: AlertConfigCache,
    private readonly store: StateStore,
    private readonly metrics: AlertingMetrics,
    private readonly lifecycle: LifecycleService,
    readonly evaluator: Evaluator,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly env: AlertingConfig,
  ) {}

  get isLeader(): boolean {
    return this.active;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.resultPrefix = this.messaging.naming.base(Subjects.pollResult.subject) + '.';
    this.statusPrefix = this.messaging.naming.base(Subjects.serverStatus.subject) + '.';
    this.messaging.subscribe(Subjects.alertConfigChanged, ({ orgId }) => this.reload(orgId));
    this.messaging.subscribe(Subjects.serverRegistered, ({ orgId }) => this.reload(orgId));
    this.messaging.subscribe(Subjects.serverUpdated, ({ orgId }) => this.reload(orgId));
    this.messaging.subscribe(Subjects.serverDeleted, ({ serverId }) => {
      this.config.dropServer(serverId);
      this.evaluator.dropServer(serverId);
    });
    this.lease = new LeaderLease(this.messaging, randomUUID(), (leader) => void this.onLeadership(leader), {
      ttlMs: this.env.ALERTING_LEADER_TTL_MS,
      retryMs: Math.max(500, Math.floor(this.env.ALERTING_LEADER_TTL_MS / 4)),
      bucket: 'alerting-leader',
      key: 'evaluator',
    });
    await this.lease.start();
    this.lifecycle.onDrain('evaluator', () => this.shutdown());
  }

  private async reload(orgId: string): Promise<void> {
    if (!this.active) return;
    await this.config.load(orgId);
    this.evaluator.forget(
      (row) => !this.config.hasRule(row.ruleId) && this.config.server(row.serverId)?.orgId === orgId,
    );
  }

  private async onLeadership(leader: boolean): Promise<void> {
    this.metrics.leader.set(leader ? 1 : 0);
    if (leader) {
      if (this.active) return;
      this.logger.log('evaluating alert rules (leader)');
      try {
        await this.start();
      } catch (error) {
        this.logger.error({ err: (error as Error).message }, 'could not start evaluating; trying again in 2 s');
        await this.stopConsuming();
        setTimeout(() => void this.onLeadership(this.lease?.isLeader ?? false), 2000);
      }
    } else if (this.active) {
      this.logger.warn('lost the evaluator lease; a standby carries on');
      await this.stopConsuming();
    }
  }

  private async start(): Promise<void> {
    await this.config.load();
    this.evaluator.load(await this.store.loadStates());
    for (const p of await this.store.loadPresence()) this.evaluator.seedPresence(p.serverId, p.names, p.names.length);
    for (const s of await this.store.loadSessions()) this.evaluator.sessions.seed(s.serverId, s.name, s.time.getTime());
    this.metrics.states.set(this.evaluator.stateCount);
    this.active = true;
    // Tracing on: one span per batch, linked to each poll result's trace; the delivery jobs it publishes are its
    // children, so a notification's delivery traces back to the poll that caused it.
    this.batches = await this.messaging.consumeBatches(
      Streams.pollResults,
      DURABLE,
      {
        maxBatch: BATCH,
        maxWaitMs: this.env.ALERTING_BATCH_MS,
        // A new consumer starts at new messages: a first start must not alert on a day of old results.
        startAt: 'new',
        ackWaitMs: this.env.ALERTING_ACK_WAIT_MS,
        maxAckPending: 20_000,
        traceAs: Subjects.pollResult,
        // Pulling ended although we still lead (NATS outage outlived the client's recovery): start over.
        onEnd: () => {
          if (!this.active) return;
          void this.stopConsuming().then(() =>
            setTimeout(() => void this.onLeadership(this.lease?.isLeader ?? false), 1000),
          );
        },
      },
      (batch) => this.process(batch),
    );
    this.refreshTimer = setInterval(() => {
      void this.config
        .load()
        .then(() => this.evaluator.forget((row) => !this.config.hasRule(row.ruleId)))
        .catch((error: Error) => this.logger.warn({ err: error.message }, 'configuration refresh failed'));
    }, this.env.ALERTING_REFRESH_MS);
  }

  /** Evaluates and persists the messages gathered so far (batches run one after the other). */
  flush(): Promise<void> {
    return this.batches?.flush() ?? Promise.resolve();
  }

  private async process(batch: readonly StreamMessage[]): Promise<void> {
    const started = performance.now();
    const inputs: ({ type: 'result'; value: PollResult } | { type: 'status'; value: ServerStatusChanged })[] = [];
    const usable: StreamMessage[] = [];
    for (const msg of batch) {
      const isStatus = msg.subject.startsWith(this.statusPrefix);
      const contract = isStatus ? Subjects.serverStatus : Subjects.pollResult;
      const parsed = parseMessage(contract, msg.data);
      if (!parsed.ok) {
        await this.messaging
          .deadLetter(msg.subject, msg.data, msg.meta, 'schema_violation', parsed.error, DURABLE)
          .catch(() => undefined);
        msg.term();
        continue;
      }
      usable.push(msg);
      inputs.push(
        isStatus
          ? { type: 'status', value: parsed.value as ServerStatusChanged }
          : { type: 'result', value: parsed.value as PollResult },
      );
    }
    try {
      await this.learnServers(inputs.map((i) => i.value));
      const outcomes: Outcome[] = [];
      const before = this.evaluator.evaluations;
      for (const input of inputs) {
        this.metrics.inputs.inc({ kind: input.type === 'status' ? 'status' : input.value.kind });
        outcomes.push(
          ...(input.type === 'status' ? this.evaluator.onStatus(input.value) : this.evaluator.onResult(input.value)),
        );
      }
      this.metrics.evaluations.inc(this.evaluator.evaluations - before);
      const committed = await this.store.persist(outcomes, this.evaluator.takeDirty(), this.config);
      await Promise.all(
        committed.jobs.map((job) =>
          this.messaging
            .publishDurable(Subjects.deliveryJob, job, { messageId: job.deliveryId })
            .catch((error: Error) =>
              this.logger.warn(
                { deliveryId: job.deliveryId, err: error.message },
                'delivery job not published; the outbox sweep will',
              ),
            ),
        ),
      );
      for (const msg of usable) msg.ack();
      for (const e of committed.opened) this.messaging.publish(Subjects.incidentOpened, e);
      for (const e of committed.resolved) this.messaging.publish(Subjects.incidentResolved, e);
      for (const o of outcomes)
        this.metrics.transitions.inc({ transition: o.type === 'notify' ? o.event.replace(/-\d+$/, '') : o.type });
      this.metrics.states.set(this.evaluator.stateCount);
      this.metrics.batchDuration.observe((performance.now() - started) / 1000);
      this.onCommitted?.(committed, outcomes);
    } catch (error) {
      this.metrics.batchFailures.inc();
      this.logger.error(
        { err: (error as Error).message, inputs: usable.length },
        'batch not persisted; it will be evaluated again',
      );
      for (const msg of usable) msg.nak(1000);
      try {
        this.evaluator.load(await this.store.loadStates());
      } catch {
        // PostgreSQL is away: the states are reloaded with the next failure or success
      }
    }
  }

  /** Loads the organisation of servers the cache does not know yet (registered while the event was missed). */
  private async learnServers(values: readonly { serverId: string; orgId: string }[]): Promise<void> {
    const orgs = new Set<string>();
    const now = this.clock.nowMs();
    for (const v of values) {
      if (this.config.server(v.serverId)) continue;
      const retryAt = this.unknownOrgs.get(v.orgId) ?? 0;
      if (retryAt <= now) orgs.add(v.orgId);
    }
    for (const orgId of orgs) {
      await this.config.load(orgId);
      this.unknownOrgs.set(orgId, now + 30_000);
    }
  }

  private async stopConsuming(): Promise<void> {
    this.active = false;
    clearInterval(this.refreshTimer);
    const batches = this.batches;
    this.batches = undefined;
    // Stops pulling, then evaluates what was gathered.
    await batches?.stop().catch(() => undefined);
  }

  private async shutdown(): Promise<void> {
    await this.stopConsuming();
    await this.lease?.stop();
  }
}
