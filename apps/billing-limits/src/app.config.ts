import { serviceEnvSchema } from '@app/config';
import type { z } from 'zod';

/** Environment of the billing-limits service (see .env.example). */
export const BillingLimitsConfig = serviceEnvSchema(3004);
export type BillingLimitsConfig = z.infer<typeof BillingLimitsConfig>;
