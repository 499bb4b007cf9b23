import { defineEvent, defineRequest } from './contract';
import * as AlertConfig from './schemas/alert-config.schema';
import {
  AlertConfigChanged,
  ChannelTestRequest,
  ChannelTestResult,
  DeliveryJob,
  IncidentEvent,
} from './schemas/alert.schema';
import { CredentialRevoked, MembershipChanged, ShareRevoked } from './schemas/auth.schema';
import {
  EntitlementsRequest,
  PlanChanged,
  PlanEntitlements,
  QuotaLease,
  QuotaLeaseRequest,
  ServerAllowance,
  ServerAllowanceRequest,
  SubscriptionChange,
  SubscriptionChangeRequest,
} from './schemas/billing.schema';
import { DeadLetter } from './schemas/dead-letter.schema';
import * as IncidentAck from './schemas/incident-ack.schema';
import { AddonStatusChanged, PollJob, PollResult, ServerStatusChanged } from './schemas/poll.schema';
import { ServerDeleted, ServerRegistered, ServerUpdated } from './schemas/server-lifecycle.schema';

/** Every NATS subject of the platform, with its payload schema, producer and consumers. */
export const Subjects = {
  serverRegistered: defineEvent('server.registered.v1', ServerRegistered, {
    token: 'serverId',
    description: 'api-gateway -> poller, alerting: a server was saved',
  }),
  serverUpdated: defineEvent('server.updated.v1', ServerUpdated, {
    token: 'serverId',
    description: 'api-gateway -> poller, alerting: a server was edited',
  }),
  serverDeleted: defineEvent('server.deleted.v1', ServerDeleted, {
    token: 'serverId',
    description: 'api-gateway -> poller, alerting, realtime-gateway: a server was deleted',
  }),
  pollJob: defineEvent('poll.job.v1', PollJob, {
    token: 'serverId',
    description: 'poller scheduler -> poller workers (JetStream work queue)',
  }),
  pollResult: defineEvent('poll.result.v1', PollResult, {
    token: 'serverId',
    description: 'poller workers -> alerting (JetStream), realtime-gateway (core NATS)',
  }),
  serverStatus: defineEvent('server.status.v1', ServerStatusChanged, {
    token: 'serverId',
    description: 'poller -> alerting (JetStream), realtime-gateway (core NATS): a confirmed status change',
  }),
  addonStatus: defineEvent('server.addon.v1', AddonStatusChanged, {
    token: 'serverId',
    description: 'poller workers -> poller scheduler, realtime-gateway: the add-on was found available or unavailable',
  }),
  credentialRevoked: defineEvent('auth.credential.revoked.v1', CredentialRevoked, {
    description: 'api-gateway -> api-gateway (every replica): a session or API token was revoked; drop it from caches',
  }),
  membershipChanged: defineEvent('auth.membership.changed.v1', MembershipChanged, {
    token: 'orgId',
    description:
      'api-gateway -> api-gateway, realtime-gateway (every replica): a member was removed or got another role',
  }),
  shareRevoked: defineEvent('auth.share.revoked.v1', ShareRevoked, {
    token: 'serverId',
    description: 'api-gateway -> api-gateway, realtime-gateway (every replica): a share link was revoked',
  }),
  planChanged: defineEvent('plan.changed.v1', PlanChanged, {
    token: 'orgId',
    description: 'billing-limits -> poller, alerting, api-gateway: a subscription changed',
  }),
  incidentOpened: defineEvent('alert.fired.v1', IncidentEvent, {
    token: 'serverId',
    description: 'alerting -> realtime-gateway: an incident opened',
  }),
  incidentResolved: defineEvent('alert.resolved.v1', IncidentEvent, {
    token: 'serverId',
    description: 'alerting -> realtime-gateway: an incident resolved',
  }),
  deliveryJob: defineEvent('notify.delivery.v1', DeliveryJob, {
    token: 'channelKind',
    description: 'alerting -> alerting delivery workers (JetStream work queue)',
  }),
  alertConfigChanged: defineEvent('alert.config.changed.v1', AlertConfigChanged, {
    token: 'orgId',
    description:
      'alerting (the replica that answered the change) -> alerting (every replica): rules, channels or silences of an organisation changed',
  }),
  deadLetter: defineEvent('dlq.v1', DeadLetter, {
    token: 'consumer',
    description: 'any consumer -> the dead-letter stream (inspection and replay)',
  }),
} as const;

/**
 * Every request-reply exchange of the platform: billing-limits answers the billing ones, alerting the channel test
 * and the alert configuration (`alerting.<thing>.<verb>.v1`, whose answers carry a typed refusal, see
 * `alertConfigReply`).
 */
export const Requests = {
  entitlements: defineRequest(
    'billing.entitlements.get.v1',
    EntitlementsRequest,
    PlanEntitlements,
    'api-gateway, poller, alerting -> billing-limits: what the organisation plan allows, with polling intervals',
  ),
  serverAllowance: defineRequest(
    'billing.server-allowance.check.v1',
    ServerAllowanceRequest,
    ServerAllowance,
    'api-gateway -> billing-limits: may this organisation add this host and port',
  ),
  quotaLease: defineRequest(
    'billing.api-quota.lease.v1',
    QuotaLeaseRequest,
    QuotaLease,
    'api-gateway -> billing-limits: lease a batch of the daily API quota',
  ),
  changeSubscription: defineRequest(
    'billing.subscription.change.v1',
    SubscriptionChangeRequest,
    SubscriptionChange,
    'api-gateway -> billing-limits: change the plan of an organisation (billing-limits publishes plan.changed.v1)',
  ),
  channelTest: defineRequest(
    'alerting.channel.test.v1',
    ChannelTestRequest,
    ChannelTestResult,
    "api-gateway -> alerting: send a test message to a notification channel and report the receiver's answer",
  ),
  alertRuleList: defineRequest(
    'alerting.rule.list.v1',
    AlertConfig.AlertRuleListRequest,
    AlertConfig.AlertRuleListReply,
    "api-gateway -> alerting: a server's alert rules with their state",
  ),
  alertRuleGet: defineRequest(
    'alerting.rule.get.v1',
    AlertConfig.AlertRuleGetRequest,
    AlertConfig.AlertRuleReply,
    'api-gateway -> alerting: one alert rule with its state',
  ),
  alertRuleCreate: defineRequest(
    'alerting.rule.create.v1',
    AlertConfig.AlertRuleCreateRequest,
    AlertConfig.AlertRuleReply,
    'api-gateway -> alerting: add an alert rule to a server',
  ),
  alertRuleUpdate: defineRequest(
    'alerting.rule.update.v1',
    AlertConfig.AlertRuleUpdateRequest,
    AlertConfig.AlertRuleReply,
    'api-gateway -> alerting: change an alert rule',
  ),
  alertRuleDelete: defineRequest(
    'alerting.rule.delete.v1',
    AlertConfig.AlertRuleDeleteRequest,
    AlertConfig.AlertRuleDeleteReply,
    'api-gateway -> alerting: delete an alert rule (its open incident closes without a notice)',
  ),
  alertPresetsCreate: defineRequest(
    'alerting.rule.presets.v1',
    AlertConfig.AlertPresetsRequest,
    AlertConfig.AlertPresetsReply,
    'api-gateway -> alerting: give a newly registered server its preset rules (idempotent)',
  ),
  channelList: defineRequest(
    'alerting.channel.list.v1',
    AlertConfig.ChannelListRequest,
    AlertConfig.ChannelListReply,
    "api-gateway -> alerting: an organisation's notification channels (secrets masked) with their last delivery",
  ),
  channelGet: defineRequest(
    'alerting.channel.get.v1',
    AlertConfig.ChannelGetRequest,
    AlertConfig.ChannelReply,
    'api-gateway -> alerting: one notification channel (secrets masked)',
  ),
  channelCreate: defineRequest(
    'alerting.channel.create.v1',
    AlertConfig.ChannelCreateRequest,
    AlertConfig.SavedChannelReply,
    'api-gateway -> alerting: add a notification channel (alerting checks and seals its settings)',
  ),
  channelUpdate: defineRequest(
    'alerting.channel.update.v1',
    AlertConfig.ChannelUpdateRequest,
    AlertConfig.SavedChannelReply,
    'api-gateway -> alerting: rename, switch, reconfigure a channel or rotate its signing secret',
  ),
  channelDelete: defineRequest(
    'alerting.channel.delete.v1',
    AlertConfig.ChannelDeleteRequest,
    AlertConfig.ChannelDeleteReply,
    'api-gateway -> alerting: delete a notification channel',
  ),
  recipientConfirm: defineRequest(
    'alerting.recipient.confirm.v1',
    AlertConfig.RecipientConfirmRequest,
    AlertConfig.RecipientConfirmReply,
    'api-gateway -> alerting: confirm an e-mail recipient by the token of its confirmation link',
  ),
  recipientResend: defineRequest(
    'alerting.recipient.resend.v1',
    AlertConfig.RecipientResendRequest,
    AlertConfig.RecipientResendReply,
    "api-gateway -> alerting: mail new confirmation links to an e-mail channel's unconfirmed recipients",
  ),
  silenceList: defineRequest(
    'alerting.silence.list.v1',
    AlertConfig.SilenceListRequest,
    AlertConfig.SilenceListReply,
    "api-gateway -> alerting: an organisation's silences and maintenance windows",
  ),
  silenceCreate: defineRequest(
    'alerting.silence.create.v1',
    AlertConfig.SilenceCreateRequest,
    AlertConfig.SilenceReply,
    'api-gateway -> alerting: add a silence or a weekly maintenance window',
  ),
  silenceDelete: defineRequest(
    'alerting.silence.delete.v1',
    AlertConfig.SilenceDeleteRequest,
    AlertConfig.SilenceDeleteReply,
    'api-gateway -> alerting: end a silence now',
  ),
  incidentList: defineRequest(
    'alerting.incident.list.v1',
    AlertConfig.IncidentListRequest,
    AlertConfig.IncidentListReply,
    "api-gateway -> alerting: an organisation's incidents, newest first, filtered and paged",
  ),
  incidentGet: defineRequest(
    'alerting.incident.get.v1',
    AlertConfig.IncidentGetRequest,
    AlertConfig.IncidentDetailsReply,
    'api-gateway -> alerting: one incident with its deliveries',
  ),
  deliveryList: defineRequest(
    'alerting.delivery.list.v1',
    AlertConfig.DeliveryListRequest,
    AlertConfig.DeliveryListReply,
    'api-gateway -> alerting: the delivery log, newest first, filtered and paged',
  ),
  // issue 24: incident acknowledgement and notes
  incidentAck: defineRequest(
    'alerting.incident.ack.v1',
    IncidentAck.IncidentAckRequest,
    IncidentAck.IncidentAckReply,
    'api-gateway -> alerting: acknowledge an open incident (repeat notifications stop), optionally telling its channels',
  ),
  incidentUnack: defineRequest(
    'alerting.incident.unack.v1',
    IncidentAck.IncidentUnackRequest,
    IncidentAck.IncidentAckReply,
    'api-gateway -> alerting: take an acknowledgement back (repeat notifications resume)',
  ),
  incidentNote: defineRequest(
    'alerting.incident.note.v1',
    IncidentAck.IncidentNoteRequest,
    IncidentAck.IncidentNoteReply,
    "api-gateway -> alerting: add a note to an incident's timeline",
  ),
  ackLinkPeek: defineRequest(
    'alerting.ack-link.peek.v1',
    IncidentAck.AckLinkRequest,
    IncidentAck.AckLinkReply,
    "api-gateway -> alerting: what a chat message's acknowledge link stands for (changes nothing)",
  ),
  ackLinkUse: defineRequest(
    'alerting.ack-link.use.v1',
    IncidentAck.AckLinkRequest,
    IncidentAck.AckLinkReply,
    'api-gateway -> alerting: use an acknowledge link once (acknowledges "via link")',
  ),
} as const;
