import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DATABASE_OPTIONS, PrismaService, type DatabaseOptions } from './prisma.service';

/** Provides PrismaService to the whole app. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: DATABASE_OPTIONS, useValue: options }, PrismaService],
      exports: [PrismaService],
    };
  }
}
