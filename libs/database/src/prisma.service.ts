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

  constructor(@Inject(DATABASE_OPTIONS) options: DatabaseOptions) {
    super({
      adapter: new PrismaPg({
        connectionString: options.url,
        max: options.poolSize,
        application_name: options.applicationName,
        connectionTimeoutMillis: 5000,
      }),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.$connect();
    await this.ping();
    this.logger.log('connected to PostgreSQL');
  }

  /** A round trip to the database; throws when it is unreachable. */
  async ping(): Promise<void> {
    await this.$queryRawUnsafe('SELECT 1');
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
