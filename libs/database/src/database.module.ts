import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DatabaseProbe } from './database.probe';
import { PgPools } from './pg-pools';
import { DATABASE_OPTIONS, PrismaService, type DatabaseOptions } from './prisma.service';

/** Provides PrismaService (and PgPools, for the few plain `pg` pools) to the whole app. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DATABASE_OPTIONS, useValue: options }, PrismaService, PgPools, DatabaseProbe],
      exports: [PrismaService, PgPools, DatabaseProbe],
    };
  }
}
