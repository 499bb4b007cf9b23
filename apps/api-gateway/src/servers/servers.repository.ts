import { PrismaService, type Db } from '@app/database';
import { Injectable } from '@nestjs/common';
import { refusingDuplicates } from '../common/duplicate-key';
import type { ServerRow } from './server-views';

/** A server to store, its admin password already sealed. */
export interface NewServer {
  id: string;
  orgId: string;
  name: string;
  host: string;
  address: string;
  port: number;
  addonHttpPort: number;
  addonWsPort: number;
  adminPasswordEnc: Uint8Array<ArrayBuffer>;
  certFingerprint: string | null;
}

/** Fields of a server to change; undefined fields stay as they are. */
export interface ServerChanges {
  name?: string;
  port?: number;
  addonHttpPort?: number;
  addonWsPort?: number;
  adminPasswordEnc?: Uint8Array<ArrayBuffer>;
}

const WITH_STATE = {
  id: true,
  orgId: true,
  name: true,
  host: true,
  address: true,
  port: true,
  addonHttpPort: true,
  addonWsPort: true,
  adminPasswordEnc: true,
  certFingerprint: true,
  createdAt: true,
  state: { select: { status: true, addonStatus: true, lastSeenAt: true } },
} as const;

/** The plan is full: what the refusal tells the user. */
export interface PlanFull {
  planId: string;
  limit: number;
  used: number;
  /** The first plan (by sort order) with room for one more server; null when there is none. */
  upgradePlanId: string | null;
}

/** A registration refused under the organisation's lock: the plan has no room for another server. */
export class ServerLimitReached extends Error {
  constructor(readonly full: PlanFull) {
    super('the plan has no room for another server');
    this.name = 'ServerLimitReached';
  }
}

/**
 * Null when the organisation may add host:port (room under the plan, or host:port is already one of its servers:
 * the unique key then refuses it as a duplicate); otherwise what is full. The same rule as billing-limits' server
 * allowance: the subscription's custom limit, else the plan's (Free without a subscription; NULL = unlimited).
 */
async function roomFor(tx: Db.Prisma.TransactionClient, orgId: string, host: string, port: number) {
  const [row] = await tx.$queryRaw<
    { planId: string; limit: number | null; used: number; registered: boolean; upgradePlanId: string | null }[]
  >`
    WITH plan AS (
      SELECT p.id, p.sort_order, COALESCE(s.custom_max_servers, p.max_servers) AS max_servers
      FROM plans p LEFT JOIN subscriptions s ON s.org_id = ${orgId}::uuid
      WHERE p.id = COALESCE(s.plan_id, 'free')
    ), usage AS (
      SELECT count(*)::int AS used, coalesce(bool_or(host = ${host} AND port = ${port}::int), false) AS registered
      FROM servers WHERE org_id = ${orgId}::uuid
    )
    SELECT plan.id AS "planId", plan.max_servers AS "limit", usage.used, usage.registered,
      (SELECT u.id FROM plans u WHERE u.sort_order > plan.sort_order
         AND (u.max_servers IS NULL OR u.max_servers > usage.used) ORDER BY u.sort_order LIMIT 1) AS "upgradePlanId"
    FROM plan, usage`;
  if (!row) throw new Error('plans are not configured (were the migrations applied?)');
  if (row.registered || row.limit === null || row.used < row.limit) return null;
  return { planId: row.planId, limit: row.limit, used: row.used, upgradePlanId: row.upgradePlanId } satisfies PlanFull;
}

/** The servers table (owner: api-gateway), with the polled state (owner: poller) read alongside. */
@Injectable()
export class ServersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The organisation's servers, oldest first. */
  list(orgId: string): Promise<ServerRow[]> {
    return this.prisma.server.findMany({ where: { orgId }, select: WITH_STATE, orderBy: { createdAt: 'asc' } });
  }

  /** A server of the organisation, or null (also when the id is another organisation's). */
  find(orgId: string, id: string): Promise<ServerRow | null> {
    return this.prisma.server.findFirst({ where: { id, orgId }, select: WITH_STATE });
  }

  /** Whether the organisation has host:port registered already (other than the server `except`). */
  async isTaken(orgId: string, host: string, port: number, except: string | null): Promise<boolean> {
    const clash = await this.prisma.server.findFirst({
      where: { orgId, host, port, ...(except ? { NOT: { id: except } } : {}) },
      select: { id: true },
    });
    return clash !== null;
  }

  /**
   * Stores a server (its preset alert rules are alerting's: the service asks for them) if the organisation's plan
   * still has room for it. One transaction holds the organisation's row lock (FOR UPDATE) while it counts the
   * servers and inserts, so concurrent registrations of one organisation are decided one after the other and the
   * limit holds however many arrive at once (a plan change takes the same lock: billing-limits' subscriptions).
   * Throws ServerLimitReached when the plan is full, DuplicateKeyError when host:port was registered meanwhile.
   */
  create(server: NewServer): Promise<ServerRow> {
    return refusingDuplicates(() =>
      this.prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM organisations WHERE id = ${server.orgId}::uuid FOR UPDATE`;
          const room = await roomFor(tx, server.orgId, server.host, server.port);
          if (room) throw new ServerLimitReached(room);
          return tx.server.create({ data: server, select: WITH_STATE });
        },
        // Registrations of one organisation queue on its lock; each holds it for a count and an insert.
        { maxWait: 30_000, timeout: 30_000 },
      ),
    );
  }

  /** Changes a server; throws DuplicateKeyError when the new port clashes with another server. */
  update(id: string, changes: ServerChanges): Promise<ServerRow> {
    return refusingDuplicates(() => this.prisma.server.update({ where: { id }, data: changes, select: WITH_STATE }));
  }

  async delete(id: string): Promise<void> {
    await this.prisma.server.delete({ where: { id }, select: { id: true } });
  }
}
