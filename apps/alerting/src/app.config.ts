import { intVar, secretsEnv, serviceEnvSchema, urlVar } from '@app/config';
import { allowCidrsVar } from '@app/game-client';
import { z } from 'zod';

/** Environment of the alerting service (see .env.example). */
export const AlertingConfig = serviceEnvSchema(3003).extend({
  ...secretsEnv,
  /** Ranges a webhook's host may be in although private or loopback (tests, the local demo); empty: public only. */
  TARGET_ALLOW_CIDRS: allowCidrsVar(),
  /** The dashboard's public URL, for links in notifications (e.g. https://monitor.example.com); unset: no links. */
  PUBLIC_URL: urlVar('public URL of the dashboard', ['http', 'https'])
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : null)),
  /** The mail server for e-mail alerts, e.g. smtp://user:password@mail.example.com:587 (smtps:// for TLS). */
  SMTP_URL: urlVar('SMTP server URL', ['smtp', 'smtps']).optional(),
  SMTP_FROM: z.string().default('Satisfactory Monitoring <alerts@localhost>'),
  /**
   * TESTS ONLY, never in production configuration: hosts (e.g. 127.0.0.1) a discord channel may send to besides
   * Discord's own (discord.com, discordapp.com and their ptb./canary. variants), so tests reach a loopback look-alike.
   */
  DISCORD_WEBHOOK_EXTRA_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  /** Most notification channels an organisation may have (409 Conflict beyond). */
  ALERTING_MAX_CHANNELS_PER_ORG: intVar(1, 10_000, 25),
  /** Most alert rules an organisation may add (the preset rules that come with each server not counted). */
  ALERTING_MAX_RULES_PER_ORG: intVar(1, 100_000, 250),
  /** The Telegram Bot API (tests point it at a local look-alike). */
  TELEGRAM_API_URL: urlVar('Telegram Bot API base URL', ['http', 'https']).default('https://api.telegram.org'),
  /** Evaluator leader lease: a standby takes over within about this long after the leader dies. */
  ALERTING_LEADER_TTL_MS: intVar(1000, 60_000, 9000),
  /** How long poll results are gathered before a batch is evaluated. */
  ALERTING_BATCH_MS: intVar(1, 1000, 10),
  /** Full reload of rules, channels and silences (changes announced by the api-gateway apply at once anyway). */
  ALERTING_REFRESH_MS: intVar(1000, 3_600_000, 60_000),
  /** A message not acknowledged by then (replica died) is handed to another. */
  ALERTING_ACK_WAIT_MS: intVar(1000, 600_000, 30_000),
  ALERTING_DELIVERY_CONCURRENCY: intVar(1, 256, 16),
  /** Deadline of one request to a receiver. */
  ALERTING_SEND_TIMEOUT_MS: intVar(100, 60_000, 10_000),
  /** Retry backoff: base * 2^(failures-1), capped, with jitter. */
  ALERTING_RETRY_BASE_MS: intVar(10, 600_000, 2000),
  ALERTING_RETRY_MAX_MS: intVar(100, 3_600_000, 300_000),
  /** Failed attempts (rate limits aside) before a delivery is dead. */
  ALERTING_MAX_FAILURES: intVar(1, 1000, 12),
  /** How often the outbox sweep republishes deliveries whose job went missing. */
  ALERTING_SWEEP_MS: intVar(500, 3_600_000, 30_000),
  /** How long the acknowledge link of a chat message works (issue 24); it works once either way. */
  ALERTING_ACK_LINK_TTL_HOURS: intVar(1, 24 * 30, 24),
});
export type AlertingConfig = z.infer<typeof AlertingConfig>;
