import { Uuid, type AlertPageKey, type DeliveryView, type IncidentNoteView, type IncidentView } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { AlertConfigFailure } from './alert-config.errors';
import {
  IncidentLogRepository,
  type AttemptRecord,
  type DeliveryRecord,
  type IncidentRecord,
} from './incident-log.repository';
import { IncidentNotesRepository } from '../incidents/incident-notes.repository';
import { OrgServersRepository } from './org-servers.repository';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** A page of a list, newest first, and where the next one starts. */
export interface Page<T> {
  items: T[];
  next: AlertPageKey | null;
}

export function incidentView(r: IncidentRecord): IncidentView {
  return {
    id: r.id,
    server_id: r.server_id,
    server_name: r.server_name,
    rule_id: r.rule_id,
    rule_kind: r.rule_kind,
    rule_name: r.rule_name,
    severity: r.severity,
    instance: r.details?.label ?? (r.instance || null),
    state: r.state,
    title: r.details?.title ?? r.rule_name,
    summary: r.summary,
    started_at: r.opened_at.toISOString(),
    fired_at: iso(r.fired_at),
    resolved_at: iso(r.resolved_at),
    duration_seconds: r.resolved_at ? Math.round((r.resolved_at.getTime() - r.opened_at.getTime()) / 1000) : null,
    peak: r.peak,
    silenced: r.silenced,
    acknowledged_at: iso(r.acknowledged_at),
    acknowledged_by: r.acknowledged_at ? r.acknowledged_by : null,
  };
}

export function deliveryView(r: DeliveryRecord, attempts: readonly AttemptRecord[]): DeliveryView {
  return {
    id: r.id,
    incident_id: r.incident_id,
    channel_id: r.channel_id,
    channel_name: r.channel_name,
    channel_kind: r.channel_kind,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    last_attempt_at: iso(r.last_attempt_at),
    next_attempt_at: r.status === 'failed' || r.status === 'pending' ? iso(r.next_attempt_at) : null,
    response_status: r.response_status,
    error: r.error,
    sent_at: iso(r.sent_at),
    created_at: r.created_at.toISOString(),
    summary: r.summary,
    attempt_log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        status_code: a.statusCode,
        error: a.error,
        duration_ms: a.durationMs,
        retry_after_ms: a.retryAfterMs,
      })),
  };
}

const after = (key: AlertPageKey | null) => (key ? { at: new Date(key.at), id: key.id } : null);

/** The incident history and the delivery log, as users read them (paged newest first). */
@Injectable()
export class IncidentLogService {
  constructor(
    private readonly log: IncidentLogRepository,
    private readonly servers: OrgServersRepository,
    private readonly notes: IncidentNotesRepository,
  ) {}

  async incidents(
    orgId: string,
    q: {
      serverId: string | null;
      state: 'open' | 'resolved' | null;
      from: string | null;
      to: string | null;
      after: AlertPageKey | null;
      limit: number;
    },
  ): Promise<Page<IncidentView>> {
    if (q.serverId && !(await this.servers.find(orgId, q.serverId))) throw AlertConfigFailure.notFound('server');
    const rows = await this.log.incidents(orgId, {
      serverId: q.serverId,
      state: q.state,
      from: q.from ? new Date(q.from) : null,
      to: q.to ? new Date(q.to) : null,
      after: after(q.after),
      limit: q.limit + 1,
      id: null,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      items: page.map(incidentView),
      next: rows.length > q.limit && last ? { at: last.opened_at.toISOString(), id: last.id } : null,
    };
  }

  async incident(
    orgId: string,
    id: string,
  ): Promise<IncidentView & { deliveries: DeliveryView[]; notes: IncidentNoteView[] }> {
    const rows = Uuid.safeParse(id).success
      ? await this.log.incidents(orgId, {
          serverId: null,
          state: null,
          from: null,
          to: null,
          after: null,
          limit: 1,
          id,
        })
      : [];
    if (!rows[0]) throw AlertConfigFailure.notFound('incident');
    const deliveries = await this.deliveries(orgId, {
      incidentId: id,
      channelId: null,
      status: null,
      after: null,
      limit: 200,
    });
    const notes = await this.notes.list(id);
    return { ...incidentView(rows[0]), deliveries: deliveries.items, notes };
  }

  async deliveries(
    orgId: string,
    q: {
      incidentId: string | null;
      channelId: string | null;
      status: string | null;
      after: AlertPageKey | null;
      limit: number;
    },
  ): Promise<Page<DeliveryView>> {
    const rows = await this.log.deliveries(orgId, { ...q, after: after(q.after), limit: q.limit + 1 });
    const page = rows.slice(0, q.limit);
    const attempts = await this.log.attempts(page.map((r) => r.id));
    const last = page.at(-1);
    return {
      items: page.map((r) => deliveryView(r, attempts)),
      next: rows.length > q.limit && last ? { at: last.created_at.toISOString(), id: last.id } : null,
    };
  }
}
