import { catalogue, type MessageWords } from '@app/alerts';
import {
  Subjects,
  Uuid,
  type ChannelKind,
  type AckLinkState,
  type IncidentActor,
  type IncidentNoteView,
  type IncidentView,
} from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AlertConfigFailure } from '../config/alert-config.errors';
import { IncidentLogService } from '../config/incident-log.service';
import { AckLinks } from './ack-links';
import { IncidentAckRepository } from './incident-ack.repository';
import { IncidentNotesRepository } from './incident-notes.repository';

/** Who acknowledged through a chat message's link (nobody is signed in there). */
export const VIA_LINK = 'via link';

/** What the api-gateway gets back for a link: its state, the incident it names, and what the audit log needs. */
export interface AckLinkAnswer {
  state: AckLinkState;
  incident: {
    title: string;
    server_name: string;
    summary: string;
    fired_at: string | null;
    acknowledged_by: string | null;
  } | null;
  orgId: string | null;
  serverId: string | null;
  incidentId: string | null;
}

const resolvedConflict = () =>
  new AlertConfigFailure(
    'Conflict',
    'the incident is resolved',
    'Acknowledgements apply to open incidents; a new outage opens a new incident to acknowledge.',
  );

/**
 * "I am on it" (issue 24 §3): acknowledging an open incident stops its repeat notifications (the evaluator's
 * repeat deliveries are not inserted for an acknowledged incident: state.repository insertDeliveries) until it
 * resolves; a re-fire is a new incident, unacknowledged. Notes go on the incident's timeline. Optionally the
 * incident's channels are told who acknowledged it.
 */
@Injectable()
export class IncidentAckService {
  private readonly logger = new Logger(IncidentAckService.name);

  constructor(
    private readonly repository: IncidentAckRepository,
    private readonly notes: IncidentNotesRepository,
    private readonly log: IncidentLogService,
    private readonly links: AckLinks,
    private readonly messaging: Messaging,
  ) {}

  async acknowledge(orgId: string, incidentId: string, actor: IncidentActor, notify: boolean): Promise<IncidentView> {
    const incident = await this.existing(orgId, incidentId);
    if (incident.state === 'resolved') throw resolvedConflict();
    const at = await this.repository.acknowledge(orgId, incidentId, actor);
    // Already acknowledged (by someone else, or this is a repeated request): the first one stands, nobody is told twice.
    if (at && notify) await this.tellChannels(orgId, incidentId, actor.name, at);
    return this.view(orgId, incidentId);
  }

  async unacknowledge(orgId: string, incidentId: string): Promise<IncidentView> {
    const incident = await this.existing(orgId, incidentId);
    if (incident.state === 'resolved') throw resolvedConflict();
    await this.repository.unacknowledge(orgId, incidentId);
    return this.view(orgId, incidentId);
  }

  async addNote(orgId: string, incidentId: string, author: IncidentActor, text: string): Promise<IncidentNoteView> {
    const trimmed = text.trim();
    if (trimmed === '')
      throw AlertConfigFailure.invalid('the note is empty', 'Write what you found or did.', [
        { field: 'text', problem: 'empty' },
      ]);
    const note = await this.notes.add(orgId, this.idOf(incidentId), author, trimmed);
    if (!note) throw AlertConfigFailure.notFound('incident');
    return note;
  }

  /** What a link stands for (the confirm page); changes nothing. */
  async peekLink(token: string): Promise<AckLinkAnswer> {
    const { state, link } = await this.links.lookUp(token);
    return this.linkAnswer(state, link);
  }

  /** Uses a link: acknowledges its incident "via link" when the link is valid and unused. */
  async useLink(token: string): Promise<AckLinkAnswer> {
    const found = await this.links.lookUp(token);
    if (found.state !== 'valid' || !found.link) return this.linkAnswer(found.state, found.link);
    if (!(await this.links.use(token))) {
      // Used, expired or resolved between the look-up and now: say which.
      const again = await this.links.lookUp(token);
      return this.linkAnswer(again.state === 'valid' ? 'used' : again.state, again.link);
    }
    const { link } = found;
    await this.repository.acknowledge(link.org_id, link.incident_id, { userId: null, name: VIA_LINK });
    const after = await this.links.lookUp(token);
    return this.linkAnswer('acknowledged', after.link ?? link);
  }

  private linkAnswer(state: AckLinkState, link: Awaited<ReturnType<AckLinks['lookUp']>>['link']): AckLinkAnswer {
    if (!link) return { state, incident: null, orgId: null, serverId: null, incidentId: null };
    return {
      state,
      incident: {
        title: link.title ?? link.rule_name,
        server_name: link.server_name,
        summary: link.summary,
        fired_at: link.fired_at ? link.fired_at.toISOString() : null,
        acknowledged_by: link.acknowledged_by,
      },
      orgId: link.org_id,
      serverId: link.server_id,
      incidentId: link.incident_id,
    };
  }

  /** An id from a URL path; anything that is no id is an incident that does not exist. */
  private idOf(incidentId: string): string {
    if (!Uuid.safeParse(incidentId).success) throw AlertConfigFailure.notFound('incident');
    return incidentId;
  }

  private async existing(orgId: string, incidentId: string) {
    const incident = await this.repository.find(orgId, this.idOf(incidentId));
    if (!incident) throw AlertConfigFailure.notFound('incident');
    return incident;
  }

  private async view(orgId: string, incidentId: string): Promise<IncidentView> {
    const { deliveries: _deliveries, notes: _notes, ...view } = await this.log.incident(orgId, incidentId);
    return view;
  }

  /** One "acknowledged by X" notice to each channel that was told the incident fired. */
  private async tellChannels(orgId: string, incidentId: string, name: string, at: Date): Promise<void> {
    const fired = await this.repository.firedDeliveries(incidentId);
    const rows = fired.map((f) => {
      const { words, ...message } = f.message as Record<string, unknown> & { words?: MessageWords };
      const title = typeof message.title === 'string' ? message.title : 'Incident';
      // The English texts are stored for renderers that cannot say the words; the words make each channel say the
      // notice in its own language, like the firing it answers.
      const en = catalogue('en').phrases;
      return {
        id: randomUUID(),
        channelId: f.channel_id,
        message: {
          ...message,
          transition: 'acknowledged',
          title: en.acknowledgedTitle({ title }),
          summary: en.acknowledged({ name }),
          at: at.toISOString(),
          fields: [],
          durationSeconds: null,
          ...(words
            ? {
                words: {
                  ...words,
                  title: { key: 'acknowledged', of: words.title },
                  summary: { key: 'acknowledged', name },
                  fields: [],
                } satisfies MessageWords,
              }
            : {}),
        },
      };
    });
    const inserted = await this.repository.insertDeliveries({
      incidentId,
      orgId,
      event: `acknowledged-${at.getTime()}`,
      rows,
    });
    const kinds = new Map(fired.map((f) => [f.channel_id, f.kind]));
    for (const r of inserted) {
      const job = {
        deliveryId: r.id,
        incidentId,
        channelId: r.channel_id,
        channelKind: kinds.get(r.channel_id) as ChannelKind,
        event: 'acknowledged' as const,
      };
      // Not published (NATS away): the outbox sweep publishes pending deliveries.
      await this.messaging
        .publishDurable(Subjects.deliveryJob, job, { messageId: r.id })
        .catch((error: Error) => this.logger.warn({ deliveryId: r.id, err: error.message }, 'job not published'));
    }
  }
}
