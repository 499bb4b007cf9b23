import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config';
import { serviceEnvSchema } from './env.schema';

const schema = serviceEnvSchema(3002);
const valid = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/gsm', NATS_URL: 'nats://127.0.0.1:4222' };

function problemsOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig('poller', schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('parses a valid environment and applies defaults', () => {
    const config = loadConfig('poller', schema, valid);
    expect(config).toMatchObject({ PORT: 3002, NATS_PREFIX: 'gsm', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: 8000 });
  });

  it('names a missing required variable', () => {
    const error = problemsOf({ NATS_URL: valid.NATS_URL });
    expect(error.message).toContain('poller: invalid configuration');
    expect(error.message).toContain('DATABASE_URL is missing');
    expect(error.problems).toHaveLength(1);
  });

  it('names every bad or missing variable at once', () => {
    const error = problemsOf({ DATABASE_URL: 'mysql://x', PORT: 'eighty', NATS_PREFIX: 'Bad Prefix' });
    const text = error.message;
    expect(text).toContain('DATABASE_URL is invalid');
    expect(text).toContain('NATS_URL is missing');
    expect(text).toContain('PORT is invalid');
    expect(text).toContain('NATS_PREFIX is invalid');
    expect(error.problems).toHaveLength(4);
  });

  it('never echoes a value, which may be a secret', () => {
    const error = problemsOf({ DATABASE_URL: 'postgresql://user:hunter2-secret@[bad', NATS_URL: valid.NATS_URL });
    expect(error.message).toContain('DATABASE_URL is invalid');
    expect(error.message).not.toContain('hunter2-secret');
  });

  it('treats an empty value as unset', () => {
    expect(problemsOf({ ...valid, DATABASE_URL: '' }).message).toContain('DATABASE_URL is missing');
    expect(loadConfig('poller', schema, { ...valid, PORT: '' }).PORT).toBe(3002);
  });

  it('accepts a comma-separated list of NATS servers', () => {
    const config = loadConfig('poller', schema, { ...valid, NATS_URL: 'nats://a:4222, nats://b:4222' });
    expect(config.NATS_URL).toContain('nats://b:4222');
  });

  it('works with an app schema that extends the base', () => {
    const extended = schema.extend({ FEATURE_LIMIT: z.coerce.number().int().min(1) });
    expect(() => loadConfig('x', extended, { ...valid, FEATURE_LIMIT: '0' })).toThrow(/FEATURE_LIMIT is invalid/);
  });
});
