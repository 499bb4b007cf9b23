import { Requests, type IncidentActor } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { AlertsService } from '../alerts/alerts.service';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { AcknowledgeIncident, AddIncidentNote } from './incident-ack.schemas';
import { MemberNamesRepository } from './member-names.repository';

/** Changes wait for alerting like the other alert changes. */
const WRITE_TIMEOUT_MS = 15_000;

/**
 * Incident acknowledgement and notes (issue 24 §3), as the REST API and the acknowledge links offer them. alerting
 * owns incidents and answers over NATS; this service names the actor and writes the audit log.
 */
@Injectable()
export class IncidentAckService {
  constructor(
    private readonly alerts: AlertsService,
    private readonly audit: AuditService,
    private readonly names: MemberNamesRepository,
  ) {}

  async acknowledge(caller: Principal, incidentId: string, input: AcknowledgeIncident) {
    const notify = input.notify_channels ?? false;
    const incident = await this.alerts.ask(
      Requests.incidentAck,
      { orgId: caller.orgId, incidentId, actor: await this.actor(caller), notifyChannels: notify },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'incident.acknowledged',
      { type: 'incident', id: incident.id },
      { server_id: incident.server_id, notify_channels: notify },
    );
    return incident;
  }

  async unacknowledge(caller: Principal, incidentId: string) {
    const incident = await this.alerts.ask(
      Requests.incidentUnack,
      { orgId: caller.orgId, incidentId },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'incident.unacknowledged',
      { type: 'incident', id: incident.id },
      { server_id: incident.server_id },
    );
    return incident;
  }

  async addNote(caller: Principal, incidentId: string, input: AddIncidentNote) {
    const note = await this.alerts.ask(
      Requests.incidentNote,
      { orgId: caller.orgId, incidentId, author: await this.actor(caller), text: input.text },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'incident.note_added',
      { type: 'incident', id: incidentId },
      { note_id: note.id, length: note.text.length },
    );
    return note;
  }

  /** What an acknowledge link stands for (its confirm page); changes nothing. */
  peekLink(token: string) {
    return this.alerts.ask(Requests.ackLinkPeek, { token });
  }

  /** Uses an acknowledge link; a use that acknowledged is audited in the incident's organisation, "via link". */
  async useLink(token: string) {
    const answer = await this.alerts.ask(Requests.ackLinkUse, { token }, WRITE_TIMEOUT_MS);
    if (answer.state === 'acknowledged' && answer.orgId && answer.incidentId)
      await this.audit.record(
        { userId: null, orgId: answer.orgId },
        'incident.acknowledged_via_link',
        { type: 'incident', id: answer.incidentId },
        { server_id: answer.serverId },
      );
    return answer;
  }

  /** The member as the timeline names them: their name, else the part of their e-mail before the @. */
  private async actor(caller: Principal): Promise<IncidentActor> {
    const name = (await this.names.nameOf(caller.userId)) ?? caller.email.split('@')[0] ?? 'member';
    return { userId: caller.userId, name: name.slice(0, 200) };
  }
}
