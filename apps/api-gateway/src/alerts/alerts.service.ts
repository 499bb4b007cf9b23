import {
  channelHint,
  openChannelConfig,
  sealChannelConfig,
  ChannelConfigs,
  channelFeature,
  channelUrl,
  isTimeZone,
  paramsSchema,
  RULE_KINDS,
  silenceActive,
  type ChannelConfig,
} from '@app/alerts';
import { Requests, Subjects, type ChannelKind, type Severity } from '@app/contracts';
import { PrismaService } from '@app/database';
import { TargetGuard } from '@app/game-client';
import { Messaging } from '@app/messaging';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApiGatewayConfig } from '../app.config';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { parseInput, storableTime } from '../http/zod-input';
import {
  WEEKDAY_NAME,
  WEEKDAY_NUMBER,
  type CreateChannel,
  type CreateRule,
  type CreateSilence,
  type DeliveryQuery,
  type IncidentQuery,
  type UpdateChannel,
  type UpdateRule,
} from './alerts.schemas';

type RuleRow = Awaited<ReturnType<AlertsService['ruleRows']>>[number];

/** A new signing secret of a webhook channel (shown once). */
const signingSecret = (): string => `gsm_whsec_${randomBytes(24).toString('base64url')}`;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(date.getTime()) || !storableTime(at!))
    throw new ApiError('ValidationFailed', 'invalid cursor', 'Pass the next_cursor of the previous page unchanged.');
  return { at: date, id };
}

/**
 * Alert rules, notification channels, silences, incidents and the delivery log, as users manage and read them.
 * The tables belong to alerting; every change is announced (`alert.config.changed.v1`) so it applies at once.
 */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger(AlertsService.name);
  private readonly box: SecretBox;
  private readonly guard: TargetGuard;

  constructor(
    private readonly prisma: PrismaService,
    private readonly messaging: Messaging,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.box = SecretBox.fromEnv(secretsOf(config));
    this.guard = new TargetGuard({ allowCidrs: config.TARGET_ALLOW_CIDRS });
  }

  private announce(orgId: string, serverId: string | null, what: 'rules' | 'channels' | 'silences'): void {
    try {
      this.messaging.publish(Subjects.alertConfigChanged, { orgId, serverId, what });
    } catch {
      // NATS away: alerting picks the change up at its periodic refresh (a minute)
    }
  }

  private async server(orgId: string, serverId: string): Promise<{ id: string; name: string }> {
    const row = isUuid(serverId)
      ? await this.prisma.server.findFirst({ where: { id: serverId, orgId }, select: { id: true, name: true } })
      : null;
    if (!row) throw ApiError.notFound('server');
    return row;
  }

  // ---------------------------------------------------------------- rules

  private ruleRows(where: { orgId: string; serverId?: string; id?: string }) {
    return this.prisma.alertRule.findMany({
      where,
      orderBy: [{ preset: 'desc' }, { createdAt: 'asc' }],
      include: {
        channels: { select: { channelId: true } },
        states: {
          where: { state: { not: 'ok' } },
          select: { state: true, instance: true, since: true, incidentId: true },
        },
      },
    });
  }

  private ruleView(r: RuleRow) {
    const firing = r.states.filter((s) => s.state === 'firing');
    return {
      id: r.id,
      server_id: r.serverId,
      kind: r.kind,
      name: r.name,
      severity: r.severity as Severity,
      params: r.params as Record<string, number>,
      pending_polls: r.pendingPolls,
      pending_seconds: r.pendingSeconds,
      repeat_seconds: r.repeatSeconds,
      notify_on_recovery: r.notifyOnRecovery,
      enabled: r.enabled,
      preset: r.preset,
      channel_ids: r.allChannels ? null : r.channels.map((c) => c.channelId),
      state: (firing.length > 0 ? 'firing' : r.states.length > 0 ? 'pending' : 'ok') as 'ok' | 'pending' | 'firing',
      firing: firing.map((s) => ({ instance: s.instance, since: s.since.toISOString(), incident_id: s.incidentId })),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  }

  async listRules(orgId: string, serverId: string) {
    await this.server(orgId, serverId);
    return (await this.ruleRows({ orgId, serverId })).map((r) => this.ruleView(r));
  }

  async getRule(orgId: string, serverId: string, ruleId: string) {
    await this.server(orgId, serverId);
    const rows = isUuid(ruleId) ? await this.ruleRows({ orgId, serverId, id: ruleId }) : [];
    if (!rows[0]) throw ApiError.notFound('alert rule');
    return this.ruleView(rows[0]);
  }

  private params(kind: string, given: Record<string, number> | undefined, previous?: Record<string, number>) {
    const spec = RULE_KINDS[kind]!;
    return parseInput(paramsSchema(spec), { ...(previous ?? {}), ...(given ?? {}) }, 'body');
  }

  private async checkChannels(orgId: string, ids: readonly string[] | null | undefined): Promise<void> {
    if (!ids || ids.length === 0) return;
    const found = await this.prisma.notificationChannel.count({ where: { orgId, id: { in: [...ids] } } });
    if (found !== new Set(ids).size)
      throw new ApiError(
        'ValidationFailed',
        'channel_ids names a channel that does not exist in this organisation',
        'List the channels with GET /api/v1/notification-channels and use their ids, or null for all channels.',
        { fields: [{ field: 'channel_ids', problem: 'unknown channel' }] },
      );
  }

  async createRule(caller: Principal, serverId: string, input: CreateRule) {
    await this.server(caller.orgId, serverId);
    const spec = RULE_KINDS[input.kind]!;
    const params = this.params(input.kind, input.params);
    await this.checkChannels(caller.orgId, input.channel_ids);
    const rule = await this.prisma.alertRule.create({
      data: {
        orgId: caller.orgId,
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
        allChannels: input.channel_ids === undefined || input.channel_ids === null,
        channels: input.channel_ids
          ? { create: [...new Set(input.channel_ids)].map((channelId) => ({ channelId })) }
          : undefined,
      },
    });
    await this.audit.record(
      caller,
      'alert_rule.created',
      { type: 'alert_rule', id: rule.id },
      { server_id: serverId, kind: rule.kind },
    );
    this.announce(caller.orgId, serverId, 'rules');
    return this.getRule(caller.orgId, serverId, rule.id);
  }

  async updateRule(caller: Principal, serverId: string, ruleId: string, input: UpdateRule) {
    const current = await this.getRule(caller.orgId, serverId, ruleId);
    const params = input.params ? this.params(current.kind, input.params, current.params) : undefined;
    await this.checkChannels(caller.orgId, input.channel_ids);
    await this.prisma.$transaction(async (tx) => {
      await tx.alertRule.update({
        where: { id: ruleId },
        data: {
          name: input.name,
          severity: input.severity,
          params,
          pendingPolls: input.pending_polls,
          pendingSeconds: input.pending_seconds,
          repeatSeconds: input.repeat_seconds,
          notifyOnRecovery: input.notify_on_recovery,
          enabled: input.enabled,
          ...(input.channel_ids !== undefined ? { allChannels: input.channel_ids === null } : {}),
        },
      });
      if (input.channel_ids !== undefined) {
        await tx.alertRuleChannel.deleteMany({ where: { ruleId } });
        if (input.channel_ids)
          await tx.alertRuleChannel.createMany({
            data: [...new Set(input.channel_ids)].map((channelId) => ({ ruleId, channelId })),
          });
      }
      // Switched off, or its condition changed: what was pending or firing is over.
      if (input.enabled === false || params !== undefined) await this.closeRule(tx, ruleId);
    });
    await this.audit.record(
      caller,
      'alert_rule.updated',
      { type: 'alert_rule', id: ruleId },
      { fields: Object.keys(input) },
    );
    this.announce(caller.orgId, serverId, 'rules');
    return this.getRule(caller.orgId, serverId, ruleId);
  }

  async deleteRule(caller: Principal, serverId: string, ruleId: string): Promise<void> {
    const rule = await this.getRule(caller.orgId, serverId, ruleId);
    await this.prisma.$transaction(async (tx) => {
      await this.closeRule(tx, ruleId);
      await tx.alertRule.delete({ where: { id: ruleId } });
    });
    await this.audit.record(
      caller,
      'alert_rule.deleted',
      { type: 'alert_rule', id: ruleId },
      { server_id: serverId, kind: rule.kind },
    );
    this.announce(caller.orgId, serverId, 'rules');
  }

  /** Resolves the rule's open incidents (without a notice) and forgets its states. */
  private async closeRule(
    tx: Parameters<Parameters<PrismaService['$transaction']>[0]>[0],
    ruleId: string,
  ): Promise<void> {
    await tx.incident.updateMany({
      where: { ruleId, state: 'open' },
      data: { state: 'resolved', resolvedAt: new Date() },
    });
    await tx.alertState.deleteMany({ where: { ruleId } });
  }

  // ---------------------------------------------------------------- channels

  private async requireChannelPlan(orgId: string, kind: ChannelKind): Promise<void> {
    const plan = await this.billing.entitlements(orgId);
    const feature = channelFeature(kind);
    if (plan[feature]) return;
    if (feature === 'discordAlerts')
      throw ApiError.notInPlan(
        'alert channels are',
        plan.planId,
        'hobby',
        'Upgrade to Hobby or higher for Discord alerts, or to Pro for every kind of channel.',
      );
    throw ApiError.notInPlan(
      `${kind} alerts are`,
      plan.planId,
      'pro',
      `Upgrade to Pro or higher for ${kind} alerts; the ${plan.planId} plan has ${plan.discordAlerts ? 'Discord alerts only' : 'no alert channels'}.`,
    );
  }

  private async parseConfig(
    kind: ChannelKind,
    raw: Record<string, unknown>,
    secret: string | null,
  ): Promise<ChannelConfig> {
    const schema = ChannelConfigs[kind] as z.ZodType<Record<string, unknown>>;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ field: ['config', ...i.path].join('.'), problem: i.message }));
      throw new ApiError(
        'ValidationFailed',
        `invalid ${kind} channel settings: ${fields.map((f) => `${f.field}: ${f.problem}`).join('; ')}`,
        'Correct the named fields; GET /api/docs lists what each kind of channel needs.',
        { fields },
      );
    }
    const config = { kind, ...parsed.data, ...(kind === 'webhook' ? { secret } : {}) } as ChannelConfig;
    const url = channelUrl(config);
    if (url) {
      const verdict = await this.guard.check(new URL(url).hostname.replace(/^\[|\]$/g, ''));
      if (!verdict.allowed)
        throw new ApiError(
          'TargetNotAllowed',
          `the channel's URL is not allowed: ${verdict.reason}`,
          'Use the public URL the service gave you (webhooks to private addresses are refused).',
          {
            field: 'config.url',
            reason: verdict.code,
          },
        );
    }
    return config;
  }

  private channelView(
    c: {
      id: string;
      kind: ChannelKind;
      name: string;
      enabled: boolean;
      configHint: string;
      createdAt: Date;
      updatedAt: Date;
    },
    last: { status: string; updatedAt: Date; error: string | null } | undefined,
  ) {
    return {
      id: c.id,
      kind: c.kind,
      name: c.name,
      enabled: c.enabled,
      target: c.configHint,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
      last_delivery: last ? { status: last.status, at: last.updatedAt.toISOString(), error: last.error } : null,
    };
  }

  private async lastDeliveries(ids: string[]) {
    if (ids.length === 0) return new Map<string, { status: string; updatedAt: Date; error: string | null }>();
    const rows = await this.prisma.$queryRawUnsafe<
      { channel_id: string; status: string; updated_at: Date; error: string | null }[]
    >(
      `SELECT DISTINCT ON (channel_id) channel_id, status::text, updated_at, error FROM deliveries
        WHERE channel_id = ANY($1::uuid[]) ORDER BY channel_id, updated_at DESC`,
      ids,
    );
    return new Map(rows.map((r) => [r.channel_id, { status: r.status, updatedAt: r.updated_at, error: r.error }]));
  }

  async listChannels(orgId: string) {
    const rows = await this.prisma.notificationChannel.findMany({ where: { orgId }, orderBy: { createdAt: 'asc' } });
    const last = await this.lastDeliveries(rows.map((r) => r.id));
    return rows.map((r) => this.channelView(r, last.get(r.id)));
  }

  async getChannel(orgId: string, id: string) {
    const row = isUuid(id) ? await this.prisma.notificationChannel.findFirst({ where: { id, orgId } }) : null;
    if (!row) throw ApiError.notFound('notification channel');
    return row;
  }

  async createChannel(caller: Principal, input: CreateChannel) {
    await this.requireChannelPlan(caller.orgId, input.kind);
    const secret = input.kind === 'webhook' ? signingSecret() : null;
    const config = await this.parseConfig(input.kind, input.config, secret);
    const id = randomUUID();
    const row = await this.prisma.notificationChannel.create({
      data: {
        id,
        orgId: caller.orgId,
        kind: input.kind,
        name: input.name,
        enabled: input.enabled,
        configEnc: sealChannelConfig(this.box, id, config),
        configHint: channelHint(config),
      },
    });
    await this.audit.record(
      caller,
      'channel.created',
      { type: 'notification_channel', id },
      { kind: input.kind, name: input.name },
    );
    this.announce(caller.orgId, null, 'channels');
    return { ...this.channelView(row, undefined), ...(secret ? { signing_secret: secret } : {}) };
  }

  async updateChannel(caller: Principal, id: string, input: UpdateChannel) {
    const row = await this.getChannel(caller.orgId, id);
    let configEnc: Uint8Array<ArrayBuffer> | undefined;
    let configHint: string | undefined;
    let secret: string | null = null;
    if (input.config !== undefined || input.rotate_secret) {
      if (input.rotate_secret && row.kind !== 'webhook')
        throw new ApiError(
          'ValidationFailed',
          'rotate_secret applies to webhook channels only',
          'Leave rotate_secret out for this kind of channel.',
        );
      const previous = openChannelConfig(this.box, id, row.kind, row.configEnc) as Record<string, unknown>;
      secret = row.kind === 'webhook' ? (input.rotate_secret ? signingSecret() : (previous.secret as string)) : null;
      const raw =
        input.config ?? Object.fromEntries(Object.entries(previous).filter(([k]) => k !== 'secret' && k !== 'kind'));
      const config = await this.parseConfig(row.kind, raw, secret);
      configEnc = sealChannelConfig(this.box, id, config);
      configHint = channelHint(config);
    }
    if (input.enabled === true) await this.requireChannelPlan(caller.orgId, row.kind);
    const updated = await this.prisma.notificationChannel.update({
      where: { id },
      data: { name: input.name, enabled: input.enabled, configEnc, configHint },
    });
    await this.audit.record(
      caller,
      'channel.updated',
      { type: 'notification_channel', id },
      { fields: Object.keys(input) },
    );
    this.announce(caller.orgId, null, 'channels');
    const last = await this.lastDeliveries([id]);
    return {
      ...this.channelView(updated, last.get(id)),
      ...(input.rotate_secret && secret ? { signing_secret: secret } : {}),
    };
  }

  async deleteChannel(caller: Principal, id: string): Promise<void> {
    const row = await this.getChannel(caller.orgId, id);
    await this.prisma.notificationChannel.delete({ where: { id } });
    await this.audit.record(
      caller,
      'channel.deleted',
      { type: 'notification_channel', id },
      { kind: row.kind, name: row.name },
    );
    this.announce(caller.orgId, null, 'channels');
  }

  async testChannel(caller: Principal, id: string) {
    const row = await this.getChannel(caller.orgId, id);
    await this.requireChannelPlan(caller.orgId, row.kind);
    try {
      const r = await this.messaging.request(
        Requests.channelTest,
        { orgId: caller.orgId, channelId: id },
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
      throw new ApiError(
        'ServiceUnavailable',
        'the alerting service did not answer',
        'Try again in a minute; alerts are not lost meanwhile.',
      );
    }
  }

  // ---------------------------------------------------------------- incidents and deliveries

  async incidents(orgId: string, q: z.infer<typeof IncidentQuery>) {
    const cursor = decodeCursor(q.cursor);
    if (q.server_id) await this.server(orgId, q.server_id);
    const rows = await this.incidentRows(orgId, {
      serverId: q.server_id ?? null,
      state: q.state ?? null,
      from: q.from ? new Date(q.from) : null,
      to: q.to ? new Date(q.to) : null,
      cursor,
      limit: q.limit + 1,
      id: null,
    });
    const page = rows.slice(0, q.limit);
    return {
      items: page.map((r) => this.incidentView(r)),
      next_cursor: rows.length > q.limit ? encodeCursor(page.at(-1)!.opened_at, page.at(-1)!.id) : null,
    };
  }

  async incident(orgId: string, id: string) {
    const rows = isUuid(id)
      ? await this.incidentRows(orgId, {
          serverId: null,
          state: null,
          from: null,
          to: null,
          cursor: null,
          limit: 1,
          id,
        })
      : [];
    if (!rows[0]) throw ApiError.notFound('incident');
    const deliveries = await this.deliveries(orgId, { incident_id: id, limit: 200 } as z.infer<typeof DeliveryQuery>);
    return { ...this.incidentView(rows[0]), deliveries: deliveries.items };
  }

  private incidentRows(
    orgId: string,
    f: {
      serverId: string | null;
      state: string | null;
      from: Date | null;
      to: Date | null;
      cursor: { at: Date; id: string } | null;
      limit: number;
      id: string | null;
    },
  ) {
    return this.prisma.$queryRawUnsafe<
      {
        id: string;
        server_id: string;
        server_name: string;
        rule_id: string | null;
        rule_kind: string;
        rule_name: string;
        severity: string;
        instance: string;
        state: 'open' | 'resolved';
        summary: string;
        details: { title?: string; label?: string | null };
        opened_at: Date;
        fired_at: Date | null;
        resolved_at: Date | null;
        peak: { value: number; at: string; label: string } | null;
        silenced: boolean;
      }[]
    >(
      `SELECT i.id, i.server_id, s.name AS server_name, i.rule_id, i.rule_kind, i.rule_name, i.severity, i.instance,
              i.state::text AS state, i.summary, i.details, i.opened_at, i.fired_at, i.resolved_at, i.peak, i.silenced
         FROM incidents i JOIN servers s ON s.id = i.server_id
        WHERE i.org_id = $1::uuid
          AND ($2::uuid IS NULL OR i.server_id = $2::uuid)
          AND ($3::text IS NULL OR i.state::text = $3)
          AND ($4::timestamptz IS NULL OR COALESCE(i.resolved_at, 'infinity') >= $4)
          AND ($5::timestamptz IS NULL OR i.opened_at <= $5)
          AND ($6::timestamptz IS NULL OR (i.opened_at, i.id) < ($6, $7::uuid))
          AND ($9::uuid IS NULL OR i.id = $9::uuid)
        ORDER BY i.opened_at DESC, i.id DESC LIMIT $8`,
      orgId,
      f.serverId,
      f.state,
      f.from?.toISOString() ?? null,
      f.to?.toISOString() ?? null,
      f.cursor?.at.toISOString() ?? null,
      f.cursor?.id ?? null,
      f.limit,
      f.id,
    );
  }

  private incidentView(r: Awaited<ReturnType<AlertsService['incidentRows']>>[number]) {
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
    };
  }

  async deliveries(orgId: string, q: z.infer<typeof DeliveryQuery>) {
    const cursor = decodeCursor(q.cursor);
    const rows = await this.prisma.$queryRawUnsafe<
      {
        id: string;
        incident_id: string;
        channel_id: string;
        channel_name: string;
        channel_kind: string;
        event: string;
        status: string;
        attempts: number;
        last_attempt_at: Date | null;
        next_attempt_at: Date | null;
        response_status: number | null;
        error: string | null;
        sent_at: Date | null;
        created_at: Date;
        summary: string;
      }[]
    >(
      `SELECT d.id, d.incident_id, d.channel_id, c.name AS channel_name, c.kind::text AS channel_kind, d.event,
              d.status::text AS status, d.attempts, d.last_attempt_at, d.next_attempt_at, d.response_status, d.error,
              d.sent_at, d.created_at, COALESCE(d.message->>'summary', i.summary) AS summary
         FROM deliveries d JOIN notification_channels c ON c.id = d.channel_id JOIN incidents i ON i.id = d.incident_id
        WHERE i.org_id = $1::uuid
          AND ($2::uuid IS NULL OR d.incident_id = $2::uuid)
          AND ($3::uuid IS NULL OR d.channel_id = $3::uuid)
          AND ($4::text IS NULL OR d.status::text = $4)
          AND ($5::timestamptz IS NULL OR (d.created_at, d.id) < ($5, $6::uuid))
        ORDER BY d.created_at DESC, d.id DESC LIMIT $7`,
      orgId,
      q.incident_id ?? null,
      q.channel_id ?? null,
      q.status ?? null,
      cursor?.at.toISOString() ?? null,
      cursor?.id ?? null,
      q.limit + 1,
    );
    const page = rows.slice(0, q.limit);
    const attempts = page.length
      ? await this.prisma.deliveryAttempt.findMany({
          where: { deliveryId: { in: page.map((r) => r.id) } },
          orderBy: [{ deliveryId: 'asc' }, { attempt: 'asc' }],
        })
      : [];
    return {
      items: page.map((r) => ({
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
      })),
      next_cursor: rows.length > q.limit ? encodeCursor(page.at(-1)!.created_at, page.at(-1)!.id) : null,
    };
  }

  // ---------------------------------------------------------------- silences

  private silenceView(s: {
    id: string;
    serverId: string | null;
    ruleId: string | null;
    reason: string;
    startsAt: Date;
    endsAt: Date | null;
    days: number[];
    startMinute: number | null;
    durationMinutes: number | null;
    timeZone: string | null;
    createdAt: Date;
  }) {
    const weekly = s.startMinute !== null && s.durationMinutes !== null && s.timeZone !== null && s.days.length > 0;
    return {
      id: s.id,
      server_id: s.serverId,
      rule_id: s.ruleId,
      reason: s.reason,
      starts_at: s.startsAt.toISOString(),
      ends_at: iso(s.endsAt),
      recurrence: weekly
        ? {
            days: s.days.map((d) => WEEKDAY_NAME[d]!),
            start: `${String(Math.floor(s.startMinute! / 60)).padStart(2, '0')}:${String(s.startMinute! % 60).padStart(2, '0')}`,
            duration_minutes: s.durationMinutes!,
            time_zone: s.timeZone!,
          }
        : null,
      active_now: silenceActive(
        {
          ...s,
          days: weekly ? s.days : null,
        },
        new Date(),
      ),
      created_at: s.createdAt.toISOString(),
    };
  }

  async silences(orgId: string, includeExpired: boolean) {
    const rows = await this.prisma.silence.findMany({
      where: { orgId, ...(includeExpired ? {} : { OR: [{ endsAt: null }, { endsAt: { gt: new Date() } }] }) },
      orderBy: { createdAt: 'desc' },
    });
    return rows.map((r) => this.silenceView(r));
  }

  async createSilence(caller: Principal, input: CreateSilence) {
    if (input.server_id) await this.server(caller.orgId, input.server_id);
    if (input.rule_id) {
      const rule = await this.prisma.alertRule.findFirst({ where: { id: input.rule_id, orgId: caller.orgId } });
      if (!rule) throw ApiError.notFound('alert rule');
    }
    const startsAt = input.starts_at ? new Date(input.starts_at) : new Date();
    const endsAt = input.ends_at ? new Date(input.ends_at) : null;
    if (endsAt && endsAt <= startsAt)
      throw new ApiError(
        'ValidationFailed',
        'ends_at must be after starts_at (and in the future)',
        'Give an end time later than the start.',
        {
          fields: [{ field: 'ends_at', problem: 'not after starts_at' }],
        },
      );
    const r = input.recurrence;
    if (r && !isTimeZone(r.time_zone))
      throw new ApiError(
        'ValidationFailed',
        `unknown time zone "${r.time_zone}"`,
        'Use an IANA time zone name such as Europe/Berlin or America/New_York.',
        {
          fields: [{ field: 'recurrence.time_zone', problem: 'unknown time zone' }],
        },
      );
    const row = await this.prisma.silence.create({
      data: {
        orgId: caller.orgId,
        serverId: input.server_id ?? null,
        ruleId: input.rule_id ?? null,
        reason: input.reason,
        startsAt,
        endsAt,
        days: r ? [...new Set(r.days.map((d) => WEEKDAY_NUMBER[d]))].sort() : [],
        startMinute: r ? Number(r.start.slice(0, 2)) * 60 + Number(r.start.slice(3)) : null,
        durationMinutes: r?.duration_minutes ?? null,
        timeZone: r?.time_zone ?? null,
        createdBy: caller.userId,
      },
    });
    await this.audit.record(
      caller,
      'silence.created',
      { type: 'silence', id: row.id },
      { server_id: row.serverId, rule_id: row.ruleId },
    );
    this.announce(caller.orgId, row.serverId, 'silences');
    return this.silenceView(row);
  }

  async deleteSilence(caller: Principal, id: string): Promise<void> {
    const row = isUuid(id) ? await this.prisma.silence.findFirst({ where: { id, orgId: caller.orgId } }) : null;
    if (!row) throw ApiError.notFound('silence');
    await this.prisma.silence.delete({ where: { id } });
    await this.audit.record(caller, 'silence.deleted', { type: 'silence', id }, {});
    this.announce(caller.orgId, row.serverId, 'silences');
  }
}
