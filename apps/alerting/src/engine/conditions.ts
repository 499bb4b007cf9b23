import { RULE_KINDS, type MessageField } from '@app/alerts';
import type { PollResult } from '@app/contracts';
import type { Observation, RuleDef, ServerInfo } from './model';

/** What the evaluator feeds the rules: a poll result, or a confirmed status change (as `status`). */
export type Input = PollResult | { kind: 'status'; serverId: string; time: string };

const n1 = (v: number) => (Math.round(v * 10) / 10).toString();
const mw = (v: number) => `${n1(v)} MW`;

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

/**
 * The observations a (non-event) rule makes of an input; empty when the input says nothing about the condition
 * (a failed poll: unknown is not "fine"). Per-instance rules observe every instance in the data.
 */
export function observe(rule: RuleDef, server: ServerInfo, input: Input): Observation[] {
  const name = server.name;
  switch (rule.kind) {
    case 'server_offline': {
      const reason = server.statusReason ?? 'the game port does not answer';
      return [
        {
          instance: '',
          label: name,
          holds: server.status === 'offline',
          value: null,
          unit: '',
          fields: [{ name: 'Reason', value: reason }],
          summary: `${name} is offline: ${reason}.`,
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
          instance: '',
          label: name,
          holds: tick < limit,
          value: tick,
          unit: '/s',
          fields: [
            { name: 'Tick rate', value: `${n1(tick)}/s (threshold ${n1(limit)}/s)`, inline: true },
            { name: 'Players', value: String(input.data.playerCount ?? '—'), inline: true },
          ],
          summary: `${name} runs at ${n1(tick)} ticks per second, below ${n1(limit)}/s: the factory is lagging.`,
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
          instance: '',
          label: name,
          holds: above ? count > limit : count < limit,
          value: count,
          unit: ' players',
          fields: [{ name: 'Players online', value: `${count} (threshold ${limit})`, inline: true }],
          summary: `${count} player${count === 1 ? ' is' : 's are'} online on ${name}, ${above ? 'more' : 'fewer'} than ${limit}.`,
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
        const label = `Circuit ${c.circuitGroupId}`;
        const power: MessageField[] = [
          { name: 'Circuit', value: String(c.circuitGroupId), inline: true },
          { name: 'Consumption', value: mw(c.powerConsumed), inline: true },
          { name: 'Capacity', value: mw(c.powerCapacity), inline: true },
          { name: 'Production', value: mw(c.powerProduction), inline: true },
        ];
        const battery: MessageField[] = [
          { name: 'Circuit', value: String(c.circuitGroupId), inline: true },
          { name: 'Battery', value: `${n1(c.batteryPercent)} %`, inline: true },
          {
            name: 'Battery flow',
            value: `${c.batteryDifferential >= 0 ? '+' : ''}${mw(c.batteryDifferential)}`,
            inline: true,
          },
        ];
        if (c.batteryTimeEmptySeconds !== null)
          battery.push({ name: 'Empty in', value: `${Math.round(c.batteryTimeEmptySeconds / 60)} min`, inline: true });
        const base = { instance: String(c.circuitGroupId), label };
        if (rule.kind === 'fuse_tripped') {
          out.push({
            ...base,
            holds: c.fuseTriggered,
            value: c.powerConsumed,
            unit: ' MW',
            fields: power,
            summary: `The fuse of circuit ${c.circuitGroupId} on ${name} tripped: everything on it stopped. Consumption ${mw(c.powerConsumed)}, capacity ${mw(c.powerCapacity)}.`,
          });
        } else if (rule.kind === 'power_over_capacity') {
          if (c.powerCapacity <= 0) continue;
          out.push({
            ...base,
            holds: c.powerConsumed > c.powerCapacity,
            value: c.powerConsumed,
            unit: ' MW',
            fields: power,
            summary: `Circuit ${c.circuitGroupId} on ${name} consumes ${mw(c.powerConsumed)}, more than its capacity of ${mw(c.powerCapacity)}: the fuse may trip.`,
          });
        } else {
          if (c.batteryCapacity <= 0) continue;
          const below = rule.params.percent ?? 20;
          const draining = rule.kind === 'battery_draining';
          out.push({
            ...base,
            holds: draining ? c.batteryDifferential < 0 : c.batteryPercent < below,
            value: draining ? c.batteryDifferential : c.batteryPercent,
            unit: draining ? ' MW' : ' %',
            fields: battery,
            summary: draining
              ? `The batteries of circuit ${c.circuitGroupId} on ${name} keep draining (${mw(c.batteryDifferential)}), now at ${n1(c.batteryPercent)} %.`
              : `The batteries of circuit ${c.circuitGroupId} on ${name} are at ${n1(c.batteryPercent)} %, below ${n1(below)} %.`,
          });
        }
      }
      return out;
    }
    case 'train_derailed': {
      if (input.kind !== 'trains' || !input.data) return [];
      return input.data.map((t) => ({
        instance: t.trainId,
        label: t.name,
        holds: t.derailed,
        value: null,
        unit: '',
        fields: [
          { name: 'Train', value: t.name, inline: true },
          { name: 'Last station', value: t.station ?? '—', inline: true },
        ],
        summary: `Train ${t.name} on ${name} derailed${t.station ? ` after ${t.station}` : ''}.`,
      }));
    }
    case 'addon_lost': {
      if (input.kind !== 'addon' || !input.data) return [];
      return [
        {
          instance: '',
          label: name,
          holds: server.addonSeen && input.data.status === 'unavailable',
          value: null,
          unit: '',
          fields: [{ name: 'Reason', value: input.data.reason ?? 'no answer' }],
          summary: `Ficsit Remote Monitoring stopped answering on ${name} (${input.data.reason ?? 'no answer'}): power, players and production are not updated.`,
        },
      ];
    }
    default:
      return [];
  }
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
