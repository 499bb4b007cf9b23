import { PgPools } from '@app/database';
import { AnswerBudget, answerCapsOf, formatBytes, GameTransport } from '@app/game-client';
import { coalesceWrites, Messaging } from '@app/messaging';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { PollerConfig } from './app.config';
import { PollerMetrics } from './metrics/poller.metrics';
import { EntitlementsCache } from './plans/entitlements.cache';
import { ServerRegistry } from './registry/server-registry';
import { ServersRepository } from './registry/servers.repository';
import { SchedulerService } from './scheduler/scheduler.service';
import { SampleWriter } from './storage/sample-writer';
import { SamplesRepository } from './storage/samples.repository';
import { PollExecutor } from './worker/poll-executor';
import { PollPublisher } from './worker/poll-publisher';
import { PollWorkerService } from './worker/poll-worker.service';
import { GAME_TRANSPORT, POLL_EXECUTOR, SAMPLE_WRITER } from './worker/tokens';

/** The writer's pool in PgPools: its own connections, so status reads never starve a flush. */
const WRITER_POOL = 'writer';

/** Closes the poller's own connections (the game-server pools, then the PostgreSQL pool of the writer) last. */
class PollerResources implements OnApplicationShutdown {
  constructor(
    private readonly pools: PgPools,
    @Inject(GAME_TRANSPORT) private readonly transport: GameTransport,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
    await this.pools.close(WRITER_POOL);
  }
}

/** Scheduling, polling, status tracking and time-series storage. */
@Module({
  providers: [
    ServersRepository,
    ServerRegistry,
    EntitlementsCache,
    PollerMetrics,
    SchedulerService,
    PollWorkerService,
    PollPublisher,
    PollerResources,
    // The writer has its own connections: status reads (one per health poll) must never starve a flush.
    {
      provide: SamplesRepository,
      inject: [PgPools, SERVICE_CONFIG],
      useFactory: (pools: PgPools, config: PollerConfig) =>
        new SamplesRepository(pools.pool(WRITER_POOL, config.POLLER_WRITE_CONNECTIONS)),
    },
    {
      provide: GAME_TRANSPORT,
      inject: [SERVICE_CONFIG],
      useFactory: (config: PollerConfig) => {
        const caps = answerCapsOf(config);
        const answerBudget = new AnswerBudget(config.POLLER_ANSWER_BUDGET_BYTES);
        new Logger('GameTransport').log(
          `answers capped at ${formatBytes(caps.answerBytes)} (getFactory ${formatBytes(caps.factoryAnswerBytes)}), ` +
            `${formatBytes(answerBudget.totalBytes)} across all answers in flight`,
        );
        return new GameTransport({ connectionsPerOrigin: 1, answerCaps: caps, answerBudget });
      },
    },
    {
      provide: POLL_EXECUTOR,
      inject: [GAME_TRANSPORT, SERVICE_CONFIG],
      useFactory: (transport: GameTransport, config: PollerConfig) =>
        new PollExecutor(transport, SecretBox.fromEnv(secretsOf(config)), config.POLLER_TIMEOUT_MS),
    },
    {
      provide: SAMPLE_WRITER,
      inject: [SamplesRepository, SERVICE_CONFIG, PollerMetrics],
      useFactory: (samples: SamplesRepository, config: PollerConfig, metrics: PollerMetrics) => {
        const writer: SampleWriter = new SampleWriter(
          samples,
          {
            flushMs: config.POLLER_FLUSH_MS,
            maxBatchRows: config.POLLER_BATCH_ROWS,
            maxBufferedRows: config.POLLER_BUFFER_ROWS,
            connections: config.POLLER_WRITE_CONNECTIONS,
          },
          {
            onDropped: (_units, rows) => {
              metrics.bufferDropped.inc(rows);
              metrics.bufferDepth.set(writer.depth);
            },
            onFlushed: (rows, durationMs) => {
              metrics.rowsWritten.inc(rows);
              metrics.flushDuration.observe(durationMs / 1000);
              metrics.bufferDepth.set(writer.depth);
            },
            onFlushFailed: () => {
              metrics.flushFailures.inc();
              metrics.bufferDepth.set(writer.depth);
            },
            onRefused: (rows) => {
              metrics.rowsRefused.inc(rows);
              metrics.bufferDepth.set(writer.depth);
            },
          },
        );
        return writer;
      },
    },
  ],
})
export class PollerModule {
  constructor(messaging: Messaging) {
    // A result per poll and an acknowledgement per job, from as many I/O callbacks: one socket write per event-loop
    // turn instead of one per callback (libs/messaging/src/write-coalescing.ts).
    coalesceWrites(messaging.nc);
  }
}
