import { paramsSchema, presetRules, RULE_KINDS } from '@app/alerts';
import { Uuid, type AlertRuleChanges, type AlertRuleView, type NewAlertRule, type Severity } from '@app/contracts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { AlertingConfig } from '../app.config';
import { AlertConfigFailure } from './alert-config.errors';
import { AlertRulesRepository, type RuleRecord } from './alert-rules.repository';
import { ConfigChanges } from './config-changes.publisher';
import { OrgServersRepository } from './org-servers.repository';

const isId = (value: string): boolean => Uuid.safeParse(value).success;

/** A rule as the REST API shows it, with its worst state over its instances. */
export function ruleView(r: RuleRecord): AlertRuleView {
  const firing = r.states.filter((s) => s.state === 'firing');
  return {
    id: r.id,
    server_id: r.serverId,
    kind: r.kind,
    name: r.name,
    severity: r.severity as Severity,
    params: r.params,
    pending_polls: r.pendingPolls,
    pending_seconds: r.pendingSeconds,
    repeat_seconds: r.repeatSeconds,
    notify_on_recovery: r.notifyOnRecovery,
    enabled: r.enabled,
    preset: r.preset,
    channel_ids: r.allChannels ? null : r.channelIds,
    state: firing.length > 0 ? 'firing' : r.states.length > 0 ? 'pending' : 'ok',
    firing: firing.map((s) => ({ instance: s.instance, since: s.since.toISOString(), incident_id: s.incidentId })),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The parameters of a rule kind, defaults filled in; a 400 naming each wrong parameter. */
function checkedParams(kind: string, given: Record<string, number> | undefined, previous?: Record<string, number>) {
  const parsed = paramsSchema(RULE_KINDS[kind]!).safeParse({ ...(previous ?? {}), ...(given ?? {}) });
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => ({
    field: i.path.length > 0 ? i.path.join('.') : 'body',
    problem: i.message,
  }));
  throw AlertConfigFailure.invalid(
    `invalid body: ${fields.map((f) => `${f.field}: ${f.problem}`).join('; ')}`,
    'Correct the named fields and send the request again; /api/docs describes every field.',
    fields,
  );
}

/** Alert rules of a server: read, add, change (closing what was firing when the condition changes), delete. */
@Injectable()
export class AlertRulesService {
  constructor(
    private readonly rules: AlertRulesRepository,
    private readonly servers: OrgServersRepository,
    private readonly changes: ConfigChanges,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly limits: Pick<AlertingConfig, 'ALERTING_MAX_RULES_PER_ORG'>,
  ) {}

  private async server(orgId: string, serverId: string): Promise<void> {
    if (!isId(serverId) || !(await this.servers.find(orgId, serverId))) throw AlertConfigFailure.notFound('server');
  }

  async list(orgId: string, serverId: string): Promise<AlertRuleView[]> {
    await this.server(orgId, serverId);
    return (await this.rules.list({ orgId, serverId })).map(ruleView);
  }

  async get(orgId: string, serverId: string, ruleId: string): Promise<AlertRuleView> {
    await this.server(orgId, serverId);
    const rows = isId(ruleId) ? await this.rules.list({ orgId, serverId, id: ruleId }) : [];
    if (!rows[0]) throw AlertConfigFailure.notFound('alert rule');
    return ruleView(rows[0]);
  }

  private async checkChannels(orgId: string, ids: readonly string[] | null | undefined): Promise<void> {
    if (!ids || ids.length === 0) return;
    const unique = new Set(ids);
    const found = [...unique].every(isId) ? await this.rules.countChannels(orgId, ids) : -1;
    if (found !== unique.size)
      throw AlertConfigFailure.invalid(
        'channel_ids names a channel that does not exist in this organisation',
        'List the channels with GET /api/v1/notification-channels and use their ids, or null for all channels.',
        [{ field: 'channel_ids', problem: 'unknown channel' }],
      );
  }

  async create(orgId: string, serverId: string, input: NewAlertRule): Promise<AlertRuleView> {
    await this.server(orgId, serverId);
    const spec = RULE_KINDS[input.kind];
    if (!spec)
      throw AlertConfigFailure.invalid(
        `unknown rule kind "${input.kind}"`,
        'GET /api/v1/alert-rule-kinds lists them.',
        [{ field: 'kind', problem: 'unknown kind' }],
      );
    const params = checkedParams(input.kind, input.params);
    await this.checkChannels(orgId, input.channel_ids);
    const cap = this.limits.ALERTING_MAX_RULES_PER_ORG;
    const id = await this.rules.create(
      {
        orgId,
        serverId,
        kind: input.kind,
        name: input.name ?? spec.title,
        severity: input.severity ?? spec.severity,
        params,
        pendingPolls: input.pending_polls ?? spec.defaults.pendingPolls,
        pendingSeconds: input.pending_seconds ?? spec.defaults.pendingSeconds,
        repeatSeconds: input.repeat_seconds ?? 0,
        notifyOnRecovery: input.notify_on_recovery ?? !spec.event,
        enabled: input.enabled ?? true,
        preset: false,
        channelIds: input.channel_ids ?? null,
      },
      cap,
    );
    if (id === null)
      throw new AlertConfigFailure(
        'Conflict',
        `the organisation has ${cap} alert rules, the most it may add (preset rules not counted)`,
        'Delete rules you no longer need, or widen one rule instead of adding several.',
        { limit: cap, resource: 'alert_rules' },
      );
    this.changes.announce(orgId, serverId, 'rules');
    return this.get(orgId, serverId, id);
  }

  async update(orgId: string, serverId: string, ruleId: string, input: AlertRuleChanges): Promise<AlertRuleView> {
    const current = await this.get(orgId, serverId, ruleId);
    const params = input.params ? checkedParams(current.kind, input.params, current.params) : undefined;
    await this.checkChannels(orgId, input.channel_ids);
    await this.rules.update(
      ruleId,
      {
        name: input.name,
        severity: input.severity,
        params,
        pendingPolls: input.pending_polls,
        pendingSeconds: input.pending_seconds,
        repeatSeconds: input.repeat_seconds,
        notifyOnRecovery: input.notify_on_recovery,
        enabled: input.enabled,
        channelIds: input.channel_ids,
      },
      // Switched off, or its condition changed: what was pending or firing is over.
      input.enabled === false || params !== undefined,
      this.clock.now(),
    );
    this.changes.announce(orgId, serverId, 'rules');
    return this.get(orgId, serverId, ruleId);
  }

  async delete(orgId: string, serverId: string, ruleId: string): Promise<{ kind: string }> {
    const rule = await this.get(orgId, serverId, ruleId);
    await this.rules.delete(ruleId, this.clock.now());
    this.changes.announce(orgId, serverId, 'rules');
    return { kind: rule.kind };
  }

  /** The preset rules of a newly registered server (none when it has them already). */
  async createPresets(orgId: string, serverId: string): Promise<{ created: number }> {
    await this.server(orgId, serverId);
    const created = await this.rules.createPresets(orgId, serverId, presetRules());
    if (created > 0) this.changes.announce(orgId, serverId, 'rules');
    return { created };
  }
}
