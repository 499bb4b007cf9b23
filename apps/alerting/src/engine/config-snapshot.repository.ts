import type { AddonStatus, ChannelKind, ServerStatus } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

export interface ServerRow {
  id: string;
  org_id: string;
  name: string;
  status: ServerStatus | null;
  last_error: string | null;
  addon_status: AddonStatus | null;
}
export interface RuleRow {
  id: string;
  org_id: string;
  server_id: string | null;
  kind: string;
  name: string;
  severity: string;
  params: Record<string, number>;
  pending_seconds: number;
  pending_polls: number;
  repeat_seconds: number;
  notify_on_recovery: boolean;
  all_channels: boolean;
  channel_ids: string[] | null;
}
export interface ChannelRow {
  id: string;
  org_id: string;
  kind: ChannelKind;
  enabled: boolean;
}
export interface SilenceRow {
  id: string;
  org_id: string;
  server_id: string | null;
  rule_id: string | null;
  starts_at: Date;
  ends_at: Date | null;
  days: number[] | null;
  start_minute: number | null;
  duration_minutes: number | null;
  time_zone: string | null;
}

/** Everything the evaluator needs of the configuration, of every organisation or one. */
export interface ConfigSnapshot {
  servers: ServerRow[];
  rules: RuleRow[];
  channels: ChannelRow[];
  silences: SilenceRow[];
}

/**
 * Reads the alerting configuration in four queries run side by side: servers with their polled state, enabled
 * rules with their channels, channels, and silences not ended at `now`.
 */
@Injectable()
export class ConfigSnapshotRepository {
  constructor(private readonly prisma: PrismaService) {}

  async load(orgId: string | undefined, now: Date): Promise<ConfigSnapshot> {
    // One organisation, or every one: `org_id = $1 OR $1 IS NULL` would keep the planner from the org_id indexes.
    const of = (fragment: Db.Prisma.Sql) => (orgId === undefined ? Db.Prisma.empty : fragment);
    const [servers, rules, channels, silences] = await Promise.all([
      this.prisma.$queryRaw<ServerRow[]>(Db.Prisma.sql`
        SELECT s.id, s.org_id, s.name, st.status, st.last_error, st.addon_status
          FROM servers s LEFT JOIN server_states st ON st.server_id = s.id
         WHERE true ${of(Db.Prisma.sql`AND s.org_id = ${orgId}::uuid`)}`),
      this.prisma.$queryRaw<RuleRow[]>(Db.Prisma.sql`
        SELECT r.id, r.org_id, r.server_id, r.kind, r.name, r.severity, r.params, r.pending_seconds, r.pending_polls,
               r.repeat_seconds, r.notify_on_recovery, r.all_channels,
               (SELECT array_agg(c.channel_id) FROM alert_rule_channels c WHERE c.rule_id = r.id) AS channel_ids
          FROM alert_rules r WHERE r.enabled ${of(Db.Prisma.sql`AND r.org_id = ${orgId}::uuid`)}`),
      this.prisma.$queryRaw<ChannelRow[]>(Db.Prisma.sql`
        SELECT id, org_id, kind, enabled FROM notification_channels WHERE true ${of(Db.Prisma.sql`AND org_id = ${orgId}::uuid`)}`),
      this.prisma.$queryRaw<SilenceRow[]>(Db.Prisma.sql`
        SELECT id, org_id, server_id, rule_id, starts_at, ends_at, days, start_minute, duration_minutes, time_zone
          FROM silences WHERE (ends_at IS NULL OR ends_at > ${now.toISOString()}::timestamptz) ${of(Db.Prisma.sql`AND org_id = ${orgId}::uuid`)}`),
    ]);
    return { servers, rules, channels, silences };
  }
}
