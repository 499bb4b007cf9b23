import { CATALOGUES, isSilenced, RULE_KINDS, sayInstance } from '@app/alerts';
import type { PollResult, ServerStatusChanged } from '@app/contracts';
import {
  observe,
  ratesOf,
  vanished,
  watches,
  worse,
  type Input,
  type Memory,
  type PowerHistory,
  type Rates,
} from './conditions';
import { composeMessage, composePresence, composeSessionChange } from './messages';
import type { AlertStateRow, Observation, Outcome, RuleDef, ServerInfo, SilenceLookup } from './model';
import { PeakWindows } from './peak-windows';
import { SessionWatch } from './session-watch';
import type { Clock } from '@app/platform';

/** What the evaluator reads of the configuration (kept current by the config cache). */
export interface ConfigView {
  server(serverId: string): ServerInfo | undefined;
  rulesFor(serverId: string): readonly RuleDef[];
  silences: SilenceLookup;
}

export const stateKey = (ruleId: string, serverId: string, instance: string): string =>
  `${ruleId}|${serverId}|${instance}`;

/** Player names online (with the add-on) or the count (without) of a server, to tell joins and leaves. */
interface Presence {
  names: Set<string> | null;
  count: number | null;
  /** When names were last seen: count changes are ignored while names are known (no double notices). */
  namesAt: number;
}

/** The name of an observed instance as a peak keeps it (in the state row): its English. */
const peakLabel = (obs: Observation): string => sayInstance(CATALOGUES.en, obs.label);

/**
 * The rule state machine: per (rule, server, instance) normal -> pending -> firing -> normal, driven by
 * observations (poll results and confirmed status changes) and their times, never by the wall clock, so replaying
 * an input changes nothing. It is synchronous; the store persists what changed (`takeDirty`) and the outcomes.
 */
export class Evaluator {
  private readonly states = new Map<string, AlertStateRow>();
  /** The state keys of each (rule, server): per-instance rules look up their rows without scanning every state. */
  private readonly byRuleServer = new Map<string, Set<string>>();
  private readonly dirty = new Map<string, AlertStateRow | null>();
  private readonly presence = new Map<string, Presence>();
  /** Each circuit's consumption over the longest window a capacity_headroom rule of its server looks back. */
  private readonly peaks = new PeakWindows();
  /** The save each server runs (session_changed rules). */
  readonly sessions = new SessionWatch();
  /** Each server's latest production rates per item (stock_empty_soon rules divide the stock by the deficit). */
  private readonly rates = new Map<string, ReadonlyMap<string, Rates>>();
  /** Evaluations made (one rule checked against one input), for the metrics and the benchmark. */
  evaluations = 0;

  constructor(
    private readonly config: ConfigView,
    private readonly clock: Clock,
  ) {}

  /** Replaces every state (at start-up, or after a failed write). Rows in `ok` need not be given. */
  load(rows: Iterable<AlertStateRow>): void {
    this.states.clear();
    this.byRuleServer.clear();
    this.dirty.clear();
    for (const row of rows) this.index(stateKey(row.ruleId, row.serverId, row.instance), row);
  }

  private index(key: string, row: AlertStateRow): void {
    this.states.set(key, row);
    const group = `${row.ruleId}|${row.serverId}`;
    const keys = this.byRuleServer.get(group);
    if (keys) keys.add(key);
    else this.byRuleServer.set(group, new Set([key]));
  }

  private unindex(key: string, row: AlertStateRow): void {
    this.states.delete(key);
    const group = `${row.ruleId}|${row.serverId}`;
    const keys = this.byRuleServer.get(group);
    keys?.delete(key);
    if (keys?.size === 0) this.byRuleServer.delete(group);
  }

  /** Seeds who is online (from the stored latest snapshot), so the first poll after a restart is no "join". */
  seedPresence(serverId: string, names: readonly string[] | null, count: number | null): void {
    this.presence.set(serverId, {
      names: names ? new Set(names) : null,
      count,
      namesAt: names ? this.clock.nowMs() : 0,
    });
  }

  /** The state rows changed since the last call (null: back to normal, delete it). */
  takeDirty(): Map<string, AlertStateRow | null> {
    const out = new Map(this.dirty);
    this.dirty.clear();
    return out;
  }

  /** Drops the states of a server (deleted) or of rules that no longer exist or are switched off. */
  forget(predicate: (row: AlertStateRow) => boolean): void {
    for (const [key, row] of this.states) if (predicate(row)) this.unindex(key, row);
  }

  /** Forgets everything of a deleted server. */
  dropServer(serverId: string): void {
    this.forget((row) => row.serverId === serverId);
    this.presence.delete(serverId);
    this.sessions.forget(serverId);
    this.rates.delete(serverId);
    this.peaks.forget(`${serverId}|`);
  }

  get stateCount(): number {
    return this.states.size;
  }

  /** Applies a confirmed status change to the server, then evaluates the status rules. */
  onStatus(event: ServerStatusChanged): Outcome[] {
    const server = this.config.server(event.serverId);
    if (!server) return [];
    const at = Date.parse(event.time);
    if (server.statusAt !== undefined && at <= server.statusAt) return [];
    server.statusAt = at;
    server.status = event.status;
    server.statusReason = event.reason;
    return this.evaluate(server, { kind: 'status', serverId: event.serverId, time: event.time });
  }

  /** Evaluates every rule of the server that watches this poll result. */
  onResult(result: PollResult): Outcome[] {
    const server = this.config.server(result.serverId);
    if (!server) return [];
    if (result.kind === 'addon' && result.data) {
      server.addonStatus = result.data.status;
      const outcomes = this.evaluate(server, result);
      if (result.data.status === 'available') server.addonSeen = true;
      return outcomes;
    }
    if (result.kind === 'production' && result.data) this.rates.set(server.id, ratesOf(result.data));
    const history = result.kind === 'power' ? this.recordPeaks(server, result) : undefined;
    const outcomes = this.evaluate(server, result, { power: history, rates: this.rates.get(server.id) });
    if (result.kind === 'players' || result.kind === 'health') outcomes.push(...this.presenceEvents(server, result));
    if (result.kind === 'health' || result.kind === 'session') outcomes.push(...this.sessionEvents(server, result));
    return outcomes;
  }

  /** Keeps each circuit's consumption for the server's capacity_headroom rules (nothing when it has none). */
  private recordPeaks(server: ServerInfo, result: Extract<PollResult, { kind: 'power' }>): PowerHistory | undefined {
    let keepMinutes = 0;
    for (const rule of this.config.rulesFor(server.id))
      if (rule.kind === 'capacity_headroom') keepMinutes = Math.max(keepMinutes, rule.params.window_minutes ?? 60);
    if (keepMinutes === 0 || !result.data) return undefined;
    const at = Date.parse(result.time);
    for (const c of result.data)
      this.peaks.record(`${server.id}|${c.circuitGroupId}`, at, c.powerConsumed, keepMinutes * 60_000);
    return {
      peakConsumption: (circuit, seconds) => this.peaks.peak(`${server.id}|${circuit}`, at - seconds * 1000),
    };
  }

  private evaluate(server: ServerInfo, input: Input, memory: Memory = {}): Outcome[] {
    const at = new Date(input.time);
    const outcomes: Outcome[] = [];
    for (const rule of this.config.rulesFor(server.id)) {
      if (RULE_KINDS[rule.kind]?.event || !watches(rule, input)) continue;
      this.evaluations++;
      const observations = observe(rule, server, input, memory);
      const seen = new Set<string>();
      for (const obs of observations) {
        seen.add(obs.instance);
        this.step(rule, server, obs, at, outcomes);
      }
      // An instance that was pending or firing and is gone from the data (circuit removed, train deleted) is fine.
      if (RULE_KINDS[rule.kind]?.perInstance && observations.length > 0) {
        for (const row of this.rowsOf(rule.id, server.id)) {
          if (seen.has(row.instance)) continue;
          this.step(rule, server, vanished(rule, row), at, outcomes);
        }
      }
    }
    return outcomes;
  }

  private rowsOf(ruleId: string, serverId: string): AlertStateRow[] {
    const keys = this.byRuleServer.get(`${ruleId}|${serverId}`);
    return keys ? [...keys].map((k) => this.states.get(k)!) : [];
  }

  private step(rule: RuleDef, server: ServerInfo, obs: Observation, at: Date, outcomes: Outcome[]): void {
    const key = stateKey(rule.id, server.id, obs.instance);
    const row = this.states.get(key);
    if (row?.lastObservedAt && at.getTime() <= row.lastObservedAt.getTime()) return; // replayed or out of order
    if (!row) {
      if (!obs.holds) return; // normal stays normal: nothing to store
      const fresh: AlertStateRow = {
        ruleId: rule.id,
        serverId: server.id,
        instance: obs.instance,
        state: 'pending',
        since: at,
        observations: 1,
        lastObservedAt: at,
        incidentId: null,
        notifiedAt: null,
        repeats: 0,
        peak: obs.value === null ? null : { value: obs.value, at: at.toISOString(), label: peakLabel(obs) },
      };
      this.put(key, fresh);
      if (this.due(rule, fresh, at)) this.fire(rule, server, fresh, obs, at, outcomes);
      return;
    }
    row.lastObservedAt = at;
    if (!obs.holds) {
      if (row.state === 'firing' && row.incidentId) this.resolve(rule, server, row, obs, at, outcomes);
      this.unindex(key, row);
      this.dirty.set(key, null);
      return;
    }
    row.observations++;
    if (obs.value !== null) {
      const better =
        worse(rule.kind) === 'min'
          ? obs.value < (row.peak?.value ?? Infinity)
          : obs.value > (row.peak?.value ?? -Infinity);
      if (better) row.peak = { value: obs.value, at: at.toISOString(), label: peakLabel(obs) };
    }
    if (row.state === 'pending') {
      if (this.due(rule, row, at)) this.fire(rule, server, row, obs, at, outcomes);
    } else if (row.incidentId) {
      const silenced = isSilenced(this.config.silences(server.orgId), server.id, rule.id, at);
      if (!silenced && row.notifiedAt === null) {
        // Fired while muted and still firing after the silence ended: tell it now.
        row.notifiedAt = at;
        outcomes.push({
          type: 'notify',
          rule,
          incidentId: row.incidentId,
          event: 'fired',
          message: composeMessage(rule, server, 'fired', obs, row, at),
        });
      } else if (
        !silenced &&
        rule.repeatSeconds > 0 &&
        row.notifiedAt &&
        at.getTime() - row.notifiedAt.getTime() >= rule.repeatSeconds * 1000
      ) {
        row.repeats++;
        row.notifiedAt = at;
        outcomes.push({
          type: 'notify',
          rule,
          incidentId: row.incidentId,
          event: `repeat-${row.repeats}`,
          message: composeMessage(rule, server, 'repeat', obs, row, at),
        });
      }
    }
    this.dirty.set(key, row);
  }

  /**
   * The pending period is over: enough consecutive observations and enough time since the condition began (the
   * longer of the rule's pending period and its kind's "for at least", where the kind has one).
   */
  private due(rule: RuleDef, row: AlertStateRow, at: Date): boolean {
    const pendingSeconds = Math.max(rule.pendingSeconds, rule.params.for_seconds ?? 0);
    return (
      row.observations >= Math.max(1, rule.pendingPolls) && at.getTime() - row.since.getTime() >= pendingSeconds * 1000
    );
  }

  private fire(
    rule: RuleDef,
    server: ServerInfo,
    row: AlertStateRow,
    obs: Observation,
    at: Date,
    outcomes: Outcome[],
  ): void {
    const silenced = isSilenced(this.config.silences(server.orgId), server.id, rule.id, at);
    row.state = 'firing';
    row.incidentId = crypto.randomUUID();
    row.notifiedAt = silenced ? null : at;
    this.dirty.set(stateKey(row.ruleId, row.serverId, row.instance), row);
    outcomes.push({
      type: 'fire',
      rule,
      row,
      message: composeMessage(rule, server, 'fired', obs, row, at),
      notify: !silenced,
      silenced,
    });
  }

  private resolve(
    rule: RuleDef,
    server: ServerInfo,
    row: AlertStateRow,
    obs: Observation,
    at: Date,
    outcomes: Outcome[],
  ): void {
    const silenced = isSilenced(this.config.silences(server.orgId), server.id, rule.id, at);
    // No recovery notice for an incident nobody was told of, or when the rule does not want one.
    const notify = rule.notifyOnRecovery && row.notifiedAt !== null && !silenced;
    outcomes.push({
      type: 'resolve',
      rule,
      row: { ...row },
      incidentId: row.incidentId!,
      message: composeMessage(rule, server, 'resolved', obs, row, at),
      notify,
    });
  }

  private put(key: string, row: AlertStateRow): void {
    this.index(key, row);
    this.dirty.set(key, row);
  }

  /** Another save loaded: session_changed rules tell it once (an event, like a player joining). */
  private sessionEvents(server: ServerInfo, result: PollResult): Outcome[] {
    const change = this.sessions.change(server.id, result);
    if (!change) return [];
    const at = new Date(result.time);
    const silenced = (ruleId: string) => isSilenced(this.config.silences(server.orgId), server.id, ruleId, at);
    return this.config
      .rulesFor(server.id)
      .filter((rule) => rule.kind === 'session_changed')
      .map((rule) => {
        this.evaluations++;
        return {
          type: 'event',
          rule,
          serverId: server.id,
          instance: change.to.slice(0, 200),
          notify: !silenced(rule.id),
          message: composeSessionChange(rule, server, change, at),
        };
      });
  }

  /** Player joined / left: names from the add-on's player list, else the count from the health poll. */
  private presenceEvents(server: ServerInfo, result: PollResult): Outcome[] {
    const rules = this.config.rulesFor(server.id).filter((r) => r.kind === 'player_joined' || r.kind === 'player_left');
    const before = this.presence.get(server.id) ?? { names: null, count: null, namesAt: 0 };
    const at = new Date(result.time);
    const outcomes: Outcome[] = [];
    let joined: string[] = [];
    let left: string[] = [];
    let online: string[] | null = null;
    let countNow: number | null;
    if (result.kind === 'players' && result.data) {
      online = result.data.filter((p) => p.isOnline).map((p) => p.name);
      const now = new Set(online);
      if (before.names) {
        joined = online.filter((n) => !before.names!.has(n));
        left = [...before.names].filter((n) => !now.has(n));
      }
      this.presence.set(server.id, { names: now, count: now.size, namesAt: at.getTime() });
      countNow = now.size;
    } else if (result.kind === 'health' && result.data && result.data.playerCount !== null) {
      countNow = result.data.playerCount;
      const namesKnown = before.names !== null && at.getTime() - before.namesAt < 5 * 60_000;
      if (!namesKnown && before.count !== null && countNow !== before.count) {
        const diff = countNow - before.count;
        if (diff > 0) joined = Array.from({ length: diff }, () => '');
        else left = Array.from({ length: -diff }, () => '');
      }
      this.presence.set(server.id, { ...before, count: countNow });
    } else {
      return [];
    }
    for (const rule of rules) {
      const who = rule.kind === 'player_joined' ? joined : left;
      if (who.length === 0) continue;
      this.evaluations++;
      const named = who.filter(Boolean);
      const change = { joined: rule.kind === 'player_joined', named, count: who.length, online, countNow };
      const silenced = isSilenced(this.config.silences(server.orgId), server.id, rule.id, at);
      outcomes.push({
        type: 'event',
        rule,
        serverId: server.id,
        instance: named.join(', ').slice(0, 200),
        notify: !silenced,
        message: composePresence(rule, server, change, at),
      });
    }
    return outcomes;
  }
}
