import { channelFeature, openInTransit, sealInTransit } from '@app/alerts';
import {
  Requests,
  type AlertConfigError,
  type AlertPageKey,
  type ChannelKind,
  type RequestContract,
  type RequestOf,
  type ResponseOf,
  type SavedChannelView,
} from '@app/contracts';
import { Messaging, RequestFailedError } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import { Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { EmailVerificationService } from '../auth/email-verification.service';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { storableTime } from '../http/zod-input';
import { OutboundThrottle } from './outbound-throttle';
import type {
  CreateChannel,
  CreateRule,
  CreateSilence,
  DeliveryQuery,
  IncidentQuery,
  UpdateChannel,
  UpdateRule,
} from './alerts.schemas';

/** A saved channel as alerting answers it (a new signing secret sealed in transit). */
type SealedSavedChannel = ValueOf<typeof Requests.channelCreate>;

/** The value of a successful alert-configuration answer. */
type ValueOf<C extends RequestContract> =
  ResponseOf<C> extends infer R ? (R extends { ok: true; value: infer V } ? V : never) : never;

/** Writes take longer than reads: a channel's URL is resolved and checked before it is saved. */
const READ_TIMEOUT_MS = 5000;
const WRITE_TIMEOUT_MS = 15_000;
/**
 * A registration waits this long for its preset rules (no URL to resolve); alerting also makes them when it receives
 * the registration event, so a slow answer costs the registration nothing.
 */
const PRESETS_TIMEOUT_MS = 3000;

const unavailable = () =>
  new ApiError(
    'ServiceUnavailable',
    'the alerting service did not answer',
    'Try again in a minute; alerts are not lost meanwhile.',
  );

/** The REST paging cursor of incidents and deliveries: the (time, id) of a page's last item, opaque to clients. */
function encodeCursor(key: AlertPageKey | null): string | null {
  return key ? Buffer.from(`${key.at}|${key.id}`).toString('base64url') : null;
}
function decodeCursor(cursor: string | undefined): AlertPageKey | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(date.getTime()) || !storableTime(at!))
    throw new ApiError('ValidationFailed', 'invalid cursor', 'Pass the next_cursor of the previous page unchanged.');
  return { at: date.toISOString(), id };
}

/**
 * Alert rules, notification channels, silences, incidents and the delivery log, as users manage and read them.
 * alerting owns the tables and answers every read and change over NATS request-reply; this service adds what the
 * REST API decides: the plan gates of channels and the audit log.
 */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger(AlertsService.name);

  constructor(
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
    private readonly box: SecretBox,
    private readonly throttle: OutboundThrottle,
    private readonly verification: EmailVerificationService,
  ) {}

  /** Asks alerting; its typed refusal becomes the ApiError it names, no answer a 503 (incidents/ uses it too). */
  async ask<C extends RequestContract>(
    contract: C,
    request: RequestOf<C>,
    timeoutMs = READ_TIMEOUT_MS,
  ): Promise<ValueOf<C>> {
    let reply: ResponseOf<C>;
    try {
      reply = await this.messaging.request(contract, request, { timeoutMs });
    } catch (error) {
      const reason = error instanceof RequestFailedError ? error.reason : 'unknown';
      // alerting answered with a failure of its own (a defect, not an outage): a 500 with the error id, logged by the
      // error filter, as it was when the gateway wrote these tables itself.
      if (reason === 'remote_error' || reason === 'invalid_response') throw error;
      const change = timeoutMs > READ_TIMEOUT_MS && reason === 'timeout';
      this.logger.warn(
        { subject: contract.subject, reason, err: (error as Error).message },
        change
          ? 'alerting did not answer a change in time: it may have been made (outcome unknown)'
          : 'alerting did not answer',
      );
      throw unavailable();
    }
    const answer = reply as { ok: true; value: ValueOf<C> } | { ok: false; error: AlertConfigError };
    if (answer.ok) return answer.value;
    const e = answer.error;
    throw new ApiError(e.code, e.message, e.remedy, e.details);
  }

  // ---------------------------------------------------------------- rules

  listRules(orgId: string, serverId: string) {
    return this.ask(Requests.alertRuleList, { orgId, serverId });
  }

  getRule(orgId: string, serverId: string, ruleId: string) {
    return this.ask(Requests.alertRuleGet, { orgId, serverId, ruleId });
  }

  async createRule(caller: Principal, serverId: string, input: CreateRule) {
    const rule = await this.ask(
      Requests.alertRuleCreate,
      { orgId: caller.orgId, serverId, rule: input },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'alert_rule.created',
      { type: 'alert_rule', id: rule.id },
      { server_id: serverId, kind: rule.kind },
    );
    return rule;
  }

  async updateRule(caller: Principal, serverId: string, ruleId: string, input: UpdateRule) {
    const rule = await this.ask(
      Requests.alertRuleUpdate,
      { orgId: caller.orgId, serverId, ruleId, changes: input },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'alert_rule.updated',
      { type: 'alert_rule', id: ruleId },
      { fields: Object.keys(input) },
    );
    return rule;
  }

  async deleteRule(caller: Principal, serverId: string, ruleId: string): Promise<void> {
    const { kind } = await this.ask(
      Requests.alertRuleDelete,
      { orgId: caller.orgId, serverId, ruleId },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'alert_rule.deleted',
      { type: 'alert_rule', id: ruleId },
      { server_id: serverId, kind },
    );
  }

  /** Gives a newly registered server its preset rules (PRESET_KINDS of @app/alerts); idempotent. */
  createPresetRules(orgId: string, serverId: string) {
    return this.ask(Requests.alertPresetsCreate, { orgId, serverId }, PRESETS_TIMEOUT_MS);
  }

  // ---------------------------------------------------------------- channels

  /** The plan's refusal of a kind of channel, or null when the plan has it. */
  private async channelPlanRefusal(orgId: string, kind: ChannelKind): Promise<ApiError | null> {
    const plan = await this.billing.entitlements(orgId);
    const feature = channelFeature(kind);
    if (plan[feature]) return null;
    if (feature === 'discordAlerts')
      return ApiError.notInPlan(
        'alert channels are',
        plan.planId,
        'hobby',
        'Upgrade to Hobby or higher for Discord alerts, or to Pro for every kind of channel.',
      );
    return ApiError.notInPlan(
      `${kind} alerts are`,
      plan.planId,
      'pro',
      `Upgrade to Pro or higher for ${kind} alerts; the ${plan.planId} plan has ${plan.discordAlerts ? 'Discord alerts only' : 'no alert channels'}.`,
    );
  }

  private async requireChannelPlan(orgId: string, kind: ChannelKind): Promise<void> {
    const refusal = await this.channelPlanRefusal(orgId, kind);
    if (refusal) throw refusal;
  }

  listChannels(orgId: string) {
    return this.ask(Requests.channelList, { orgId });
  }

  getChannel(orgId: string, channelId: string) {
    return this.ask(Requests.channelGet, { orgId, channelId });
  }

  async createChannel(caller: Principal, input: CreateChannel) {
    await this.requireChannelPlan(caller.orgId, input.kind);
    // An e-mail channel mails its recipients a confirmation link: an outbound send like a test message.
    if (input.kind === 'email') {
      await this.verification.require(caller, 'send alerts by e-mail');
      await this.throttle.take('confirm-mail', caller);
    }
    const { config, ...rest } = input;
    const sealedConfig = sealInTransit(this.box, caller.orgId, 'settings', config);
    const saved = await this.ask(
      Requests.channelCreate,
      { orgId: caller.orgId, channel: { ...rest, sealedConfig } },
      WRITE_TIMEOUT_MS,
    );
    const channel = this.withSecret(caller.orgId, saved);
    await this.audit.record(
      caller,
      'channel.created',
      { type: 'notification_channel', id: channel.id },
      { kind: input.kind, name: input.name },
    );
    return channel;
  }

  async updateChannel(caller: Principal, channelId: string, input: UpdateChannel) {
    // Switching a channel on needs the plan to allow its kind; alerting refuses it after checking the settings.
    let refusal: ApiError | null = null;
    if (input.enabled === true) {
      const current = await this.getChannel(caller.orgId, channelId);
      // Switched on, an e-mail channel mails its recipients again: only from a verified account.
      if (current.kind === 'email') await this.verification.require(caller, 'send alerts by e-mail');
      refusal = await this.channelPlanRefusal(caller.orgId, current.kind);
    }
    let channel: SavedChannelView;
    const { config, ...changes } = input;
    if (config !== undefined && 'to' in config) {
      await this.verification.require(caller, 'send alerts by e-mail');
      await this.throttle.take('confirm-mail', caller);
    }
    const sealedConfig = config === undefined ? undefined : sealInTransit(this.box, caller.orgId, 'settings', config);
    try {
      const saved = await this.ask(
        Requests.channelUpdate,
        { orgId: caller.orgId, channelId, changes: { ...changes, sealedConfig }, enableAllowed: refusal === null },
        WRITE_TIMEOUT_MS,
      );
      channel = this.withSecret(caller.orgId, saved);
    } catch (error) {
      if (refusal && error instanceof ApiError && error.code === 'PlanLimitReached') throw refusal;
      throw error;
    }
    await this.audit.record(
      caller,
      'channel.updated',
      { type: 'notification_channel', id: channelId },
      { fields: Object.keys(input) },
    );
    return channel;
  }

  /** A saved channel as the REST API answers it: a new webhook signing secret opened from its sealed form. */
  private withSecret(orgId: string, { sealedSigningSecret, ...view }: SealedSavedChannel): SavedChannelView {
    if (sealedSigningSecret === undefined) return view;
    return { ...view, signing_secret: openInTransit(this.box, orgId, 'signing-secret', sealedSigningSecret) as string };
  }

  async deleteChannel(caller: Principal, channelId: string): Promise<void> {
    const { kind, name } = await this.ask(Requests.channelDelete, { orgId: caller.orgId, channelId }, WRITE_TIMEOUT_MS);
    await this.audit.record(caller, 'channel.deleted', { type: 'notification_channel', id: channelId }, { kind, name });
  }

  /** Mails new confirmation links to an e-mail channel's unconfirmed recipients (throttled like test messages). */
  async resendConfirmations(caller: Principal, channelId: string) {
    const channel = await this.getChannel(caller.orgId, channelId);
    await this.verification.require(caller, 'send alerts by e-mail');
    await this.throttle.take('confirm-mail', caller);
    const answer = await this.ask(Requests.recipientResend, { orgId: caller.orgId, channelId: channel.id });
    await this.audit.record(
      caller,
      'channel.updated',
      { type: 'notification_channel', id: channel.id },
      { fields: ['recipients_resent'] },
    );
    return answer;
  }

  /** Confirms an e-mail recipient by its link's token (no sign-in: the token is the proof). */
  confirmRecipient(token: string) {
    return this.ask(Requests.recipientConfirm, { token }, WRITE_TIMEOUT_MS);
  }

  async testChannel(caller: Principal, channelId: string) {
    const channel = await this.getChannel(caller.orgId, channelId);
    if (channel.kind === 'email') await this.verification.require(caller, 'send alerts by e-mail');
    await this.requireChannelPlan(caller.orgId, channel.kind);
    await this.throttle.take('test-send', caller);
    try {
      const r = await this.messaging.request(
        Requests.channelTest,
        { orgId: caller.orgId, channelId: channel.id },
        { timeoutMs: 25_000 },
      );
      return {
        delivered: r.delivered,
        receiver_status: r.receiverStatus,
        receiver_answer: r.receiverAnswer,
        duration_ms: r.durationMs,
        error: r.error,
      };
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'alerting did not answer a channel test');
      throw unavailable();
    }
  }

  // ---------------------------------------------------------------- incidents and deliveries

  async incidents(orgId: string, q: z.infer<typeof IncidentQuery>) {
    const after = decodeCursor(q.cursor);
    const page = await this.ask(Requests.incidentList, {
      orgId,
      serverId: q.server_id ?? null,
      state: q.state ?? null,
      from: q.from ? new Date(q.from).toISOString() : null,
      to: q.to ? new Date(q.to).toISOString() : null,
      after,
      limit: q.limit,
    });
    return { items: page.items, next_cursor: encodeCursor(page.next) };
  }

  incident(orgId: string, incidentId: string) {
    return this.ask(Requests.incidentGet, { orgId, incidentId });
  }

  async deliveries(orgId: string, q: z.infer<typeof DeliveryQuery>) {
    const after = decodeCursor(q.cursor);
    const page = await this.ask(Requests.deliveryList, {
      orgId,
      incidentId: q.incident_id ?? null,
      channelId: q.channel_id ?? null,
      status: q.status ?? null,
      after,
      limit: q.limit,
    });
    return { items: page.items, next_cursor: encodeCursor(page.next) };
  }

  // ---------------------------------------------------------------- silences

  silences(orgId: string, includeExpired: boolean) {
    return this.ask(Requests.silenceList, { orgId, includeExpired });
  }

  async createSilence(caller: Principal, input: CreateSilence) {
    const silence = await this.ask(
      Requests.silenceCreate,
      { orgId: caller.orgId, userId: caller.userId, silence: input },
      WRITE_TIMEOUT_MS,
    );
    await this.audit.record(
      caller,
      'silence.created',
      { type: 'silence', id: silence.id },
      { server_id: silence.server_id, rule_id: silence.rule_id },
    );
    return silence;
  }

  async deleteSilence(caller: Principal, silenceId: string): Promise<void> {
    await this.ask(Requests.silenceDelete, { orgId: caller.orgId, silenceId }, WRITE_TIMEOUT_MS);
    await this.audit.record(caller, 'silence.deleted', { type: 'silence', id: silenceId }, {});
  }
}
