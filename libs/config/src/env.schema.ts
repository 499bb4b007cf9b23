import { z } from 'zod';

/** A required URL with an allowed set of schemes, described for humans. */
export function urlVar(description: string, schemes: readonly string[], options: { list?: boolean } = {}) {
  const valid = (v: string): boolean => {
    try {
      return schemes.includes(new URL(v.trim()).protocol.replace(/:$/, ''));
    } catch {
      return false;
    }
  };
  return z
    .string({ error: `required: ${description}` })
    .refine(
      (v) => (options.list ? v.split(',').every(valid) : valid(v)),
      `expected a ${schemes.join(' or ')} URL: ${description}`,
    );
}

/** An integer from a string, with bounds. */
export function intVar(min: number, max: number, fallback: number) {
  return z.coerce
    .number({ error: `expected an integer between ${min} and ${max}` })
    .int(`expected an integer between ${min} and ${max}`)
    .min(min, `expected an integer between ${min} and ${max}`)
    .max(max, `expected an integer between ${min} and ${max}`)
    .default(fallback);
}

/**
 * Variables every service reads. Each app extends this with its own (see apps/<app>/src/app.config.ts) and
 * with its own default PORT.
 */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Pretty, human-readable logs instead of JSON lines. */
  LOG_PRETTY: z.stringbool().default(false),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: urlVar('PostgreSQL connection URL, e.g. postgresql://postgres@127.0.0.1:5432/gsm', [
    'postgres',
    'postgresql',
  ]),
  DATABASE_POOL_SIZE: intVar(1, 100, 10),
  NATS_URL: urlVar('NATS server URL(s), comma-separated, e.g. nats://127.0.0.1:4222', ['nats', 'tls'], {
    list: true,
  }),
  /** Namespace of every subject and stream name; tests use their own to stay isolated. */
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes, starting with a letter')
    .default('gsm'),
  /**
   * Copies of every JetStream stream and KV bucket the services declare: 1 on a single nats-server, 3 on a
   * three-node cluster (a node may then fail without losing a message or a leader lease).
   */
  NATS_STREAM_REPLICAS: intVar(1, 5, 1),
  /** Time allowed for a graceful shutdown before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: intVar(1000, 120_000, 8000),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** The base schema with an app's default port. */
export function serviceEnvSchema(defaultPort: number) {
  return baseEnvSchema.extend({ PORT: intVar(0, 65535, defaultPort) });
}
export type ServiceEnv = BaseEnv & { PORT: number };

/**
 * The key that seals stored secrets (game admin passwords): the api-gateway seals, the poller opens, so both read
 * the same variables. SECRETS_KEY_ID names the key; SECRETS_PREVIOUS_KEYS (`id:key,id2:key2`) still open values
 * sealed before a rotation.
 */
export const secretsEnv = {
  SECRETS_KEY: z
    .string({
      error: 'required: base64 of 32 random bytes, e.g. `openssl rand -base64 32` (api-gateway and poller share it)',
    })
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded'),
  SECRETS_KEY_ID: z.string().optional(),
  SECRETS_PREVIOUS_KEYS: z.string().optional(),
};
