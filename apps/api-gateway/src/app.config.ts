import { intVar, secretsEnv, serviceEnvSchema, urlVar } from '@app/config';
import { SESSION_IDLE_TIMEOUT_MINUTES } from '@app/contracts';
import { allowCidrsVar } from '@app/game-client';
import { z } from 'zod';

/** Environment of the api-gateway service (see .env.example). */
export const ApiGatewayConfig = serviceEnvSchema(3000).extend({
  ...secretsEnv,
  /** Ranges a server's host or a webhook may be in although private or loopback (tests, the local demo). */
  TARGET_ALLOW_CIDRS: allowCidrsVar(),
  /** Browser origins allowed to call the API (the dashboard's), comma-separated. */
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:5173')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Largest accepted JSON body. */
  BODY_LIMIT: z.string().default('100kb'),
  /** Express `trust proxy` (hops or false): the client address for sign-in throttling behind a load balancer. */
  TRUST_PROXY: intVar(0, 10, 0),
  /** Lifetime of a dashboard session. */
  SESSION_TTL_HOURS: intVar(1, 24 * 90, 24 * 14),
  /** A dashboard session not used for this long stops working (besides SESSION_TTL_HOURS); default 7 days. */
  SESSION_IDLE_TIMEOUT_MINUTES: intVar(
    SESSION_IDLE_TIMEOUT_MINUTES.min,
    SESSION_IDLE_TIMEOUT_MINUTES.max,
    SESSION_IDLE_TIMEOUT_MINUTES.default,
  ),
  /** Sign-in attempts allowed per e-mail within 15 minutes before 429 (a right password clears them). */
  LOGIN_MAX_FAILURES: intVar(1, 1000, 5),
  /** Failed sign-in attempts allowed per client address within 15 minutes (any e-mails) before 429. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: intVar(1, 100_000, 20),
  /**
   * Proofs (codes or the password) allowed per user within 15 minutes to turn the authenticator app off or to
   * regenerate recovery codes before 429 (a right one clears them).
   */
  TWO_FACTOR_CODE_MAX_FAILURES: intVar(1, 1000, 5),
  /** Sign-ups allowed per client address within an hour before 429. */
  REGISTER_MAX_PER_HOUR: intVar(1, 100_000, 10),
  /**
   * Requests per minute of one user's dashboard sessions (API tokens have the plan's daily quota instead). A page
   * load of the dashboard makes 20-35 requests, an open tab 7-20 a minute: 300 is a page every 5 s for a minute
   * (docs/security/throttles.md).
   */
  SESSION_RATE_LIMIT_PER_MINUTE: intVar(10, 1_000_000, 300),
  /** Redis holding the attempt counters every replica shares (sign-in and sign-up fail closed without it). */
  REDIS_URL: urlVar('Redis URL, e.g. redis://127.0.0.1:6379', ['redis', 'rediss']).default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key (tests use one per run). */
  REDIS_KEY_PREFIX: z.string().max(100).default('gsm:'),
  /** Deadline of each step of the registration probe (a black-holed host fails after it, "timed out"). */
  PROBE_TIMEOUT_MS: intVar(200, 60_000, 5000),
  /** Outbound probes (registrations, diagnoses) one user may start per minute, on every replica together. */
  PROBE_LIMIT_PER_USER: intVar(1, 100_000, 30),
  /** Outbound probes one organisation may start per minute, all its members together. */
  PROBE_LIMIT_PER_ORG: intVar(1, 100_000, 120),
  /** Outbound throttles (channel test messages, recipient confirmation mails): sends per user and per organisation
   * in each fixed window of OUTBOUND_WINDOW_SECONDS; more answer 429 with Retry-After. */
  OUTBOUND_PER_USER: intVar(1, 10_000, 10),
  OUTBOUND_PER_ORG: intVar(1, 100_000, 30),
  OUTBOUND_WINDOW_SECONDS: intVar(1, 86_400, 600),
  /** The built dashboard to serve (default: apps/web/dist of this checkout). */
  WEB_DIST: z.string().optional(),
  /**
   * Where browsers reach the realtime-gateway's Socket.IO (told to the dashboard by GET /api/v1/client-config).
   * Unset: the same origin as the API (an ingress routes /socket.io to the realtime-gateway).
   */
  REALTIME_PUBLIC_URL: urlVar('public URL of the realtime-gateway, e.g. https://live.example.com', ['http', 'https'])
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : null)),
  /** The dashboard's public URL, for the links in account mails (verification, reset, invitations); unset: the
   * mails carry a code to enter on the dashboard's page instead of a link. */
  PUBLIC_URL: urlVar('public URL of the dashboard', ['http', 'https'])
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : null)),
  /** Passkeys: the WebAuthn relying party id (a domain); unset: PUBLIC_URL's host name, else localhost (also for a
   * PUBLIC_URL on an IP address, which browsers refuse as a relying party). */
  WEBAUTHN_RP_ID: z.string().trim().min(1).max(253).optional(),
  /** Passkeys: the browser origins a passkey may sign in from, comma-separated; unset: PUBLIC_URL's origin, else
   * http://localhost:<PORT> and the CORS_ORIGINS. */
  WEBAUTHN_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((o) => o.trim().replace(/\/+$/, ''))
            .filter(Boolean)
        : null,
    ),
  /** The mail server for account mails, e.g. smtp://user:password@mail.example.com:587 (the same as alerting's). */
  SMTP_URL: urlVar('SMTP server URL', ['smtp', 'smtps']).optional(),
  SMTP_FROM: z.string().default('Satisfactory Monitoring <accounts@localhost>'),
  /** Deadline of each SMTP step (connect, greeting, each command) of an account mail. */
  MAIL_SEND_TIMEOUT_MS: intVar(500, 120_000, 10_000),
  /** Verification mails a user may ask to be sent again within an hour (issue 22) before 429. */
  VERIFICATION_RESEND_MAX_PER_HOUR: intVar(1, 1000, 5),
  /** Password reset requests per e-mail (known or not) within an hour before 429. */
  PASSWORD_RESET_MAX_PER_EMAIL: intVar(1, 1000, 5),
  /** Password reset requests per client address within an hour (any e-mails) before 429. */
  PASSWORD_RESET_MAX_PER_ADDRESS: intVar(1, 100_000, 20),
  /** Single sign-on: seconds of clock difference tolerated on an ID token's exp/nbf (openid-client's default 30). */
  SSO_CLOCK_TOLERANCE_SECONDS: intVar(0, 300, 30),
  /** Single sign-on starts (POST /auth/sso/start) per client address in 15 minutes before 429. */
  SSO_START_MAX_PER_ADDRESS: intVar(1, 100_000, 60),
  /** Share API (/api/v1/public/<token>): requests per client address a minute, over every token. */
  SHARE_RATE_PER_ADDRESS: intVar(1, 1_000_000, 300),
  /** Share API: answers not served from the answer cache per share token a minute, over every address. */
  SHARE_RATE_PER_TOKEN: intVar(1, 1_000_000, 6000),
  /** Share API: unknown, revoked or expired tokens a client address may try a minute before 429. */
  SHARE_UNKNOWN_PER_ADDRESS: intVar(1, 1_000_000, 10),
  /** Share API: how long an answer is reused for the same token, path and query (0: not cached). */
  SHARE_ANSWER_CACHE_MS: intVar(0, 60_000, 5000),
  /** Share API: how long a token found invalid is answered 404 without asking PostgreSQL again. */
  SHARE_NEGATIVE_CACHE_MS: intVar(0, 3_600_000, 60_000),
  /** Status page notifications: how often a replica looks for due outbox rows (mails, webhook POSTs). */
  STATUS_OUTBOX_TICK_MS: intVar(50, 60_000, 1000),
  /** Status page notifications: the first retry's delay after a failure; doubled each attempt, at most an hour. */
  STATUS_OUTBOX_RETRY_MS: intVar(100, 3_600_000, 30_000),
  /** Status page maintenance: how often a replica looks for windows to announce or starting now. */
  STATUS_NOTICE_TICK_MS: intVar(100, 600_000, 30_000),
});
export type ApiGatewayConfig = z.infer<typeof ApiGatewayConfig>;
