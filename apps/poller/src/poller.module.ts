import { GameTransport } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import type { PollerConfig } from './app.config';
import { PollerMetrics } from './metrics/poller.metrics';
import { EntitlementsCache } from './plans/entitlements.cache';
import { ServerRegistry } from './registry/server-registry';
import { ServersRepository } from './registry/servers.repository';
import { SchedulerService } from './scheduler/scheduler.service';
import { SampleWriter } from './storage/sample-writer';
import { PollExecutor } from './worker/poll-executor';
import { PollWorkerService } from './worker/poll-worker.service';
import { GAME_TRANSPORT, PG_POOL, POLL_EXECUTOR, SAMPLE_WRITER } from './worker/tokens';

function pool(config: PollerConfig, max: number, name: string): Pool {
  const created = new Pool({
    connectionString: config.DATABASE_URL,
    max,
    application_name: name,
    connectionTimeoutMillis: 5000,
  });
  created.on('error', () => undefined); // a dropped idle connection is replaced; the writer retries its batch
  return created;
}

/** Closes the poller's own connections (the PostgreSQL pool of the writer, the game-server pools) last. */
class PollerResources implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(GAME_TRANSPORT) private readonly transport: GameTransport,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
    await this.pool.end();
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
    PollerResources,
    // The writer has its own connections: status reads (one per health poll) must never starve a flush.
    {
      provide: PG_POOL,
      inject: [SERVICE_CONFIG],
      useFactory: (config: PollerConfig) => pool(config, config.POLLER_WRITE_CONNECTIONS, 'poller-writer'),
    },
    { provide: GAME_TRANSPORT, useFactory: () => new GameTransport({ connectionsPerOrigin: 1 }) },
    {
      provide: POLL_EXECUTOR,
      inject: [GAME_TRANSPORT, SERVICE_CONFIG],
      useFactory: (transport: GameTransport, config: PollerConfig) =>
        new PollExecutor(transport, SecretBox.fromEnv(secretsOf(config)), config.POLLER_TIMEOUT_MS),
    },
    {
      provide: SAMPLE_WRITER,
      inject: [PG_POOL, SERVICE_CONFIG, PollerMetrics],
      useFactory: (pool: Pool, config: PollerConfig, metrics: PollerMetrics) => {
        const writer: SampleWriter = new SampleWriter(
          pool,
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
export class PollerModule {}
