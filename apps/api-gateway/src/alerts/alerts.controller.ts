import { RULE_KINDS } from '@app/alerts';
import { IncidentNoteView } from '@app/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, Public, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import {
  ChannelTestAnswer,
  ChannelView,
  ConfirmRecipient,
  ConfirmRecipientAnswer,
  ResendAnswer,
  CreateChannel,
  CreateRule,
  CreateSilence,
  DeliveryQuery,
  DeliveryView,
  IncidentQuery,
  IncidentView,
  RuleKindView,
  RuleView,
  SavedChannelView,
  SilenceView,
  UpdateChannel,
  UpdateRule,
} from './alerts.schemas';
import { MaintenanceNoticeScheduler } from '../status-pages/maintenance-notice.scheduler';
import { AlertsService } from './alerts.service';

const read = { scope: 'alerts:read', role: 'viewer' } as const;
const write = { scope: 'alerts:write', role: 'operator' } as const;

/** The alert rules of one server (presets come with the server). Viewer reads; Operator and Admin change. */
@ApiTags('alerts')
@Controller('api/v1/servers/:id/alert-rules')
export class AlertRulesController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @Access(read)
  @ApiRoute({
    summary: "The server's alert rules with their current state",
    response: z.array(RuleView),
    errors: [404],
  })
  list(@Caller() caller: Principal, @Param('id') id: string) {
    return this.alerts.listRules(caller.orgId, id);
  }

  @Post()
  @Access(write)
  @ApiRoute({
    summary:
      'Add a rule (GET /api/v1/alert-rule-kinds lists the kinds and their parameters); at most 250 an organisation adds (409 beyond)',
    body: CreateRule,
    response: RuleView,
    status: 201,
    errors: [400, 404, 409],
  })
  create(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.alerts.createRule(caller, id, parseInput(CreateRule, body, 'body'));
  }

  @Get(':ruleId')
  @Access(read)
  @ApiRoute({ summary: 'One rule', response: RuleView, errors: [404] })
  get(@Caller() caller: Principal, @Param('id') id: string, @Param('ruleId') ruleId: string) {
    return this.alerts.getRule(caller.orgId, id, ruleId);
  }

  @Patch(':ruleId')
  @Access(write)
  @ApiRoute({
    summary: 'Change a rule: thresholds, pending period, repeat, channels, or switch it off (enabled: false)',
    body: UpdateRule,
    response: RuleView,
    errors: [400, 404],
  })
  update(@Caller() caller: Principal, @Param('id') id: string, @Param('ruleId') ruleId: string, @Body() body: unknown) {
    return this.alerts.updateRule(caller, id, ruleId, parseInput(UpdateRule, body, 'body'));
  }

  @Delete(':ruleId')
  @HttpCode(204)
  @Access(write)
  @ApiRoute({ summary: 'Delete a rule; its open incident is closed without a notice', status: 204, errors: [404] })
  async remove(@Caller() caller: Principal, @Param('id') id: string, @Param('ruleId') ruleId: string): Promise<void> {
    await this.alerts.deleteRule(caller, id, ruleId);
  }
}

/** The catalogue of rule kinds, for forms and API clients. */
@ApiTags('alerts')
@Controller('api/v1/alert-rule-kinds')
export class AlertRuleKindsController {
  @Get()
  @Access(read)
  @ApiRoute({ summary: 'Every kind of alert rule, with its parameters and defaults', response: z.array(RuleKindView) })
  list() {
    return Object.values(RULE_KINDS).map((k) => ({
      kind: k.kind,
      title: k.title,
      description: k.description,
      severity: k.severity,
      per_instance: k.perInstance,
      event: k.event,
      requires_addon: k.requiresAddon,
      params: k.params,
      defaults: { pending_seconds: k.defaults.pendingSeconds, pending_polls: k.defaults.pendingPolls },
    }));
  }
}

/** Where alerts go. Discord from Hobby; Slack, Teams, webhooks, e-mail and Telegram from Pro. */
@ApiTags('alerts')
@Controller('api/v1/notification-channels')
export class NotificationChannelsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @Access(read)
  @ApiRoute({
    summary: "The organisation's channels (secrets masked) with their last delivery",
    response: z.array(ChannelView),
  })
  list(@Caller() caller: Principal) {
    return this.alerts.listChannels(caller.orgId);
  }

  @Post()
  @Access(write)
  @ApiRoute({
    summary:
      'Add a channel (at most 25 an organisation; 409 beyond). config by kind: discord {url} (a Discord webhook: discord.com or discordapp.com); slack/teams/webhook {url}; email {to: [addresses]} (each address gets a confirmation link and receives alerts only once confirmed); telegram {bot_token, chat_id}. locale: the language of its alert messages (en, de, es, fr, nl; default en). A webhook channel answers its signing_secret once.',
    body: CreateChannel,
    response: SavedChannelView,
    status: 201,
    errors: [400, 403, 409, 429],
  })
  create(@Caller() caller: Principal, @Body() body: unknown) {
    return this.alerts.createChannel(caller, parseInput(CreateChannel, body, 'body'));
  }

  @Get(':id')
  @Access(read)
  @ApiRoute({ summary: 'One channel (secrets masked)', response: ChannelView, errors: [404] })
  get(@Caller() caller: Principal, @Param('id') id: string) {
    return this.alerts.getChannel(caller.orgId, id);
  }

  @Patch(':id')
  @Access(write)
  @ApiRoute({
    summary:
      'Rename, switch on or off, change the language of its messages, replace the settings, or rotate a webhook signing secret',
    body: UpdateChannel,
    response: SavedChannelView,
    errors: [400, 403, 404],
  })
  update(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.alerts.updateChannel(caller, id, parseInput(UpdateChannel, body, 'body'));
  }

  @Delete(':id')
  @HttpCode(204)
  @Access(write)
  @ApiRoute({ summary: 'Delete a channel', status: 204, errors: [404] })
  async remove(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.alerts.deleteChannel(caller, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @Access(write)
  @ApiRoute({
    summary:
      "Send a test message now and report the receiver's answer (at most 10 per user and 30 per organisation every 10 minutes: 429 with Retry-After beyond)",
    response: ChannelTestAnswer,
    errors: [403, 404, 429, 503],
  })
  test(@Caller() caller: Principal, @Param('id') id: string) {
    return this.alerts.testChannel(caller, id);
  }

  @Post(':id/recipients/resend')
  @HttpCode(200)
  @Access(write)
  @ApiRoute({
    summary:
      'E-mail channels: mail a new confirmation link (valid 72 h) to every recipient that has not confirmed; alerts go only to confirmed recipients',
    response: ResendAnswer,
    errors: [400, 404, 429],
  })
  resend(@Caller() caller: Principal, @Param('id') id: string) {
    return this.alerts.resendConfirmations(caller, id);
  }
}

/** E-mail recipients confirm by the link mailed to them before alerts go to them. */
@ApiTags('alerts')
@Controller('api/v1/alert-recipients')
export class AlertRecipientsController {
  constructor(private readonly alerts: AlertsService) {}

  @Post('confirm')
  @Public()
  @HttpCode(200)
  @ApiRoute({
    summary: 'Confirm an e-mail address for alerts with the token of the link mailed to it (no sign-in needed)',
    body: ConfirmRecipient,
    response: ConfirmRecipientAnswer,
    errors: [400],
  })
  confirm(@Body() body: unknown) {
    return this.alerts.confirmRecipient(parseInput(ConfirmRecipient, body, 'body').token);
  }
}

/** Incident history and the delivery log. */
@ApiTags('alerts')
@Controller('api/v1/alerts')
export class IncidentsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('incidents')
  @Access(read)
  @ApiRoute({
    summary: 'Incidents, newest first; filter by server, state (open, resolved) and time (from, to), paged',
    query: IncidentQuery,
    response: z.object({ items: z.array(IncidentView), next_cursor: z.string().nullable() }),
    errors: [400, 404],
  })
  incidents(@Caller() caller: Principal, @Query() query: unknown) {
    return this.alerts.incidents(caller.orgId, parseInput(IncidentQuery, query, 'query'));
  }

  @Get('incidents/:id')
  @Access(read)
  @ApiRoute({
    summary: 'One incident with its deliveries and the notes on its timeline (oldest first)',
    response: IncidentView.extend({ deliveries: z.array(DeliveryView), notes: z.array(IncidentNoteView) }),
    errors: [404],
  })
  incident(@Caller() caller: Principal, @Param('id') id: string) {
    return this.alerts.incident(caller.orgId, id);
  }

  @Get('deliveries')
  @Access(read)
  @ApiRoute({
    summary: 'The delivery log: every notification with its attempts, status codes and last error, newest first',
    query: DeliveryQuery,
    response: z.object({ items: z.array(DeliveryView), next_cursor: z.string().nullable() }),
    errors: [400],
  })
  deliveries(@Caller() caller: Principal, @Query() query: unknown) {
    return this.alerts.deliveries(caller.orgId, parseInput(DeliveryQuery, query, 'query'));
  }
}

const SilenceList = z.strictObject({ include_expired: z.enum(['true', 'false']).optional() });

/** Mutes: until a time, or weekly maintenance windows; for the organisation, a server, or a rule. */
@ApiTags('alerts')
@Controller('api/v1/silences')
export class SilencesController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly maintenanceNotices: MaintenanceNoticeScheduler,
  ) {}

  @Get()
  @Access(read)
  @ApiRoute({
    summary: 'Current and upcoming silences and maintenance windows',
    query: SilenceList,
    response: z.array(SilenceView),
  })
  list(@Caller() caller: Principal, @Query() query: unknown) {
    const q = parseInput(SilenceList, query, 'query');
    return this.alerts.silences(caller.orgId, q.include_expired === 'true');
  }

  @Post()
  @Access(write)
  @ApiRoute({
    summary:
      'Mute alerts until ends_at, or every week (recurrence: days, start HH:MM, duration_minutes, time_zone); server_id and rule_id narrow it',
    body: CreateSilence,
    response: SilenceView,
    status: 201,
    errors: [400, 404],
  })
  async create(@Caller() caller: Principal, @Body() body: unknown) {
    const silence = await this.alerts.createSilence(caller, parseInput(CreateSilence, body, 'body'));
    // A window of the organisation or a server (one-off or weekly) is scheduled maintenance on its status pages:
    // announced to their subscribers at once, after the answer (the scheduler would find it on its next pass).
    if (silence.rule_id === null) void this.maintenanceNotices.tick(silence.id);
    return silence;
  }

  @Delete(':id')
  @HttpCode(204)
  @Access(write)
  @ApiRoute({ summary: 'End a silence now', status: 204, errors: [404] })
  async remove(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.alerts.deleteSilence(caller, id);
  }
}
