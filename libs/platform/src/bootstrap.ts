import 'reflect-metadata';
import { ConfigError, loadConfig, type ServiceEnv } from '@app/config';
import { Messaging, setMessagingTracer } from '@app/messaging';
import {
  httpServerSpans,
  installContextManager,
  startTracing,
  tracingEnvSchema,
  tracingSettings,
  type Tracing,
  type TracingSettings,
} from '@app/observability';
import { Logger, type DynamicModule, type INestApplication, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import { Logger as PinoLogger } from 'nestjs-pino';
import type { Server } from 'node:http';
import type { z } from 'zod';
import { LifecycleService } from './lifecycle.service';

export interface BootstrapOptions<C extends ServiceEnv> {
  service: string;
  schema: z.ZodType<C>;
  /** Builds the root module from the parsed configuration. */
  module: (config: C) => DynamicModule;
  /** Options for NestFactory.create (e.g. `bodyParser: false` when the service installs its own). */
  nestOptions?: NestApplicationOptions;
  /** Configures the app before it listens (middleware, global filters, API documents). */
  configure?: (app: INestApplication, config: C) => void | Promise<void>;
}

/**
 * The app's configuration and the tracing settings (the OTEL_* variables every service reads), parsed once; a
 * ConfigError names every bad variable of both.
 */
export function loadServiceConfig<C extends ServiceEnv>(
  service: string,
  schema: z.ZodType<C>,
  env: Record<string, string | undefined> = process.env,
): { config: C; tracing: TracingSettings } {
  const problems: string[] = [];
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const config = attempt(() => loadConfig(service, schema, env));
  const tracing = attempt(() => loadConfig(service, tracingEnvSchema, env));
  if (!config || !tracing) throw new ConfigError(service, problems);
  return { config, tracing: tracingSettings(service, tracing) };
}

/**
 * Starts a service: parses its environment once (exits 1 naming every bad variable), starts tracing when an OTLP
 * endpoint is configured, builds the Nest app with pino logging, listens, and installs graceful shutdown on
 * SIGTERM / SIGINT.
 */
export async function bootstrapService<C extends ServiceEnv>(options: BootstrapOptions<C>): Promise<INestApplication> {
  let config: C;
  let settings: TracingSettings;
  try {
    ({ config, tracing: settings } = loadServiceConfig(options.service, options.schema));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Before the app exists: spans and log fields need the context manager from the first request or message on.
  installContextManager();
  const tracingLogger = new Logger('Tracing');
  const tracing = startTracing(settings, { warn: (message) => tracingLogger.warn(message) });
  setMessagingTracer(tracing.tracer);
  let app: INestApplication;
  try {
    // Case-sensitive routes: `/API/v1/...` or `/METRICS` are not the API or the metrics (an Ingress or a proxy
    // matches paths by case, so a differently spelled path must not reach a route). Express reads the setting when
    // it creates its router, which the adapter does at once: so it is set on the instance before the adapter exists.
    const server = express();
    server.set('case sensitive routing', true);
    app = await NestFactory.create(options.module(config), new ExpressAdapter(server), {
      ...options.nestOptions,
      bufferLogs: true,
      abortOnError: false,
    });
    app.useLogger(app.get(PinoLogger));
    app.flushLogs();
    // First of all middleware (before body parsers and the app's own): the span covers the whole request.
    if (tracing.tracer) app.use(httpServerSpans(tracing.tracer));
    await options.configure?.(app, config);
    // listen() runs the modules' init hooks: PostgreSQL is reached here.
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    process.stderr.write(`${options.service} could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = new Logger('Bootstrap');
  installGracefulShutdown(app, config.SHUTDOWN_TIMEOUT_MS, logger, tracing);
  if (tracing.enabled) {
    tracingLogger.log(
      {
        endpoint: withoutCredentials(settings.tracesUrl),
        serviceName: settings.serviceName,
        sampler: settings.sampler,
        ratio: settings.ratio,
      },
      'tracing on: exporting spans over OTLP/HTTP',
    );
  }
  const address = (app.getHttpServer() as Server).address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.log({ port }, `${options.service} ready`);
  return app;
}

/** A URL without user and password, for logs. */
function withoutCredentials(url: string | undefined): string | undefined {
  return url?.replace(/\/\/[^@/]*@/, '//');
}

/**
 * On SIGTERM / SIGINT: fail readiness, stop accepting HTTP connections, stop consumers and wait for in-flight
 * work, drain NATS, close PostgreSQL, export the last spans, exit 0. If that takes longer than the timeout, exit 1 anyway.
 */
export function installGracefulShutdown(
  app: INestApplication,
  timeoutMs: number,
  logger: Logger,
  tracing?: Tracing,
): void {
  let started = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (started) return;
    started = true;
    const begun = Date.now();
    logger.log({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ timeoutMs }, 'graceful shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs).unref();
    try {
      const lifecycle = app.get(LifecycleService);
      lifecycle.beginShutdown();
      const server = app.getHttpServer() as Server;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await lifecycle.drain();
      await app.get(Messaging).close();
      await closed;
      await app.close();
      // The spans still buffered (a few seconds' worth) go out before the process ends.
      await tracing
        ?.shutdown()
        .catch((error: unknown) => logger.warn({ err: (error as Error).message }, 'spans not exported'));
      logger.log({ durationMs: Date.now() - begun }, 'shutdown complete');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (s) => void shutdown(s));
  process.once('SIGINT', (s) => void shutdown(s));
}
