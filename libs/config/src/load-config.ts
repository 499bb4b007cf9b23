import type { z } from 'zod';

/** Thrown when the environment does not satisfy an app's schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly app: string,
    readonly problems: readonly string[],
  ) {
    super(
      `${app}: invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        '\nSet these variables in the environment or in .env (see .env.example), then start again.',
    );
    this.name = 'ConfigError';
  }
}

function describe(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = issue.path.map(String).join('.') || '(environment)';
  const present = issue.path.length > 0 && env[String(issue.path[0])] !== undefined;
  if (!present) return `${name} is missing: ${issue.message}`;
  // Never echo the value: it may be a secret.
  return `${name} is invalid: ${issue.message}`;
}

/**
 * Parses the environment with the app's zod schema, once, at start-up. Empty strings count as unset, so
 * `FOO=` in a .env file falls back to the default or is reported as missing.
 */
export function loadConfig<S extends z.ZodType>(
  app: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = [...new Set(result.error.issues.map((i) => describe(i, cleaned)))];
  throw new ConfigError(app, problems);
}
