import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

/** Connection settings of the database module. */
export interface DatabaseOptions {
  url: string;
  poolSize: number;
  /** Name shown in pg_stat_activity. */
  applicationName: string;
}

export const DATABASE_OPTIONS = Symbol('DATABASE_OPTIONS');

/** The Prisma client of a service, on node-postgres through @prisma/adapter-pg. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PrismaService.name);
  private readonly where: string;

  constructor(@Inject(DATABASE_OPTIONS) options: DatabaseOptions) {
    super({
      adapter: new PrismaPg({
        connectionString: options.url,
        max: options.poolSize,
        application_name: options.applicationName,
        connectionTimeoutMillis: 5000,
      }),
    });
    this.where = describeDatabaseUrl(options.url);
  }

  async onModuleInit(): Promise<void> {
    try {
      await this.$connect();
      await this.ping();
    } catch (error) {
      throw new DatabaseUnavailableError(this.where, error);
    }
    this.logger.log({ database: this.where }, 'connected to PostgreSQL');
  }

  /** A round trip to the database; throws when it is unreachable. */
  async ping(): Promise<void> {
    await this.$queryRaw`SELECT 1`;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

/** host:port/database of a connection URL, without credentials: safe to log. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** PostgreSQL could not be reached at start-up; the message names where, never with credentials. */
export class DatabaseUnavailableError extends Error {
  constructor(where: string, cause: unknown) {
    const reason = (cause as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } }).meta?.driverAdapterError
      ?.cause?.kind;
    super(
      `cannot reach PostgreSQL at ${where}${reason ? ` (${reason})` : ''}: check DATABASE_URL and that the server runs and accepts connections`,
    );
    this.name = 'DatabaseUnavailableError';
  }
}
