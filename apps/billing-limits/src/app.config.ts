import { intVar, serviceEnvSchema } from '@app/config';
import type { z } from 'zod';

/** Environment of the billing-limits service (see .env.example). */
export const BillingLimitsConfig = serviceEnvSchema(3004).extend({
  /** Time between two retention runs (one replica runs each, under a PostgreSQL advisory lock). */
  RETENTION_INTERVAL_MS: intVar(100, 86_400_000, 300_000),
  /** Rows one retention DELETE removes at most: each batch is its own short transaction. */
  RETENTION_BATCH_ROWS: intVar(1, 100_000, 5000),
});
export type BillingLimitsConfig = z.infer<typeof BillingLimitsConfig>;
