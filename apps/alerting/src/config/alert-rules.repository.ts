import type { PresetRule } from '@app/alerts';
import { PrismaService, type Db } from '@app/database';
import { Injectable } from '@nestjs/common';
import { lockOrg } from './alert-channels.repository';

/** A rule with its channels and its states that are not normal. */
export interface RuleRecord {
  id: string;
  orgId: string;
  serverId: string | null;
  kind: string;
  name: string;
  severity: string;
  params: Record<string, number>;
  pendingPolls: number;
  pendingSeconds: number;
  repeatSeconds: number;
  notifyOnRecovery: boolean;
  enabled: boolean;
  preset: boolean;
  allChannels: boolean;
  /** The rule's own channels (used when allChannels is false). */
  channelIds: string[];
  states: { state: 'ok' | 'pending' | 'firing'; instance: string; since: Date; incidentId: string | null }[];
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a rule is created with (a rule is created on one server). */
export type NewRuleRecord = Pick<
  RuleRecord,
  | 'orgId'
  | 'kind'
  | 'name'
  | 'severity'
  | 'params'
  | 'pendingPolls'
  | 'pendingSeconds'
  | 'repeatSeconds'
  | 'notifyOnRecovery'
  | 'enabled'
  | 'preset'
> & {
  serverId: string;
  /** null: every channel of the organisation. */
  channelIds: readonly string[] | null;
};

/** Changed fields of a rule (undefined: unchanged); `channelIds` undefined keeps the channels. */
export interface RuleChangesRecord {
  name?: string;
  severity?: string;
  params?: Record<string, number>;
  pendingPolls?: number;
  pendingSeconds?: number;
  repeatSeconds?: number;
  notifyOnRecovery?: boolean;
  enabled?: boolean;
  channelIds?: readonly string[] | null;
}

type Tx = Db.Prisma.TransactionClient;

/** alert_rules and alert_rule_channels (owner: alerting). */
@Injectable()
export class AlertRulesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Rules of a server (or one of them), presets first, then oldest first. */
  async list(where: { orgId: string; serverId: string; id?: string }): Promise<RuleRecord[]> {
    const rows = await this.prisma.alertRule.findMany({
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
    return rows.map((r) => ({
      id: r.id,
      orgId: r.orgId,
      serverId: r.serverId,
      kind: r.kind,
      name: r.name,
      severity: r.severity,
      params: r.params as Record<string, number>,
      pendingPolls: r.pendingPolls,
      pendingSeconds: r.pendingSeconds,
      repeatSeconds: r.repeatSeconds,
      notifyOnRecovery: r.notifyOnRecovery,
      enabled: r.enabled,
      preset: r.preset,
      allChannels: r.allChannels,
      channelIds: r.channels.map((c) => c.channelId),
      states: r.states,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  /** Whether the rule exists in the organisation (any server). */
  async existsInOrg(orgId: string, ruleId: string): Promise<boolean> {
    return (await this.prisma.alertRule.count({ where: { id: ruleId, orgId } })) > 0;
  }

  /** How many of `ids` are channels of the organisation. */
  countChannels(orgId: string, ids: readonly string[]): Promise<number> {
    return this.prisma.notificationChannel.count({ where: { orgId, id: { in: [...ids] } } });
  }

  /**
   * Creates a rule with its channels and answers its id, unless the organisation has `cap` rules of its own already
   * (preset rules not counted); null then. Counted and inserted under the organisation's advisory lock.
   */
  async create(rule: NewRuleRecord, cap: number): Promise<string | null> {
    const { channelIds, ...fields } = rule;
    return this.prisma.$transaction(
      async (tx) => {
        await lockOrg(tx, 'alert_rules', rule.orgId);
        if ((await tx.alertRule.count({ where: { orgId: rule.orgId, preset: false } })) >= cap) return null;
        const row = await tx.alertRule.create({
          data: {
            ...fields,
            allChannels: channelIds === null,
            channels: channelIds ? { create: [...new Set(channelIds)].map((channelId) => ({ channelId })) } : undefined,
          },
          select: { id: true },
        });
        return row.id;
      },
      { maxWait: 10_000, timeout: 10_000 },
    );
  }

  /** Creates the server's preset rules unless it has some already (a repeated request creates nothing). */
  createPresets(orgId: string, serverId: string, presets: readonly PresetRule[]): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      // Serialises concurrent requests for the same server (the check and the insert are one step).
      await tx.$queryRaw`SELECT id FROM servers WHERE id = ${serverId}::uuid FOR UPDATE`;
      if ((await tx.alertRule.count({ where: { serverId, preset: true } })) > 0) return 0;
      const made = await tx.alertRule.createMany({
        data: presets.map((p) => ({ ...p, orgId, serverId, preset: true })),
      });
      return made.count;
    });
  }

  /**
   * Changes a rule. `close`: resolve its open incidents (without a notice) and forget its states, in the same
   * transaction (it was switched off, or its condition changed).
   */
  async update(ruleId: string, changes: RuleChangesRecord, close: boolean, now: Date): Promise<void> {
    const { channelIds, ...fields } = changes;
    await this.prisma.$transaction(async (tx) => {
      await tx.alertRule.update({
        where: { id: ruleId },
        data: { ...fields, ...(channelIds !== undefined ? { allChannels: channelIds === null } : {}) },
      });
      if (channelIds !== undefined) {
        await tx.alertRuleChannel.deleteMany({ where: { ruleId } });
        if (channelIds)
          await tx.alertRuleChannel.createMany({
            data: [...new Set(channelIds)].map((channelId) => ({ ruleId, channelId })),
          });
      }
      if (close) await this.close(tx, ruleId, now);
    });
  }

  /** Deletes a rule after closing its open incidents (without a notice). */
  async delete(ruleId: string, now: Date): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.close(tx, ruleId, now);
      await tx.alertRule.delete({ where: { id: ruleId } });
    });
  }

  private async close(tx: Tx, ruleId: string, now: Date): Promise<void> {
    await tx.incident.updateMany({ where: { ruleId, state: 'open' }, data: { state: 'resolved', resolvedAt: now } });
    await tx.alertState.deleteMany({ where: { ruleId } });
  }
}
