import { serviceEnvSchema } from '@app/config';
import type { z } from 'zod';

/** Environment of the poller service (see .env.example). */
export const PollerConfig = serviceEnvSchema(3002);
export type PollerConfig = z.infer<typeof PollerConfig>;
