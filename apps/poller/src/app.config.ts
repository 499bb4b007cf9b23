import { intVar, secretsEnv, serviceEnvSchema } from '@app/config';
import { z } from 'zod';

/** Environment of the poller service (see .env.example). */
export const PollerConfig = serviceEnvSchema(3002).extend({
  ...secretsEnv,
  /** all: scheduler candidate and worker; scheduler or worker for separate deployments. */
  POLLER_ROLE: z.enum(['all', 'scheduler', 'worker']).default('all'),
  /** Jobs one worker replica runs at once (never more than one per server). */
  POLLER_CONCURRENCY: intVar(1, 5000, 256),
  /** Deadline of one request to a game server. */
  POLLER_TIMEOUT_MS: intVar(100, 60_000, 5000),
  /**
   * Largest answer read from a game server (bytes); a bigger one is aborted as it streams in and the poll dropped
   * (`answer_too_large`). getFactory has its own cap (every building of the save in one answer).
   */
  POLLER_MAX_ANSWER_BYTES: intVar(64 * 1024, 256 * 1024 * 1024, 1024 * 1024),
  POLLER_MAX_FACTORY_ANSWER_BYTES: intVar(64 * 1024, 1024 * 1024 * 1024, 8 * 1024 * 1024),
  /**
   * Bytes of answers being read at once, across every server (answer-budget.ts): an answer whose next chunk would go
   * over it is dropped (`answer_too_large`, "the poller's budget for answers in flight ... was used up").
   */
  POLLER_ANSWER_BUDGET_BYTES: intVar(1024 * 1024, 64 * 1024 * 1024 * 1024, 256 * 1024 * 1024),
  POLLER_FLUSH_MS: intVar(10, 10_000, 200),
  POLLER_BATCH_ROWS: intVar(10, 100_000, 5000),
  /** Write transactions in flight at once, each on its own PostgreSQL connection. */
  POLLER_WRITE_CONNECTIONS: intVar(1, 16, 2),
  /** Rows held while PostgreSQL is unavailable before the oldest are dropped. */
  POLLER_BUFFER_ROWS: intVar(100, 10_000_000, 200_000),
  /** Scheduler leader lease: a standby takes over within about TTL + retry after the leader dies. */
  POLLER_LEADER_TTL_MS: intVar(1000, 60_000, 9000),
  POLLER_LEADER_RETRY_MS: intVar(100, 60_000, 2000),
  /** A job not acked by then (worker died mid-job) is redelivered to another worker. */
  POLLER_ACK_WAIT_MS: intVar(500, 600_000, 30_000),
});
export type PollerConfig = z.infer<typeof PollerConfig>;
