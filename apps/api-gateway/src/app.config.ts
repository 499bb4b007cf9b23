import { serviceEnvSchema } from '@app/config';
import type { z } from 'zod';

/** Environment of the api-gateway service (see .env.example). */
export const ApiGatewayConfig = serviceEnvSchema(3000);
export type ApiGatewayConfig = z.infer<typeof ApiGatewayConfig>;
