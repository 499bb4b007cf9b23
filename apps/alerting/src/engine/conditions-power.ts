import type { FieldWords, ValueWords } from '@app/alerts';
import type { PowerCircuit } from '@app/contracts';
import type { Observation, RuleDef } from './model';

/** What the power rules know beyond one poll: the peak consumption of a circuit over a trailing window. */
export interface PowerHistory {
  /** The highest consumption (MW) of a circuit of the server in the last `seconds`, or null when none is known. */
  peakConsumption(circuit: string, seconds: number): number | null;
}

/** The rule kinds that look at power circuits (one observation per circuit). */
export const POWER_KINDS = new Set([
  'fuse_tripped',
  'battery_below',
  'battery_draining',
  'power_over_capacity',
  'capacity_underused',
  'battery_empty_soon',
  'capacity_headroom',
]);

export const text = (value: string): ValueWords => ({ key: 'text', text: value });
const power = (mw: number, signed = false): ValueWords => ({ key: 'power', mw, signed });

/** The observation of one power rule on one circuit; null when the rule cannot say (no batteries, no capacity). */
function observeCircuit(rule: RuleDef, server: string, c: PowerCircuit, history?: PowerHistory): Observation | null {
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
  const emptyIn = c.batteryTimeEmptySeconds;
  // FRM says "00:00:00" to empty while charging: only a discharging battery's time to empty means anything.
  const discharging = c.batteryDifferential < 0 && emptyIn !== null;
  if (discharging) battery.push({ name: 'emptyIn', value: { key: 'duration', seconds: emptyIn }, inline: true });
  const base = { instance: circuit, label: { key: 'circuit', id: circuit } } as const;
  const amounts = { circuit, server, consumed: c.powerConsumed, capacity: c.powerCapacity };
  switch (rule.kind) {
    case 'fuse_tripped':
      return {
        ...base,
        holds: c.fuseTriggered,
        value: c.powerConsumed,
        unit: 'mw',
        fields: powerFields,
        summary: { key: 'fuseTripped', ...amounts },
      };
    case 'power_over_capacity':
      if (c.powerCapacity <= 0) return null;
      return {
        ...base,
        holds: c.powerConsumed > c.powerCapacity,
        value: c.powerConsumed,
        unit: 'mw',
        fields: powerFields,
        summary: { key: 'overCapacity', ...amounts },
      };
    case 'capacity_underused': {
      // A tripped fuse reads 0 capacity: that is the fuse rule's business, not an idle grid.
      if (c.powerCapacity <= 0) return null;
      const below = rule.params.percent ?? 20;
      const load = (c.powerConsumed / c.powerCapacity) * 100;
      return {
        ...base,
        holds: load < below,
        value: load,
        unit: 'percent',
        fields: [...powerFields, { name: 'load', value: { key: 'percent', percent: load }, inline: true }],
        summary: { key: 'capacityUnderused', ...amounts, below },
      };
    }
    case 'capacity_headroom': {
      if (c.powerCapacity <= 0) return null;
      const factor = rule.params.factor ?? 1.2;
      const minutes = rule.params.window_minutes ?? 60;
      const peak = Math.max(c.powerConsumed, history?.peakConsumption(circuit, minutes * 60) ?? 0);
      if (peak <= 0) return null;
      return {
        ...base,
        holds: c.powerCapacity < factor * peak,
        // The worst is the highest peak: what the capacity must cover.
        value: peak,
        unit: 'mw',
        fields: [
          { name: 'circuit', value: text(circuit), inline: true },
          { name: 'capacity', value: power(c.powerCapacity), inline: true },
          { name: 'peakConsumption', value: power(peak), inline: true },
          { name: 'consumption', value: power(c.powerConsumed), inline: true },
        ],
        summary: { key: 'capacityHeadroom', circuit, server, capacity: c.powerCapacity, peak, factor, minutes },
      };
    }
    case 'battery_empty_soon': {
      if (c.batteryCapacity <= 0) return null;
      const limit = (rule.params.minutes ?? 30) * 60;
      return {
        ...base,
        holds: discharging && emptyIn < limit,
        value: discharging ? emptyIn : null,
        unit: 'seconds',
        fields: battery,
        summary: {
          key: 'batteryEmptySoon',
          circuit,
          server,
          seconds: discharging ? emptyIn : 0,
          percent: c.batteryPercent,
        },
      };
    }
    case 'battery_below':
    case 'battery_draining': {
      if (c.batteryCapacity <= 0) return null;
      const below = rule.params.percent ?? 20;
      const draining = rule.kind === 'battery_draining';
      return {
        ...base,
        holds: draining ? c.batteryDifferential < 0 : c.batteryPercent < below,
        value: draining ? c.batteryDifferential : c.batteryPercent,
        unit: draining ? 'mw' : 'percent',
        fields: battery,
        summary: draining
          ? { key: 'batteryDraining', circuit, server, flow: c.batteryDifferential, percent: c.batteryPercent }
          : { key: 'batteryLow', circuit, server, percent: c.batteryPercent, below },
      };
    }
    default:
      return null;
  }
}

/** The observations of a power rule: one per circuit it can say something about. */
export function observePower(
  rule: RuleDef,
  server: string,
  circuits: readonly PowerCircuit[],
  history?: PowerHistory,
): Observation[] {
  const out: Observation[] = [];
  for (const c of circuits) {
    const obs = observeCircuit(rule, server, c, history);
    if (obs) out.push(obs);
  }
  return out;
}
