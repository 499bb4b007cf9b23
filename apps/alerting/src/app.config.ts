import { serviceEnvSchema } from '@app/config';
import type { z } from 'zod';

/** Environment of the alerting service (see .env.example). */
export const AlertingConfig = serviceEnvSchema(3003);
export type AlertingConfig = z.infer<typeof AlertingConfig>;
