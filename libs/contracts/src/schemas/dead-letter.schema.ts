import { z } from 'zod';
import { Timestamp } from './common.schema';

/**
 * Produced by any consumer that gives up on a message (schema violation, or retries exhausted); kept in the
 * dead-letter stream for inspection and replay. The original payload is kept as text, truncated to 64 KiB.
 */
export const DeadLetter = z.object({
  originalSubject: z.string(),
  consumer: z.string(),
  reason: z.enum(['schema_violation', 'retries_exhausted', 'handler_rejected']),
  error: z.string(),
  payload: z.string(),
  deliveryCount: z.int().nonnegative(),
  messageId: z.string().nullable(),
  deadLetteredAt: Timestamp,
});
export type DeadLetter = z.infer<typeof DeadLetter>;
