import { Db, PrismaService } from '@app/database';
import type { Pool } from 'pg';

export class ProbeRepository {
  constructor(
    private readonly prisma: PrismaService,
    readonly pool: Pool,
  ) {}

  read(id: string): Promise<unknown> {
    return this.prisma.$queryRaw(Db.Prisma.sql`SELECT ${id}::uuid`);
  }
}
