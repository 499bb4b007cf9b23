import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** outbound_counters (owner: api-gateway): fixed-window counters of outbound sends, shared by every replica. */
@Injectable()
export class OutboundCountersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Adds `by` to each key's counter of the window starting at `start`, atomically; answers the new counts. */
  async add(keys: readonly string[], start: Date, by = 1): Promise<Map<string, number>> {
    const rows = await this.prisma.$queryRaw<{ key: string; count: number }[]>(
      Db.Prisma.sql`INSERT INTO outbound_counters (key, window_start, count)
        SELECT k, ${start}, ${by}::int FROM unnest(${[...keys]}::text[]) AS k
        ON CONFLICT (key, window_start) DO UPDATE SET count = outbound_counters.count + EXCLUDED.count
        RETURNING key, count`,
    );
    return new Map(rows.map((r) => [r.key, r.count]));
  }

  /** Forgets the windows that started before `start`. */
  async forgetBefore(start: Date): Promise<void> {
    await this.prisma.$executeRaw(Db.Prisma.sql`DELETE FROM outbound_counters WHERE window_start < ${start}`);
  }
}
