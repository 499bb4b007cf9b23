import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** Where an incident stands; the newest update's state is the incident's. */
export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/** How bad an incident is for players; maintenance is announced work. */
export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

/** A status incident with its updates, newest update first. */
export interface StatusIncidentRecord {
  id: string;
  pageId: string;
  title: string;
  impact: string;
  state: string;
  alertIncidentId: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  updates: { id: string; state: string; message: string; createdAt: Date }[];
}

/** What a status incident copies of an alert incident (alerting's table, read only). */
export interface AlertIncidentFacts {
  id: string;
  serverId: string;
  summary: string;
  severity: string;
  state: string;
  openedAt: Date;
}

const INCIDENT = {
  id: true,
  pageId: true,
  title: true,
  impact: true,
  state: true,
  alertIncidentId: true,
  createdAt: true,
  resolvedAt: true,
  updates: { select: { id: true, state: true, message: true, createdAt: true }, orderBy: { createdAt: 'desc' } },
} as const;

/** The status_incidents and status_incident_updates tables (owner: api-gateway). */
@Injectable()
export class StatusIncidentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(input: {
    pageId: string;
    title: string;
    impact: IncidentImpact;
    state: IncidentState;
    message: string;
    alertIncidentId: string | null;
    createdBy: string;
    at: Date;
  }): Promise<StatusIncidentRecord> {
    return this.prisma.statusIncident.create({
      data: {
        pageId: input.pageId,
        title: input.title,
        impact: input.impact,
        state: input.state,
        alertIncidentId: input.alertIncidentId,
        createdBy: input.createdBy,
        createdAt: input.at,
        resolvedAt: input.state === 'resolved' ? input.at : null,
        updates: { create: { state: input.state, message: input.message, createdAt: input.at } },
      },
      select: INCIDENT,
    });
  }

  /** Adds an update and makes its state the incident's (resolved sets resolved_at, anything else clears it). */
  addUpdate(incidentId: string, state: IncidentState, message: string, at: Date): Promise<StatusIncidentRecord> {
    return this.prisma.statusIncident.update({
      where: { id: incidentId },
      data: {
        state,
        resolvedAt: state === 'resolved' ? at : null,
        updates: { create: { state, message, createdAt: at } },
      },
      select: INCIDENT,
    });
  }

  find(pageId: string, id: string): Promise<StatusIncidentRecord | null> {
    return this.prisma.statusIncident.findFirst({ where: { id, pageId }, select: INCIDENT });
  }

  /** The page's incidents, newest first: the open ones and those resolved since `since`. */
  recent(pageId: string, since: Date, take = 50): Promise<StatusIncidentRecord[]> {
    return this.prisma.statusIncident.findMany({
      where: { pageId, OR: [{ resolvedAt: null }, { resolvedAt: { gte: since } }] },
      orderBy: { createdAt: 'desc' },
      take,
      select: INCIDENT,
    });
  }

  /** An alert incident of the organisation (alerting's table, read only), or null. */
  alertIncident(orgId: string, id: string): Promise<AlertIncidentFacts | null> {
    return this.prisma.incident.findFirst({
      where: { id, orgId },
      select: { id: true, serverId: true, summary: true, severity: true, state: true, openedAt: true },
    });
  }
}
