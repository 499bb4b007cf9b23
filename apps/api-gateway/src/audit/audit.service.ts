import { PrismaService } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { currentRequest } from '../http/request-context';

/** What the audit log records; the list is closed so a typo cannot create a new kind of entry. */
export type AuditAction =
  | 'server.created'
  | 'server.updated'
  | 'server.password_changed'
  | 'server.deleted'
  | 'token.created'
  | 'token.revoked'
  | 'member.invited'
  | 'member.joined'
  | 'member.role_changed'
  | 'member.removed'
  | 'invitation.revoked'
  | 'plan.changed'
  | 'share.created'
  | 'share.revoked'
  | 'alert_rule.created'
  | 'alert_rule.updated'
  | 'alert_rule.deleted'
  | 'channel.created'
  | 'channel.updated'
  | 'channel.deleted'
  | 'silence.created'
  | 'silence.deleted';

/**
 * Appends to the audit log: who (user, API token), what, on which target, from where (address, request id).
 * `details` must never hold a secret: callers pass names and ids, never passwords, tokens or URLs with secrets.
 * A failed write is logged and does not fail the change it describes (which has already happened).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly prisma: PrismaService) {}

  async record(
    actor: Principal | { userId: string; orgId: string },
    action: AuditAction,
    target: { type: string; id: string } | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const request = currentRequest();
    try {
      await this.prisma.auditLog.create({
        data: {
          orgId: actor.orgId,
          actorUserId: actor.userId,
          actorTokenId: 'tokenId' in actor ? actor.tokenId : null,
          action,
          targetType: target?.type ?? null,
          targetId: target?.id ?? null,
          details: details as object,
          ip: request?.ip || null,
          requestId: request?.requestId || null,
        },
      });
    } catch (error) {
      this.logger.error({ action, err: (error as Error).message }, 'could not write an audit log entry');
    }
  }
}
