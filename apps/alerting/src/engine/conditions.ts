import { RULE_KINDS, type InstanceWords, type ValueUnit } from '@app/alerts';
import type { PollResult } from '@app/contracts';
import {
  observeDeficit,
  observeDroneStations,
  observeExtractors,
  observeGenerators,
  observeSink,
  observeStock,
  type Rates,
} from './conditions-factory';
import { observePower, POWER_KINDS, text, type PowerHistory } from './conditions-power';
import type { AlertStateRow, Observation, RuleDef, ServerInfo } from './model';

export type { PowerHistory } from './conditions-power';
export { ratesOf, type Rates } from './conditions-factory';

/** What the evaluator remembers of a server beyond the input: power peaks, the latest production rates per item. */
export interface Memory {
  power?: PowerHistory;
  rates?: ReadonlyMap<string, Rates>;
}

/** What the evaluator feeds the rules: a poll result, or a confirmed status change (as `status`). */
export type Input = PollResult | { kind: 'status'; serverId: string; time: string };

/** Whether a rule kind looks at this input at all: status rules at status changes and health, others at their kind. */
export function watches(rule: RuleDef, input: Input): boolean {
  const source = RULE_KINDS[rule.kind]?.source;
  if (source === 'status') return input.kind === 'status' || input.kind === 'health';
  return source !== undefined && input.kind === source;
}

/**
 * The observations a (non-event) rule makes of an input; empty when the input says nothing about the condition
 * (a failed poll: unknown is not "fine"). Per-instance rules observe every instance in the data.
 */
export function observe(rule: RuleDef, server: ServerInfo, input: Input, memory: Memory = {}): Observation[] {
  const name = server.name;
  if (POWER_KINDS.has(rule.kind))
    return input.kind === 'power' && input.data ? observePower(rule, name, input.data, memory.power) : [];
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
    case 'production_deficit':
      return input.kind === 'production' && input.data ? observeDeficit(rule, name, input.data) : [];
    case 'generator_fuel_low':
      return input.kind === 'generators' && input.data ? observeGenerators(rule, name, input.data) : [];
    case 'extractor_stopped':
      return input.kind === 'extractors' && input.data ? observeExtractors(rule, name, input.data) : [];
    case 'drone_station_stopped':
      return input.kind === 'drone_stations' && input.data ? observeDroneStations(rule, name, input.data) : [];
    case 'stock_empty_soon':
      return input.kind === 'inventory' && input.data && memory.rates
        ? observeStock(rule, name, input.data, memory.rates)
        : [];
    case 'sink_points_below':
      return input.kind === 'resource_sink' && input.data ? observeSink(rule, name, input.data) : [];
    default:
      return [];
  }
}

/** The unit of the value of per-instance kinds that measure one (for the recovery of an instance that went away). */
const VALUE_UNITS: Readonly<Record<string, ValueUnit>> = {
  fuse_tripped: 'mw',
  power_over_capacity: 'mw',
  battery_below: 'percent',
  battery_draining: 'mw',
  capacity_underused: 'percent',
  battery_empty_soon: 'seconds',
  capacity_headroom: 'mw',
  production_deficit: 'perMinute',
  generator_fuel_low: 'seconds',
  drone_station_stopped: 'seconds',
  stock_empty_soon: 'seconds',
};

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
    unit: VALUE_UNITS[rule.kind] ?? 'none',
    fields: [],
    summary: { key: 'none' },
  };
}

/** Rule kinds whose value is worse the lower it is (tick rate, battery, time left, headroom). */
const LOWER_IS_WORSE = new Set([
  'degraded',
  'tick_rate_below',
  'battery_below',
  'battery_draining',
  'player_count_below',
  'capacity_underused',
  'battery_empty_soon',
  'generator_fuel_low',
  'drone_station_stopped',
  'stock_empty_soon',
  'sink_points_below',
]);

/** Which way is worse for a rule's value (for the peak kept while firing). */
export function worse(kind: string): 'min' | 'max' {
  return LOWER_IS_WORSE.has(kind) ? 'min' : 'max';
}
