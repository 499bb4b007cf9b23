import { z } from 'zod';

/** An optional http(s) URL, described for humans (the same wording as the config library's URL variables). */
function otlpUrl(description: string) {
  return z
    .string()
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v.trim()).protocol);
      } catch {
        return false;
      }
    }, `expected an http or https URL: ${description}`)
    .optional();
}

export const SAMPLERS = [
  'parentbased_traceidratio',
  'traceidratio',
  'parentbased_always_on',
  'always_on',
  'parentbased_always_off',
  'always_off',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

/**
 * The OpenTelemetry variables every service reads (the standard names, a subset). Tracing is off unless an OTLP
 * endpoint is set: no exporter, no spans, no trace headers.
 */
export const tracingEnvSchema = z.object({
  /** OTLP/HTTP collector base URL; spans go to `<url>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl('OTLP/HTTP collector, e.g. http://127.0.0.1:4318 (spans go to /v1/traces)'),
  /** Full URL for spans; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl('OTLP/HTTP traces URL, e.g. http://127.0.0.1:4318/v1/traces'),
  /** `service.name` of the spans; default: the service's own name. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(128).optional(),
  OTEL_TRACES_SAMPLER: z
    .enum(SAMPLERS, { error: `expected one of ${SAMPLERS.join(', ')}` })
    .default('parentbased_traceidratio'),
  /** Share of new traces recorded, 0 to 1 (ratio samplers only). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'expected a ratio between 0 and 1, e.g. 0.1' })
    .min(0, 'expected a ratio between 0 and 1, e.g. 0.1')
    .max(1, 'expected a ratio between 0 and 1, e.g. 0.1')
    .default(1),
  /** `true` turns tracing off even with an endpoint set. */
  OTEL_SDK_DISABLED: z.stringbool().default(false),
});
export type TracingEnv = z.infer<typeof tracingEnvSchema>;

/** What the tracing set-up needs, derived once from the environment. */
export interface TracingSettings {
  /** Where spans are sent (OTLP/HTTP, JSON); undefined = tracing off. */
  tracesUrl: string | undefined;
  serviceName: string;
  sampler: SamplerName;
  ratio: number;
}

/** The traces URL from the two endpoint variables, as the OTLP exporter specification resolves them. */
export function tracesUrlOf(
  env: Pick<TracingEnv, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>,
) {
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (specific) return specific;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/+$/, '')}/v1/traces`;
}

/** Settings of one service from its parsed environment. */
export function tracingSettings(service: string, env: TracingEnv): TracingSettings {
  return {
    tracesUrl: env.OTEL_SDK_DISABLED ? undefined : tracesUrlOf(env),
    serviceName: env.OTEL_SERVICE_NAME ?? service,
    sampler: env.OTEL_TRACES_SAMPLER,
    ratio: env.OTEL_TRACES_SAMPLER_ARG,
  };
}
