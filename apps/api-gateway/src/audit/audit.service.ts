import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { currentRequest } from '../http/request-context';
import type { AuditAction } from './audit-action';
import { AuditRepository } from './audit.repository';

export type { AuditAction } from './audit-action';

/** One entry of the audit log as the API shows it. */
export interface AuditEntryView {
  id: string;
  time: string;
  action: string;
  actor: { user_id: string | null; email: string | null; token_id: string | null };
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
}

/**
 * Appends to the audit log: who (user, API token), what, on which target, from where (address, request id).
 * `details` must never hold a secret: callers pass names and ids, never passwords, tokens or URLs with secrets.
 * A failed write is logged and does not fail the change it describes (which has already happened).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly repository: AuditRepository) {}

  async record(
    actor: Principal | { userId: string | null; orgId: string },
    action: AuditAction,
    target: { type: string; id: string } | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const request = currentRequest();
    try {
      await this.repository.append({
        orgId: actor.orgId,
        actorUserId: actor.userId,
        actorTokenId: 'tokenId' in actor ? actor.tokenId : null,
        action,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        details,
        ip: request?.ip || null,
        requestId: request?.requestId || null,
      });
    } catch (error) {
      this.logger.error({ action, err: (error as Error).message }, 'could not write an audit log entry');
    }
  }

  /** A page of the organisation's log, newest first; `cursor` is the previous page's `next_cursor`. */
  async list(
    orgId: string,
    limit: number,
    cursor: string | null,
  ): Promise<{ items: AuditEntryView[]; next_cursor: string | null }> {
    const rows = await this.repository.page(orgId, limit + 1, cursor);
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => ({
        id: r.id,
        time: r.createdAt.toISOString(),
        action: r.action,
        actor: { user_id: r.actorUserId, email: r.actorEmail, token_id: r.actorTokenId },
        target: r.targetType && r.targetId ? { type: r.targetType, id: r.targetId } : null,
        details: r.details,
        ip: r.ip,
        request_id: r.requestId,
      })),
      next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  }
}
