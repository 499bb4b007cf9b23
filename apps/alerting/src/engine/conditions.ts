import { RULE_KINDS, type FieldWords, type InstanceWords, type ValueWords } from '@app/alerts';
import type { PollResult } from '@app/contracts';
import type { AlertStateRow, Observation, RuleDef, ServerInfo } from './model';

/** What the evaluator feeds the rules: a poll result, or a confirmed status change (as `status`). */
export type Input = PollResult | { kind: 'status'; serverId: string; time: string };

/** Whether a rule kind looks at this input at all. */
export function watches(rule: RuleDef, input: Input): boolean {
  const source = RULE_KINDS[rule.kind]?.source;
  switch (source) {
    case 'status':
      return input.kind === 'status' || input.kind === 'health';
    case 'health':
      return input.kind === 'health';
    case 'power':
      return input.kind === 'power';
    case 'trains':
      return input.kind === 'trains';
    case 'addon':
      return input.kind === 'addon';
    default:
      return false;
  }
}

const text = (value: string): ValueWords => ({ key: 'text', text: value });
const power = (mw: number, signed = false): ValueWords => ({ key: 'power', mw, signed });

/**
 * The observations a (non-event) rule makes of an input; empty when the input says nothing about the condition
 * (a failed poll: unknown is not "fine"). Per-instance rules observe every instance in the data.
 */
export function observe(rule: RuleDef, server: ServerInfo, input: Input): Observation[] {
  const name = server.name;
  const serverWide = { instance: '', label: { key: 'text', text: name } } as const;
  switch (rule.kind) {
    case 'server_offline': {
      const reason = server.statusReason;
      return [
        {
          ...serverWide,
          holds: server.status === 'offline',
          value: null,
          unit: 'none',
          fields: [{ name: 'reason', value: { key: 'offlineReason', reason } }],
          summary: { key: 'offline', server: name, reason },
        },
      ];
    }
    case 'degraded':
    case 'tick_rate_below': {
      if (input.kind !== 'health' || !input.data || input.data.tickRate === null) return [];
      const limit = rule.kind === 'degraded' ? (rule.params.tick_rate_below ?? 15) : (rule.params.below ?? 15);
      const tick = input.data.tickRate;
      return [
        {
          ...serverWide,
          holds: tick < limit,
          value: tick,
          unit: 'perSecond',
          fields: [
            { name: 'tickRate', value: { key: 'tickRate', tick, limit }, inline: true },
            { name: 'players', value: { key: 'count', count: input.data.playerCount }, inline: true },
          ],
          summary: { key: 'tickRateLow', server: name, tick, limit },
        },
      ];
    }
    case 'player_count_above':
    case 'player_count_below': {
      if (input.kind !== 'health' || !input.data || input.data.playerCount === null) return [];
      const count = input.data.playerCount;
      const above = rule.kind === 'player_count_above';
      const limit = above ? (rule.params.above ?? 0) : (rule.params.below ?? 1);
      return [
        {
          ...serverWide,
          holds: above ? count > limit : count < limit,
          value: count,
          unit: 'players',
          fields: [{ name: 'playersOnline', value: { key: 'countOf', count, limit }, inline: true }],
          summary: { key: 'playerCount', server: name, count, limit, above },
        },
      ];
    }
    case 'fuse_tripped':
    case 'battery_below':
    case 'battery_draining':
    case 'power_over_capacity': {
      if (input.kind !== 'power' || !input.data) return [];
      const out: Observation[] = [];
      for (const c of input.data) {
        const circuit = String(c.circuitGroupId);
        const powerFields: FieldWords[] = [
          { name: 'circuit', value: text(circuit), inline: true },
          { name: 'consumption', value: power(c.powerConsumed), inline: true },
          { name: 'capacity', value: power(c.powerCapacity), inline: true },
          { name: 'production', value: power(c.powerProduction), inline: true },
        ];
        const battery: FieldWords[] = [
          { name: 'circuit', value: text(circuit), inline: true },
          { name: 'battery', value: { key: 'percent', percent: c.batteryPercent }, inline: true },
          { name: 'batteryFlow', value: power(c.batteryDifferential, true), inline: true },
        ];
        if (c.batteryTimeEmptySeconds !== null)
          battery.push({
            name: 'emptyIn',
            value: { key: 'minutes', minutes: Math.round(c.batteryTimeEmptySeconds / 60) },
            inline: true,
          });
        const base = { instance: circuit, label: { key: 'circuit', id: circuit } } as const;
        const amounts = { circuit, server: name, consumed: c.powerConsumed, capacity: c.powerCapacity };
        if (rule.kind === 'fuse_tripped') {
          out.push({
            ...base,
            holds: c.fuseTriggered,
            value: c.powerConsumed,
            unit: 'mw',
            fields: powerFields,
            summary: { key: 'fuseTripped', ...amounts },
          });
        } else if (rule.kind === 'power_over_capacity') {
          if (c.powerCapacity <= 0) continue;
          out.push({
            ...base,
            holds: c.powerConsumed > c.powerCapacity,
            value: c.powerConsumed,
            unit: 'mw',
            fields: powerFields,
            summary: { key: 'overCapacity', ...amounts },
          });
        } else {
          if (c.batteryCapacity <= 0) continue;
          const below = rule.params.percent ?? 20;
          const draining = rule.kind === 'battery_draining';
          out.push({
            ...base,
            holds: draining ? c.batteryDifferential < 0 : c.batteryPercent < below,
            value: draining ? c.batteryDifferential : c.batteryPercent,
            unit: draining ? 'mw' : 'percent',
            fields: battery,
            summary: draining
              ? {
                  key: 'batteryDraining',
                  circuit,
                  server: name,
                  flow: c.batteryDifferential,
                  percent: c.batteryPercent,
                }
              : { key: 'batteryLow', circuit, server: name, percent: c.batteryPercent, below },
          });
        }
      }
      return out;
    }
    case 'train_derailed': {
      if (input.kind !== 'trains' || !input.data) return [];
      return input.data.map((t) => ({
        instance: t.trainId,
        label: { key: 'text', text: t.name },
        holds: t.derailed,
        value: null,
        unit: 'none',
        fields: [
          { name: 'train', value: text(t.name), inline: true },
          { name: 'lastStation', value: text(t.station ?? '—'), inline: true },
        ],
        summary: { key: 'trainDerailed', train: t.name, server: name, station: t.station || null },
      }));
    }
    case 'addon_lost': {
      if (input.kind !== 'addon' || !input.data) return [];
      const reason = input.data.reason;
      return [
        {
          ...serverWide,
          holds: server.addonSeen && input.data.status === 'unavailable',
          value: null,
          unit: 'none',
          fields: [{ name: 'reason', value: { key: 'addonReason', reason } }],
          summary: { key: 'addonLost', server: name, reason },
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * An instance that was pending or firing and is gone from the data (a circuit removed, a train deleted): it is
 * fine now. Named as it was: a circuit by its number, anything else by the name its peak kept (else its id).
 */
export function vanished(rule: RuleDef, row: AlertStateRow): Observation {
  const label: InstanceWords =
    RULE_KINDS[rule.kind]?.source === 'power'
      ? { key: 'circuit', id: row.instance }
      : { key: 'text', text: row.peak?.label ?? row.instance };
  return {
    instance: row.instance,
    label,
    holds: false,
    value: null,
    unit: 'none',
    fields: [],
    summary: { key: 'none' },
  };
}

/** Which way is worse for a rule's value (for the peak kept while firing). */
export function worse(kind: string): 'min' | 'max' {
  return kind === 'degraded' ||
    kind === 'tick_rate_below' ||
    kind === 'battery_below' ||
    kind === 'battery_draining' ||
    kind === 'player_count_below'
    ? 'min'
    : 'max';
}
