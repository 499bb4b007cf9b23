import { PrismaService } from '@app/database';
import type { SilenceWindow } from '@app/alerts';
import { Injectable } from '@nestjs/common';

/** A status page as configured: slug, title and its servers in order. */
export interface StatusPageRecord {
  id: string;
  orgId: string;
  slug: string;
  title: string;
  serverIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A server as a status page shows it: name, status and players now, never its address or password. */
export interface PageServer {
  id: string;
  name: string;
  status: string;
  statusSince: Date | null;
  playerCount: number | null;
  playerLimit: number | null;
}

/** One status change of a server (server_status_changes, written by the poller). */
export interface StatusChange {
  serverId: string;
  time: Date;
  previous: string;
  status: string;
}

/** A scheduled maintenance window: a one-off silence (alerting's) of the page's servers or the whole organisation. */
export interface MaintenanceWindow {
  id: string;
  serverId: string | null;
  reason: string;
  startsAt: Date;
  endsAt: Date | null;
}

/** A silence that is maintenance of status pages (no rule: the organisation or a server), one-off or weekly. */
export interface MaintenanceSilence extends SilenceWindow {
  orgId: string;
  reason: string;
}

const PAGE = {
  id: true,
  orgId: true,
  slug: true,
  title: true,
  createdAt: true,
  updatedAt: true,
  servers: { select: { serverId: true }, orderBy: { position: 'asc' } },
} as const;

type PageRow = {
  id: string;
  orgId: string;
  slug: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  servers: { serverId: string }[];
};

const toRecord = ({ servers, ...row }: PageRow): StatusPageRecord => ({
  ...row,
  serverIds: servers.map((s) => s.serverId),
});

/** The status_pages and status_page_servers tables (owner: api-gateway), and what a page reads of servers. */
@Injectable()
export class StatusPagesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Of `serverIds`, those that belong to the organisation. */
  async ownedServerIds(orgId: string, serverIds: string[]): Promise<Set<string>> {
    const rows = await this.prisma.server.findMany({ where: { orgId, id: { in: serverIds } }, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  }

  async create(input: {
    orgId: string;
    slug: string;
    title: string;
    serverIds: string[];
    createdBy: string;
  }): Promise<StatusPageRecord> {
    const row = await this.prisma.statusPage.create({
      data: {
        orgId: input.orgId,
        slug: input.slug,
        title: input.title,
        createdBy: input.createdBy,
        servers: { create: input.serverIds.map((serverId, position) => ({ serverId, position })) },
      },
      select: PAGE,
    });
    return toRecord(row);
  }

  async update(id: string, input: { slug?: string; title?: string; serverIds?: string[] }, at: Date) {
    const row = await this.prisma.$transaction(async (tx) => {
      if (input.serverIds) {
        await tx.statusPageServer.deleteMany({ where: { pageId: id } });
        await tx.statusPageServer.createMany({
          data: input.serverIds.map((serverId, position) => ({ pageId: id, serverId, position })),
        });
      }
      return tx.statusPage.update({
        where: { id },
        data: { slug: input.slug, title: input.title, updatedAt: at },
        select: PAGE,
      });
    });
    return toRecord(row);
  }

  async delete(id: string): Promise<void> {
    await this.prisma.statusPage.delete({ where: { id }, select: { id: true } });
  }

  async list(orgId: string): Promise<StatusPageRecord[]> {
    const rows = await this.prisma.statusPage.findMany({
      where: { orgId },
      orderBy: { createdAt: 'asc' },
      select: PAGE,
    });
    return rows.map(toRecord);
  }

  async find(orgId: string, id: string): Promise<StatusPageRecord | null> {
    const row = await this.prisma.statusPage.findFirst({ where: { id, orgId }, select: PAGE });
    return row ? toRecord(row) : null;
  }

  async bySlug(slug: string): Promise<StatusPageRecord | null> {
    const row = await this.prisma.statusPage.findUnique({ where: { slug }, select: PAGE });
    return row ? toRecord(row) : null;
  }

  /** The page's servers with their state and the newest health sample's players, in the page's order. */
  async pageServers(serverIds: string[]): Promise<PageServer[]> {
    if (serverIds.length === 0) return [];
    const rows = await this.prisma.$queryRaw<
      { id: string; name: string; status: string | null; status_since: Date | null; data: unknown }[]
    >`
      SELECT s.id::text AS id, s.name, st.status::text AS status, st.status_since, l.data
      FROM servers s
      LEFT JOIN server_states st ON st.server_id = s.id
      LEFT JOIN latest l ON l.server_id = s.id AND l.kind = 'health'
      WHERE s.id = ANY(${serverIds}::uuid[])`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return serverIds.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const health = (row.data ?? {}) as { playerCount?: unknown; playerLimit?: unknown };
      const online = row.status === 'online' || row.status === 'degraded';
      return [
        {
          id,
          name: row.name,
          status: row.status ?? 'unknown',
          statusSince: row.status_since,
          playerCount: online && typeof health.playerCount === 'number' ? health.playerCount : null,
          playerLimit: typeof health.playerLimit === 'number' ? health.playerLimit : null,
        },
      ];
    });
  }

  /** Status changes of the servers since `from`, oldest first, and each server's last change before `from`. */
  async statusChanges(serverIds: string[], from: Date): Promise<StatusChange[]> {
    if (serverIds.length === 0) return [];
    return this.prisma.$queryRaw<StatusChange[]>`
      SELECT server_id::text AS "serverId", time, previous::text AS previous, status::text AS status
      FROM (
        SELECT DISTINCT ON (server_id) server_id, time, previous, status FROM server_status_changes
        WHERE server_id = ANY(${serverIds}::uuid[]) AND time < ${from} ORDER BY server_id, time DESC
      ) before
      UNION ALL
      SELECT server_id::text, time, previous::text, status::text FROM server_status_changes
      WHERE server_id = ANY(${serverIds}::uuid[]) AND time >= ${from}
      ORDER BY 2`;
  }

  /** One-off silences (alerting's maintenance) of the organisation ending after `now`: the whole organisation or one of the servers. */
  maintenance(orgId: string, serverIds: string[], now: Date): Promise<MaintenanceWindow[]> {
    return this.prisma.silence.findMany({
      where: {
        orgId,
        ruleId: null,
        days: { isEmpty: true },
        endsAt: { gt: now },
        OR: [{ serverId: null }, { serverId: { in: serverIds } }],
      },
      orderBy: { startsAt: 'asc' },
      take: 20,
      select: { id: true, serverId: true, reason: true, startsAt: true, endsAt: true },
    });
  }

  /**
   * Silences not ended by `now` that are maintenance of some status page: no rule, in an organisation with a page
   * (its server or the whole organisation); `silenceId` narrows to one.
   */
  async maintenanceSilences(now: Date, silenceId?: string): Promise<MaintenanceSilence[]> {
    const orgs = await this.prisma.statusPage.findMany({ distinct: ['orgId'], select: { orgId: true } });
    if (orgs.length === 0) return [];
    const rows = await this.prisma.silence.findMany({
      where: {
        ...(silenceId ? { id: silenceId } : {}),
        orgId: { in: orgs.map((o) => o.orgId) },
        ruleId: null,
        OR: [{ endsAt: null }, { endsAt: { gt: now } }],
      },
      orderBy: { startsAt: 'asc' },
      take: 1000,
    });
    return rows.map((r) => ({
      id: r.id,
      orgId: r.orgId,
      serverId: r.serverId,
      ruleId: null,
      reason: r.reason,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      days: r.days.length > 0 ? r.days : null,
      startMinute: r.startMinute,
      durationMinutes: r.durationMinutes,
      timeZone: r.timeZone,
    }));
  }
}
