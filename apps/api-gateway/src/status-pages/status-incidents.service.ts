import { Clock } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { PublicStatusService } from './public-status.service';
import {
  StatusIncidentsRepository,
  type IncidentImpact,
  type IncidentState,
  type StatusIncidentRecord,
} from './status-incidents.repository';
import type { StatusPageRecord } from './status-pages.repository';
import { StatusPagesService } from './status-pages.service';
import { StatusNotificationsService } from './status-notifications.service';

/** A status incident as the API shows it. */
export function incidentView(row: StatusIncidentRecord) {
  return {
    id: row.id,
    title: row.title,
    impact: row.impact,
    state: row.state,
    alert_incident_id: row.alertIncidentId,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    updates: row.updates.map((u) => ({
      id: u.id,
      state: u.state,
      message: u.message,
      created_at: u.createdAt.toISOString(),
    })),
  };
}

/** What creating a status incident takes: a title (or an alert incident to copy it from), an impact, a first update. */
export interface NewIncident {
  title?: string;
  impact: IncidentImpact;
  state: IncidentState;
  message: string;
  alert_incident_id?: string;
}

/**
 * The incidents of a status page: posted by hand or from an alert incident (alerting's, read only: its summary
 * becomes the title), then updated through investigating, identified, monitoring, resolved. Every post and update is
 * audited, shows on the public page at once and is sent to the page's subscribers.
 */
@Injectable()
export class StatusIncidentsService {
  private readonly logger = new Logger(StatusIncidentsService.name);

  constructor(
    private readonly repository: StatusIncidentsRepository,
    private readonly pages: StatusPagesService,
    private readonly publicView: PublicStatusService,
    private readonly notifications: StatusNotificationsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(orgId: string, pageId: string) {
    const page = await this.pages.owned(orgId, pageId);
    const rows = await this.repository.recent(page.id, new Date(0), 200);
    return rows.map(incidentView);
  }

  async create(caller: Principal, pageId: string, input: NewIncident) {
    const page = await this.pages.owned(caller.orgId, pageId);
    let title = input.title;
    let alertIncidentId: string | null = null;
    if (input.alert_incident_id) {
      const alert = isUuid(input.alert_incident_id)
        ? await this.repository.alertIncident(caller.orgId, input.alert_incident_id)
        : null;
      if (!alert) throw ApiError.notFound('alert incident');
      alertIncidentId = alert.id;
      title ??= alert.summary;
    }
    if (!title)
      throw new ApiError(
        'ValidationFailed',
        'title is missing',
        'Give a title, or an alert_incident_id to take it from.',
        {
          fields: [{ field: 'title', problem: 'required without alert_incident_id' }],
        },
      );
    const row = await this.repository.create({
      pageId: page.id,
      title,
      impact: input.impact,
      state: input.state,
      message: input.message,
      alertIncidentId,
      createdBy: caller.userId,
      at: this.clock.now(),
    });
    await this.audit.record(
      caller,
      'status_incident.created',
      { type: 'status_incident', id: row.id },
      {
        status_page_id: page.id,
        title: row.title,
        impact: row.impact,
        state: row.state,
        alert_incident_id: alertIncidentId,
      },
    );
    this.published(page, row);
    return incidentView(row);
  }

  async addUpdate(
    caller: Principal,
    pageId: string,
    incidentId: string,
    input: { state: IncidentState; message: string },
  ) {
    const page = await this.pages.owned(caller.orgId, pageId);
    if (!isUuid(incidentId)) throw ApiError.notFound('status incident');
    const existing = await this.repository.find(page.id, incidentId);
    if (!existing) throw ApiError.notFound('status incident');
    const row = await this.repository.addUpdate(existing.id, input.state, input.message, this.clock.now());
    await this.audit.record(
      caller,
      'status_incident.updated',
      { type: 'status_incident', id: row.id },
      { status_page_id: page.id, state: row.state },
    );
    this.published(page, row);
    return incidentView(row);
  }

  /** Shows the change on the public page now and queues the subscribers' notifications (sent from the outbox). */
  private published(page: StatusPageRecord, incident: StatusIncidentRecord): void {
    this.publicView.forget(page.slug);
    void this.notifications
      .notify(page, incident)
      .catch((error: unknown) =>
        this.logger.warn({ pageId: page.id, reason: (error as Error).message }, 'status page notifications failed'),
      );
  }
}
