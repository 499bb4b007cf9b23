import { ConfigError, serviceEnvSchema } from '@app/config';
import { loadServiceConfig } from './bootstrap';

const schema = serviceEnvSchema(3004);
const valid = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/gsm', NATS_URL: 'nats://127.0.0.1:4222' };

describe('loadServiceConfig', () => {
  it('parses the app configuration and the tracing settings (off without an endpoint)', () => {
    const { config, tracing } = loadServiceConfig('billing-limits', schema, valid);
    expect(config.PORT).toBe(3004);
    expect(tracing).toEqual({
      tracesUrl: undefined,
      serviceName: 'billing-limits',
      sampler: 'parentbased_traceidratio',
      ratio: 1,
    });
  });

  it('turns tracing on with an endpoint', () => {
    const env = { ...valid, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_SAMPLER_ARG: '0.1' };
    expect(loadServiceConfig('billing-limits', schema, env).tracing).toMatchObject({
      tracesUrl: 'http://127.0.0.1:4318/v1/traces',
      ratio: 0.1,
    });
  });

  it('names the bad variables of both at once', () => {
    let error: unknown;
    try {
      loadServiceConfig('billing-limits', schema, { NATS_URL: valid.NATS_URL, OTEL_TRACES_SAMPLER_ARG: '2' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringContaining('DATABASE_URL is missing'),
      expect.stringContaining('OTEL_TRACES_SAMPLER_ARG is invalid'),
    ]);
    expect((error as ConfigError).message).toContain('billing-limits: invalid configuration (2 problems)');
  });
});
