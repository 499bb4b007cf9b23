import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** The servers an organisation has, as the allowance needs them. */
export interface ServerUsage {
  used: number;
  /** host:port is already one of them (the same server, registered again or edited). */
  registered: boolean;
}

/** Reads servers (owner: api-gateway) and plans for the server allowance. */
@Injectable()
export class ServerAllowanceRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Counts the organisation's servers; host and port match exactly, as the (org_id, host, port) unique key does. */
  async usageOf(orgId: string, host: string, port: number): Promise<ServerUsage> {
    const [row] = await this.prisma.$queryRaw<{ used: number; registered: boolean }[]>`
      SELECT count(*)::int AS used, coalesce(bool_or(host = ${host} AND port = ${port}::int), false) AS registered
      FROM servers WHERE org_id = ${orgId}::uuid`;
    return { used: row?.used ?? 0, registered: row?.registered ?? false };
  }

  /**
   * The first plan after `planId` (by sort order) that holds one more server than `used` (max_servers NULL =
   * unlimited); null when there is none. Compared with `used`, not the limit, so an organisation above its limit
   * after a downgrade is pointed at a plan that really lets it add a server.
   */
  async upgradeFor(planId: string, used: number): Promise<string | null> {
    const [row] = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT p.id FROM plans p
      WHERE p.sort_order > (SELECT sort_order FROM plans WHERE id = ${planId})
        AND (p.max_servers IS NULL OR p.max_servers > ${used}::int)
      ORDER BY p.sort_order LIMIT 1`;
    return row?.id ?? null;
  }
}
