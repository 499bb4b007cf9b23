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
  /** Time allowed for a graceful shutdown before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: intVar(1000, 120_000, 8000),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** The base schema with an app's default port. */
export function serviceEnvSchema(defaultPort: number) {
  return baseEnvSchema.extend({ PORT: intVar(0, 65535, defaultPort) });
}
export type ServiceEnv = BaseEnv & { PORT: number };
