import { context } from '@opentelemetry/api';
import { Streams, Subjects, type DueKind, type PollJob } from '@app/contracts';
import { Messaging, type ConsumerHandle } from '@app/messaging';
import { Clock, LifecycleService, ReadinessRegistry, SERVICE_CONFIG } from '@app/platform';
import { SAMPLED_KINDS } from '@app/samples';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { PollerConfig } from '../app.config';
import { PollerMetrics } from '../metrics/poller.metrics';
import { ServerRegistry } from '../registry/server-registry';
import type { ServerRecord } from '../registry/servers.repository';
import type { SampleWriter } from '../storage/sample-writer';
import { unitOf, type Confirmation } from '../storage/write-unit';
import { LagMonitor } from './lag-monitor';
import type { PollExecutor } from './poll-executor';
import { PollPublisher } from './poll-publisher';
import { POLL_EXECUTOR, SAMPLE_WRITER } from './tokens';

/** A job that starts later than this (or half its shortest interval, if longer) sheds its add-on polls. */
const SHED_AFTER_MS = 2000;
/** The kinds a job behind schedule sheds: the add-on's data, not health nor the add-on check. */
const SHEDDABLE: ReadonlySet<string> = SAMPLED_KINDS;
/** How long a job waits for its samples to be committed before it is acked anyway (they stay buffered). */
const COMMIT_WAIT_MS = 2000;

/** A poll waiting for its server's turn; dropped (and its caller settled) once its deadline has passed. */
interface Turn {
  deadline: number;
  run: () => Promise<void>;
  drop: () => void;
}

interface ServerTurns {
  running: boolean;
  urgent: Turn[];
  rest: Turn[];
}

/**
 * A poller worker: pulls jobs from the work queue, polls (one poll of a server at a time, its health polls first),
 * stores the samples, publishes the result and any status change after they are stored, then acks. A kind older than
 * its interval is dropped and counted, never run late.
 */
@Injectable()
export class PollWorkerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PollWorkerService.name);
  /** Each server's waiting polls (see inTurn). */
  private readonly turns = new Map<string, ServerTurns>();
  readonly lag = new LagMonitor();
  private consumer: ConsumerHandle | undefined;

  constructor(
    private readonly messaging: Messaging,
    private readonly registry: ServerRegistry,
    private readonly metrics: PollerMetrics,
    private readonly lifecycle: LifecycleService,
    private readonly publisher: PollPublisher,
    private readonly clock: Clock,
    readiness: ReadinessRegistry,
    @Inject(POLL_EXECUTOR) private readonly executor: PollExecutor,
    @Inject(SAMPLE_WRITER) private readonly writer: SampleWriter,
    @Inject(SERVICE_CONFIG) private readonly config: PollerConfig,
  ) {
    readiness.register('polling', () => {
      const worst = this.lag.worst(this.clock.nowMs());
      if (worst > 1) throw new Error(`polling lags: a job started ${worst.toFixed(1)} intervals after its slot`);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.registry.onChange((event) => {
      const id = event.type === 'delete' ? event.serverId : event.server.id;
      if (event.type === 'delete' || event.passwordChanged) this.executor.forget(id);
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

  /**
   * Runs a job: each kind due at its slot, one after the other in the server's turn (per-server concurrency of one).
   * A kind whose interval has passed by the time its turn comes is dropped and counted, never run late.
   */
  private async handleJob(job: PollJob): Promise<void> {
    const now = this.clock.nowMs();
    const slot = Date.parse(job.scheduledAt);
    const kinds: DueKind[] = [{ kind: job.kind, intervalSeconds: job.intervalSeconds }, ...(job.together ?? [])];
    const lagMs = Math.max(0, now - slot);
    const shortestMs = Math.min(...kinds.map((k) => k.intervalSeconds)) * 1000;
    this.lag.record(lagMs, shortestMs, now);
    // Behind schedule (more work than this worker can do): the job's add-on polls are shed, so that the health polls
    // (status, offline alerts) keep their interval instead of expiring behind add-on polls of longer intervals.
    const behind = lagMs > Math.max(SHED_AFTER_MS, shortestMs / 2);
    if (kinds.every((k) => now > slot + k.intervalSeconds * 1000)) {
      for (const k of kinds) this.metrics.droppedLate.inc({ kind: k.kind });
      return;
    }
    const server = await this.registry.fetch(job.serverId);
    if (!server) return; // deleted: nothing to poll
    const committed: Promise<unknown>[] = [];
    // Set when a poll of this job timed out: the add-on runs inside the game, so once the game or the add-on did not
    // answer in time, the job's remaining add-on polls would each wait out the same timeout, holding up this server's
    // turns (and its next jobs) for nothing. They are skipped and counted.
    let addonUnreachable = false;
    // No poll of the job starts after its kind's interval, and no add-on poll after most of the job's ack wait: a job
    // is never held past it (and redelivered to be polled twice) by add-on polls waiting behind the server's health
    // polls. A health poll waits for one poll at most (it goes first), so only its interval bounds it.
    const holdUntil = now + this.config.POLLER_ACK_WAIT_MS * 0.8;
    const turns = kinds.map((due) => {
      const expiresAt = slot + due.intervalSeconds * 1000;
      const dropped = () => this.metrics.droppedLate.inc({ kind: due.kind });
      const health = due.kind === 'health';
      return this.inTurn(server.id, health, health ? expiresAt : Math.min(expiresAt, holdUntil), dropped, async () => {
        const started = this.clock.nowMs();
        if (due.kind !== 'health' && addonUnreachable) {
          this.metrics.skipped.inc({ kind: due.kind, reason: 'unreachable' });
          return;
        }
        // The add-on check is kept: it is rare (minutes), and without it no add-on kind is scheduled at all.
        if (behind && SHEDDABLE.has(due.kind)) {
          this.metrics.skipped.inc({ kind: due.kind, reason: 'behind' });
          return;
        }
        this.metrics.scheduleLag.observe({ kind: due.kind }, Math.max(0, started - slot) / 1000);
        const kindJob =
          due.kind === job.kind
            ? job
            : {
                ...job,
                kind: due.kind,
                intervalSeconds: due.intervalSeconds,
                expiresAt: new Date(expiresAt).toISOString(),
              };
        const polled = await this.poll(server, kindJob);
        committed.push(polled.committed);
        if (polled.error === 'timeout') addonUnreachable = true;
      });
    });
    // Every turn settles before the job does (a failed one fails the job only then: none is left to run after a nak).
    const failed = (await Promise.allSettled(turns)).find((t) => t.status === 'rejected');
    if (failed) throw failed.reason;
    // Outside the per-server turn: waiting for PostgreSQL must not hold up the server's next job.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(committed), new Promise((r) => (timer = setTimeout(r, COMMIT_WAIT_MS)))])
      .catch((error: Error) => this.logger.warn({ serverId: server.id, err: error.message }, 'samples dropped'))
      .finally(() => clearTimeout(timer));
  }

  /**
   * Runs `work` in the server's next free turn: one poll at a time per server. Health polls go before the add-on polls
   * already waiting (a job's add-on polls take their turns one by one, so a slow add-on delays the server's next
   * health poll by one poll at most, never by a whole job's worth); otherwise turns run in the order they were asked.
   * A turn still waiting at its deadline is dropped (`onDropped`) instead of run.
   */
  private inTurn(
    serverId: string,
    urgent: boolean,
    deadline: number,
    onDropped: () => void,
    work: () => Promise<void>,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let turns = this.turns.get(serverId);
      if (!turns) {
        turns = { running: false, urgent: [], rest: [] };
        this.turns.set(serverId, turns);
      }
      const drop = () => {
        onDropped();
        resolve();
      };
      (urgent ? turns.urgent : turns.rest).push({ deadline, run: () => work().then(resolve, reject), drop });
      if (!turns.running) void this.takeTurns(serverId, turns);
    });
  }

  private async takeTurns(serverId: string, turns: ServerTurns): Promise<void> {
    turns.running = true;
    for (;;) {
      const now = this.clock.nowMs();
      // Waiting add-on polls past their deadline are dropped at once, not when (if ever, behind health) their turn
      // comes: their jobs settle in time.
      if (turns.rest.some((t) => t.deadline < now)) {
        for (const t of turns.rest) if (t.deadline < now) t.drop();
        turns.rest = turns.rest.filter((t) => t.deadline >= now);
      }
      const next = turns.urgent.shift() ?? turns.rest.shift();
      if (!next) break;
      if (now > next.deadline) next.drop();
      else await next.run(); // never rejects: each turn settles its own caller's promise
    }
    turns.running = false;
    this.turns.delete(serverId);
  }

  /**
   * Polls one kind, queues its write unit and, once it is committed, publishes its events (in this job's trace and
   * log context). Returns the commit (wrapped: awaiting the poll does not await it).
   */
  private async poll(server: ServerRecord, job: PollJob): Promise<{ committed: Promise<unknown>; error?: string }> {
    const outcome = await this.executor.run(server, job);
    this.metrics.polls.inc({ kind: job.kind, outcome: outcome.error?.code ?? 'ok' });
    if (outcome.error?.code === 'answer_too_large' || outcome.error?.code === 'unchecked_address')
      this.logger.warn({ serverId: server.id, kind: job.kind, err: outcome.error.message }, 'poll dropped');
    this.metrics.pollDuration.observe({ kind: job.kind }, outcome.durationMs / 1000);
    const publish = context.bind(context.active(), (confirmation: Confirmation | null) =>
      this.publisher.publish(server, outcome, confirmation),
    );
    const committed = this.writer.enqueue(unitOf(server.id, outcome));
    committed.then(publish).catch(() => undefined); // a dropped unit has no events (the writer logged and counted it)
    return { committed, error: outcome.error?.code };
  }
}
