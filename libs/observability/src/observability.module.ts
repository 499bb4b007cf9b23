import { randomUUID } from 'node:crypto';
import { Global, Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { stdSerializers } from 'pino';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { reenterTraceContext } from './http-tracing';
import { logMixin } from './log-context';
import { MetricsController } from './metrics.controller';
import { METRICS_OPTIONS, MetricsService } from './metrics.service';
import { REDACTED_PATHS, redactTokens, redactUrl } from './redaction';
import { tracingEnabled } from './tracing';

export interface ObservabilityOptions {
  service: string;
  logLevel: string;
}

const QUIET_ROUTES = ['/health/live', '/health/ready', '/metrics'];

/**
 * Logging (pino, JSON lines, request ids, NATS message ids, secrets redacted) and Prometheus metrics for one
 * service; with tracing on, the request's trace context inside Nest (see http-tracing.ts).
 */
@Global()
@Module({})
export class ObservabilityModule implements NestModule {
  static forRoot(options: ObservabilityOptions): DynamicModule {
    return {
      module: ObservabilityModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: options.logLevel,
            name: options.service,
            base: { service: options.service },
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            // A NATS message's id (and the trace id while tracing is on) on the lines written while handling it.
            mixin: logMixin,
            genReqId: (req, res) => {
              const given = req.headers['x-request-id'];
              const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            autoLogging: { ignore: (req) => QUIET_ROUTES.includes(req.url ?? '') },
            // Failures are always logged; a line per successful request is at debug (LOG_LEVEL=debug shows them):
            // at thousands of requests per second it was a quarter of the api-gateway's CPU. Every request is
            // still counted in the HTTP metrics.
            customLogLevel: (_req, res, error) =>
              error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                // Without the query string (tokens may travel there) and without share tokens in the path.
                url: redactUrl(req.url),
              }),
              // The status only: a response's headers cost a kilobyte per line and may carry cookies.
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
              // An error's message or stack may quote a URL with a share token in it.
              err: (err: unknown) => {
                const out = stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
                if (typeof out.message === 'string') out.message = redactTokens(out.message);
                if (typeof out.stack === 'string') out.stack = redactTokens(out.stack);
                return out;
              },
            },
          },
        }),
      ],
      controllers: [MetricsController],
      providers: [{ provide: METRICS_OPTIONS, useValue: { service: options.service } }, MetricsService],
      exports: [MetricsService],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
    // Tracing starts before the app is built (bootstrapService); without it, no middleware at all.
    if (tracingEnabled()) consumer.apply(reenterTraceContext).forRoutes('*path');
  }
}
