import { intVar, serviceEnvSchema, urlVar } from '@app/config';
import { SESSION_IDLE_TIMEOUT_MINUTES } from '@app/contracts';
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
  /**
   * Proxies in front of the gateway whose X-Forwarded-For is trusted (0: none, the client address is the TCP
   * peer's; 1: the last address a single proxy appended). Like the api-gateway's TRUST_PROXY.
   */
  TRUST_PROXY: intVar(0, 10, 0),
  /** Handshakes (connection attempts with a token) per client address a minute before they are refused. */
  REALTIME_HANDSHAKES_PER_ADDRESS: intVar(1, 1_000_000, 60),
  /** Room joins per connection a minute (a burst of this many: a dashboard joins every server it shows at once). */
  REALTIME_JOINS_PER_SOCKET: intVar(1, 1_000_000, 600),
  /** Room joins per client address a minute, over all its connections. */
  REALTIME_JOINS_PER_ADDRESS: intVar(1, 1_000_000, 2000),
  /**
   * Redis holding the handshake and join counters per client address, shared by every replica (the api-gateway's).
   * Without it each replica limits on its own.
   */
  REDIS_URL: urlVar('Redis URL, e.g. redis://127.0.0.1:6379', ['redis', 'rediss']).default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key (tests use one per run). */
  REDIS_KEY_PREFIX: z.string().max(100).default('gsm:'),
  /** A dashboard session unused (by the API) for this long is refused at the handshake; the api-gateway's value. */
  SESSION_IDLE_TIMEOUT_MINUTES: intVar(
    SESSION_IDLE_TIMEOUT_MINUTES.min,
    SESSION_IDLE_TIMEOUT_MINUTES.max,
    SESSION_IDLE_TIMEOUT_MINUTES.default,
  ),
});
export type RealtimeGatewayConfig = z.infer<typeof RealtimeGatewayConfig>;
