import 'reflect-metadata';
import { ConfigError, loadConfig, type ServiceEnv } from '@app/config';
import { Messaging } from '@app/messaging';
import { Logger, type DynamicModule, type INestApplication, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
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
 * Starts a service: parses its environment once (exits 1 naming every bad variable), builds the Nest app with
 * pino logging, listens, and installs graceful shutdown on SIGTERM / SIGINT.
 */
export async function bootstrapService<C extends ServiceEnv>(options: BootstrapOptions<C>): Promise<INestApplication> {
  let config: C;
  try {
    config = loadConfig(options.service, options.schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let app: INestApplication;
  try {
    app = await NestFactory.create(options.module(config), {
      ...options.nestOptions,
      bufferLogs: true,
      abortOnError: false,
    });
    app.useLogger(app.get(PinoLogger));
    app.flushLogs();
    await options.configure?.(app, config);
    // listen() runs the modules' init hooks: PostgreSQL is reached here.
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    process.stderr.write(`${options.service} could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = new Logger('Bootstrap');
  installGracefulShutdown(app, config.SHUTDOWN_TIMEOUT_MS, logger);
  const address = (app.getHttpServer() as Server).address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.log({ port }, `${options.service} ready`);
  return app;
}

/**
 * On SIGTERM / SIGINT: fail readiness, stop accepting HTTP connections, stop consumers and wait for in-flight
 * work, drain NATS, close PostgreSQL, exit 0. If that takes longer than the timeout, exit 1 anyway.
 */
export function installGracefulShutdown(app: INestApplication, timeoutMs: number, logger: Logger): void {
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
