import { intVar, serviceEnvSchema } from '@app/config';
import { z } from 'zod';

/** Environment of the realtime-gateway service (see .env.example). */
export const RealtimeGatewayConfig = serviceEnvSchema(3001).extend({
  /**
   * Browser origins allowed to open a realtime connection, comma-separated (the dashboard is served by the
   * api-gateway on another port, e.g. `http://localhost:3000`). Empty (the default): same origin only. Clients
   * that send no Origin header (not browsers) are not affected: the token is what authenticates.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  /** Rooms (servers) one connection may watch at once. */
  REALTIME_MAX_ROOMS_PER_SOCKET: intVar(1, 10_000, 500),
  /** How long an organisation's plan entitlements (share links allowed?) are reused; a plan change drops them. */
  REALTIME_ENTITLEMENTS_CACHE_MS: intVar(0, 600_000, 30_000),
});
export type RealtimeGatewayConfig = z.infer<typeof RealtimeGatewayConfig>;
