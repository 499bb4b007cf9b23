import { PrismaService, type Db } from '@app/database';
import { Injectable } from '@nestjs/common';

/** One entry to append to the audit log. */
export interface AuditEntryInput {
  orgId: string;
  actorUserId: string | null;
  actorTokenId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
}

/** One entry of the audit log as read back, with the actor's e-mail. */
export interface AuditEntryRecord {
  /** The bigint id, as a string (ids outgrow a JS number). */
  id: string;
  createdAt: Date;
  action: string;
  actorUserId: string | null;
  actorEmail: string | null;
  actorTokenId: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
}

/** The audit_log table (owner: api-gateway): append-only. */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  async append(entry: AuditEntryInput): Promise<void> {
    await this.prisma.auditLog.create({
      data: { ...entry, details: entry.details as Db.Prisma.InputJsonObject },
    });
  }

  /** Up to `take` entries of the organisation, newest first, older than the entry `beforeId` when given. */
  async page(orgId: string, take: number, beforeId: string | null): Promise<AuditEntryRecord[]> {
    const rows = await this.prisma.auditLog.findMany({
      where: { orgId, ...(beforeId ? { id: { lt: BigInt(beforeId) } } : {}) },
      orderBy: { id: 'desc' },
      take,
      include: { actor: { select: { email: true } } },
    });
    return rows.map((r) => ({
      id: r.id.toString(),
      createdAt: r.createdAt,
      action: r.action,
      actorUserId: r.actorUserId,
      actorEmail: r.actor?.email ?? null,
      actorTokenId: r.actorTokenId,
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details as Record<string, unknown>,
      ip: r.ip,
      requestId: r.requestId,
    }));
  }
}
