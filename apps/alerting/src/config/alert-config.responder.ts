import { openInTransit, sealInTransit } from '@app/alerts';
import {
  Requests,
  Subjects,
  type RequestContract,
  type RequestOf,
  type ResponseOf,
  type SavedChannelView,
} from '@app/contracts';
import { isDatabaseUnavailable } from '@app/database';
import { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IncidentAckService } from '../incidents/incident-ack.service';
import { RecipientsService } from '../recipients/recipients.service';
import { AlertConfigFailure } from './alert-config.errors';
import { AlertChannelsService } from './alert-channels.service';
import { AlertRulesService } from './alert-rules.service';
import { IncidentLogService } from './incident-log.service';
import { SilencesService } from './silences.service';

const DATABASE_UNAVAILABLE = {
  code: 'ServiceUnavailable' as const,
  message: 'the database is unavailable at the moment',
  remedy: 'Try again in a few seconds (Retry-After).',
};

/**
 * Answers the api-gateway's alert-configuration requests (`alerting.<thing>.<verb>.v1`): each handler calls one use
 * case; a refusal (AlertConfigFailure) is answered as a typed error, anything else as the messaging lib's generic
 * "could not answer" (logged by it with the error's message only, never the request, which may hold a webhook URL).
 */
@Injectable()
export class AlertConfigResponder implements OnApplicationBootstrap {
  private readonly logger = new Logger(AlertConfigResponder.name);

  constructor(
    private readonly messaging: Messaging,
    private readonly rules: AlertRulesService,
    private readonly channels: AlertChannelsService,
    private readonly silences: SilencesService,
    private readonly log: IncidentLogService,
    private readonly box: SecretBox,
    private readonly recipients: RecipientsService,
    private readonly acks: IncidentAckService,
  ) {}

  onApplicationBootstrap(): void {
    this.serve(Requests.alertRuleList, (r) => this.rules.list(r.orgId, r.serverId));
    this.serve(Requests.alertRuleGet, (r) => this.rules.get(r.orgId, r.serverId, r.ruleId));
    this.serve(Requests.alertRuleCreate, (r) => this.rules.create(r.orgId, r.serverId, r.rule));
    this.serve(Requests.alertRuleUpdate, (r) => this.rules.update(r.orgId, r.serverId, r.ruleId, r.changes));
    this.serve(Requests.alertRuleDelete, (r) => this.rules.delete(r.orgId, r.serverId, r.ruleId));
    this.serve(Requests.alertPresetsCreate, (r) => this.rules.createPresets(r.orgId, r.serverId));
    this.serve(Requests.channelList, (r) => this.channels.list(r.orgId));
    this.serve(Requests.channelGet, (r) => this.channels.get(r.orgId, r.channelId));
    // Settings arrive and a signing secret leaves sealed (libs/alerts sealInTransit): nothing secret on the bus.
    this.serve(Requests.channelCreate, async ({ orgId, channel: { sealedConfig, ...channel } }) =>
      this.sealSecret(
        orgId,
        await this.channels.create(orgId, { ...channel, config: this.settings(orgId, sealedConfig) }),
      ),
    );
    this.serve(
      Requests.channelUpdate,
      async ({ orgId, channelId, changes: { sealedConfig, ...changes }, enableAllowed }) => {
        const config = sealedConfig === undefined ? undefined : this.settings(orgId, sealedConfig);
        const saved = await this.channels.update(orgId, channelId, { ...changes, config }, enableAllowed);
        return this.sealSecret(orgId, saved);
      },
    );
    this.serve(Requests.channelDelete, (r) => this.channels.delete(r.orgId, r.channelId));
    this.serve(Requests.recipientConfirm, (r) => this.recipients.confirm(r.token));
    this.serve(Requests.recipientResend, (r) => this.channels.resend(r.orgId, r.channelId));
    this.serve(Requests.silenceList, (r) => this.silences.list(r.orgId, r.includeExpired));
    this.serve(Requests.silenceCreate, (r) => this.silences.create(r.orgId, r.userId, r.silence));
    this.serve(Requests.silenceDelete, (r) => this.silences.delete(r.orgId, r.silenceId));
    this.serve(Requests.incidentList, ({ orgId, ...q }) => this.log.incidents(orgId, q));
    this.serve(Requests.incidentGet, (r) => this.log.incident(r.orgId, r.incidentId));
    this.serve(Requests.deliveryList, ({ orgId, ...q }) => this.log.deliveries(orgId, q));
    this.serve(Requests.incidentAck, (r) => this.acks.acknowledge(r.orgId, r.incidentId, r.actor, r.notifyChannels));
    this.serve(Requests.incidentUnack, (r) => this.acks.unacknowledge(r.orgId, r.incidentId));
    this.serve(Requests.incidentNote, (r) => this.acks.addNote(r.orgId, r.incidentId, r.author, r.text));
    this.serve(Requests.ackLinkPeek, (r) => this.acks.peekLink(r.token));
    this.serve(Requests.ackLinkUse, (r) => this.acks.useLink(r.token));
    // The api-gateway asks for a new server's preset rules before it answers the registration; should that answer
    // not reach it in time, the registration event makes them here (one replica of the queue group; creating them
    // is idempotent, so the usual second call creates nothing).
    this.messaging.subscribe(
      Subjects.serverRegistered,
      async ({ orgId, serverId }) => {
        await this.rules.createPresets(orgId, serverId).catch((error: unknown) => {
          // A server deleted meanwhile needs no rules; anything else is logged (never the request).
          if (!(error instanceof AlertConfigFailure))
            this.logger.warn({ serverId, err: (error as Error).message }, 'preset rules not created on registration');
        });
      },
      { queue: 'alerting-presets' },
    );
  }

  /** Opens channel settings sealed by the api-gateway; a value that does not open is refused, never guessed at. */
  private settings(orgId: string, sealed: string): Record<string, unknown> {
    let opened: unknown;
    try {
      opened = openInTransit(this.box, orgId, 'settings', sealed);
    } catch {
      opened = null;
    }
    if (opened === null || typeof opened !== 'object' || Array.isArray(opened))
      throw AlertConfigFailure.invalid(
        'the channel settings could not be read',
        'The api-gateway and alerting must run with the same SECRETS_KEY; send the settings again.',
        undefined,
      );
    return opened as Record<string, unknown>;
  }

  /** A saved channel's answer, its new signing secret (if any) sealed for the way back. */
  private sealSecret(orgId: string, { signing_secret, ...view }: SavedChannelView) {
    return signing_secret === undefined
      ? view
      : { ...view, sealedSigningSecret: sealInTransit(this.box, orgId, 'signing-secret', signing_secret) };
  }

  private serve<C extends RequestContract>(contract: C, handler: (request: RequestOf<C>) => Promise<unknown>): void {
    this.messaging.reply(contract, async (request) => {
      // The reply's schema is checked by the messaging lib before it is sent.
      try {
        return { ok: true, value: await handler(request) } as ResponseOf<C>;
      } catch (error) {
        if (error instanceof AlertConfigFailure) return { ok: false, error: error.toError() } as ResponseOf<C>;
        // PostgreSQL away (restarting, out of connections): a 503 to retry, as the gateway answers for its own tables.
        if (isDatabaseUnavailable(error)) return { ok: false, error: DATABASE_UNAVAILABLE } as ResponseOf<C>;
        throw error;
      }
    });
  }
}
