import { serviceEnvSchema } from '@app/config';
import type { z } from 'zod';

/** Environment of the realtime-gateway service (see .env.example). */
export const RealtimeGatewayConfig = serviceEnvSchema(3001);
export type RealtimeGatewayConfig = z.infer<typeof RealtimeGatewayConfig>;
