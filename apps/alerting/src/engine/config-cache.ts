import type { SilenceWindow } from '@app/alerts';
import type { Severity } from '@app/contracts';
import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { ConfigSnapshotRepository } from './config-snapshot.repository';
import type { ConfigView } from './evaluator';
import type { ChannelInfo, RuleDef, ServerInfo } from './model';

const NO_RULES: readonly RuleDef[] = [];
const NO_SILENCES: readonly SilenceWindow[] = [];

/**
 * The alerting configuration in memory: servers (name, status), enabled rules per server, channels and silences
 * per organisation. Loaded whole when this replica starts evaluating, reloaded per organisation when the
 * configuration changes (announced by the replica that changed it), and whole again periodically as a safety net.
 */
@Injectable()
export class AlertConfigCache implements ConfigView {
  private readonly servers = new Map<string, ServerInfo>();
  private readonly rules = new Map<string, RuleDef[]>();
  /** Organisation-wide rules (server_id null), by organisation. */
  private readonly orgRules = new Map<string, RuleDef[]>();
  private readonly channels = new Map<string, ChannelInfo[]>();
  private readonly silenceMap = new Map<string, SilenceWindow[]>();
  private ruleIds = new Set<string>();

  constructor(
    private readonly repository: ConfigSnapshotRepository,
    private readonly clock: Clock,
  ) {}

  server(serverId: string): ServerInfo | undefined {
    return this.servers.get(serverId);
  }

  get serverCount(): number {
    return this.servers.size;
  }

  rulesFor(serverId: string): readonly RuleDef[] {
    const own = this.rules.get(serverId) ?? NO_RULES;
    const org = this.servers.get(serverId);
    const wide = org ? this.orgRules.get(org.orgId) : undefined;
    return wide ? [...own, ...wide] : own;
  }

  readonly silences = (orgId: string): readonly SilenceWindow[] => this.silenceMap.get(orgId) ?? NO_SILENCES;

  channelsOf(orgId: string): readonly ChannelInfo[] {
    return this.channels.get(orgId) ?? [];
  }

  /** The channels a rule notifies: all the organisation's enabled ones, or the rule's own enabled ones. */
  channelsFor(rule: RuleDef): ChannelInfo[] {
    const all = this.channelsOf(rule.orgId).filter((c) => c.enabled);
    return rule.allChannels ? all : all.filter((c) => rule.channelIds.includes(c.id));
  }

  /** Whether a rule (by id) is loaded and enabled. */
  hasRule(ruleId: string): boolean {
    for (const list of [...this.rules.values(), ...this.orgRules.values()])
      if (list.some((r) => r.id === ruleId)) return true;
    return false;
  }

  /** Loads everything (orgId undefined) or one organisation. Keeps the live status of servers already known. */
  async load(orgId?: string): Promise<void> {
    const { servers, rules, channels, silences } = await this.repository.load(orgId, this.clock.now());
    const inScope = (o: string) => orgId === undefined || o === orgId;
    const seen = new Set<string>();
    for (const s of servers) {
      seen.add(s.id);
      const known = this.servers.get(s.id);
      if (known) {
        known.name = s.name;
        continue;
      }
      this.servers.set(s.id, {
        id: s.id,
        orgId: s.org_id,
        name: s.name,
        status: s.status ?? 'unknown',
        statusReason: s.last_error,
        addonStatus: s.addon_status ?? 'unknown',
        addonSeen: s.addon_status === 'available',
      });
    }
    for (const [id, s] of this.servers) if (inScope(s.orgId) && !seen.has(id)) this.servers.delete(id);

    for (const [id, list] of this.rules) if (list.length === 0 || inScope(list[0]!.orgId)) this.rules.delete(id);
    for (const o of [...this.orgRules.keys()]) if (inScope(o)) this.orgRules.delete(o);
    for (const r of rules) {
      const def: RuleDef = {
        id: r.id,
        orgId: r.org_id,
        serverId: r.server_id,
        kind: r.kind,
        name: r.name,
        severity: (['info', 'warning', 'critical'].includes(r.severity) ? r.severity : 'warning') as Severity,
        params: r.params ?? {},
        pendingSeconds: r.pending_seconds,
        pendingPolls: r.pending_polls,
        repeatSeconds: r.repeat_seconds,
        notifyOnRecovery: r.notify_on_recovery,
        allChannels: r.all_channels,
        channelIds: r.channel_ids ?? [],
      };
      const map = r.server_id ? this.rules : this.orgRules;
      const key = r.server_id ?? r.org_id;
      const list = map.get(key);
      if (list) list.push(def);
      else map.set(key, [def]);
    }

    this.ruleIds = new Set(
      [...this.rules.values(), ...this.orgRules.values()].flatMap((list) => list.map((r) => r.id)),
    );

    for (const o of [...this.channels.keys()]) if (inScope(o)) this.channels.delete(o);
    for (const c of channels) {
      const list = this.channels.get(c.org_id) ?? [];
      list.push({ id: c.id, kind: c.kind, enabled: c.enabled });
      this.channels.set(c.org_id, list);
    }

    for (const o of [...this.silenceMap.keys()]) if (inScope(o)) this.silenceMap.delete(o);
    for (const s of silences) {
      const list = this.silenceMap.get(s.org_id) ?? [];
      list.push({
        id: s.id,
        serverId: s.server_id,
        ruleId: s.rule_id,
        startsAt: s.starts_at,
        endsAt: s.ends_at,
        days: s.days && s.days.length > 0 ? s.days : null,
        startMinute: s.start_minute,
        durationMinutes: s.duration_minutes,
        timeZone: s.time_zone,
      });
      this.silenceMap.set(s.org_id, list);
    }
  }

  /** Forgets a deleted server. */
  dropServer(serverId: string): void {
    this.servers.delete(serverId);
    this.rules.delete(serverId);
  }
}
