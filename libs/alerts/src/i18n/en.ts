import { RULE_KINDS, type RuleKindName } from '../rules';
import type { Catalogue, RuleWords } from './catalogue';
import { ENGLISH_FORMATS, measuredWith } from './formats';

/**
 * The English words of the rule kinds are the kinds' own (rules.ts, which the API's catalogue of rule kinds and the
 * preset rules' names use too): one definition.
 */
const rules = Object.fromEntries(
  Object.values(RULE_KINDS).map((k) => [k.kind, { title: k.title, recovered: k.recoveryTitle }]),
) as Record<RuleKindName, RuleWords>;

/** English: the words notifications had before channels had languages, unchanged. */
export const en: Catalogue = {
  locale: 'en',
  formats: ENGLISH_FORMATS,
  render: {
    colon: ':',
    server: 'Server',
    instance: 'Instance',
    time: 'Time',
    started: 'Started',
    incident: 'Incident',
    rule: 'Rule',
    downtime: 'Downtime',
    duration: 'Duration',
    details: 'Details',
    openDashboard: 'Open dashboard',
    acknowledge: 'Acknowledge',
    alert: 'Alert',
    testTag: '[TEST]',
    testNote: 'This is a test notification: no action needed.',
    testNotification: 'Test notification',
    resolved: 'Resolved',
    stillFiring: '(still firing)',
    notShown: 'not shown',
    labels: { critical: 'CRITICAL', warning: 'WARNING', info: 'INFO', resolved: 'RESOLVED', test: 'TEST' },
    downFor: (d) => `Down for ${d}`,
    lasted: (d) => `Lasted ${d}`,
    stillFiringSince: (time) => `Still firing since ${time}`,
    stillFiringFor: (since, d) => `${since} (for ${d})`,
    incidentRef: (id) => `Incident ${id}`,
    footer: (head, rule) => `${head} · rule: ${rule}`,
    andMore: (n) => `…and ${n} more`,
    fieldsNotShown: (n) => (n === 1 ? 'field not shown' : 'fields not shown'),
  },
  fields: {
    reason: 'Reason',
    tickRate: 'Tick rate',
    players: 'Players',
    playersOnline: 'Players online',
    whoIsOnline: 'Who is online',
    circuit: 'Circuit',
    consumption: 'Consumption',
    capacity: 'Capacity',
    production: 'Production',
    battery: 'Battery',
    batteryFlow: 'Battery flow',
    emptyIn: 'Empty in',
    train: 'Train',
    lastStation: 'Last station',
    channel: 'Channel',
    downtime: 'Downtime',
    lasted: 'Lasted',
    item: 'Item',
    produced: 'Produced',
    consumed: 'Consumed',
    load: 'Load',
    peakConsumption: 'Peak consumption',
    generator: 'Generator',
    fuel: 'Fuel',
    fuelLeft: 'Fuel left',
    timeLeft: 'Time left',
    extractor: 'Extractor',
    resource: 'Resource',
    station: 'Drone port',
    droneStatus: 'Drone status',
    stock: 'Stock',
    pointsPerMinute: 'Points per minute',
    session: 'Save',
    previousSession: 'Previous save',
  },
  rules,
  phrases: {
    fired: ({ rule, subject }) => `${rule}: ${subject}`,
    recovered: ({ recovery, subject }) => `${recovery}: ${subject}`,
    subject: ({ instance, server }) => `${instance} on ${server}`,
    circuit: ({ id }) => `Circuit ${id}`,
    testTitle: 'Test message',
    acknowledgedTitle: ({ title }) => `Acknowledged: ${title}`,
    acknowledged: ({ name }) =>
      `${name} acknowledged this incident and is on it; repeat notifications stop until it resolves.`,
    testServer: 'Satisfactory monitoring',
    gamePortSilent: 'the game port does not answer',
    noAnswer: 'no answer',
    offline: ({ server, reason }) => `${server} is offline: ${reason}.`,
    tickRateLow: ({ server, tick, limit }, f) =>
      `${server} runs at ${f.number(tick)} ticks per second, below ${f.number(limit)}/s: the factory is lagging.`,
    playerCount: ({ server, count, limit, above }) =>
      `${count} player${count === 1 ? ' is' : 's are'} online on ${server}, ${above ? 'more' : 'fewer'} than ${limit}.`,
    fuseTripped: ({ circuit, server, consumed, capacity }, f) =>
      `The fuse of circuit ${circuit} on ${server} tripped: everything on it stopped. Consumption ${f.mw(consumed)}, capacity ${f.mw(capacity)}.`,
    overCapacity: ({ circuit, server, consumed, capacity }, f) =>
      `Circuit ${circuit} on ${server} consumes ${f.mw(consumed)}, more than its capacity of ${f.mw(capacity)}: the fuse may trip.`,
    batteryDraining: ({ circuit, server, flow, percent }, f) =>
      `The batteries of circuit ${circuit} on ${server} keep draining (${f.mw(flow)}), now at ${f.percent(percent)}.`,
    batteryLow: ({ circuit, server, percent, below }, f) =>
      `The batteries of circuit ${circuit} on ${server} are at ${f.percent(percent)}, below ${f.percent(below)}.`,
    trainDerailed: ({ train, server, station }) =>
      `Train ${train} on ${server} derailed${station ? ` after ${station}` : ''}.`,
    addonLost: ({ server, reason }) =>
      `Ficsit Remote Monitoring stopped answering on ${server} (${reason}): power, players and production are not updated.`,
    productionDeficit: ({ item, server, produced, consumed }, f) =>
      `${server} consumes ${f.number(consumed)}/min of ${item} but produces ${f.number(produced)}/min: its stock runs down.`,
    capacityUnderused: ({ circuit, server, consumed, capacity, below }, f) =>
      `Circuit ${circuit} on ${server} uses ${f.mw(consumed)} of its capacity of ${f.mw(capacity)}, less than ${f.percent(below)}.`,
    batteryEmptySoon: ({ circuit, server, seconds, percent }, f) =>
      `The batteries of circuit ${circuit} on ${server} are discharging and will be empty in ${f.duration(seconds)} (now at ${f.percent(percent)}): then the fuse trips.`,
    capacityHeadroom: ({ circuit, server, capacity, peak, factor, minutes }, f) =>
      `Circuit ${circuit} on ${server} has a capacity of ${f.mw(capacity)}, less than ${f.number(factor)} × its peak consumption of ${f.mw(peak)} in the last ${f.minutes(minutes)}.`,
    generatorFuel: ({ generator, server, fuel, why, seconds }, f) => {
      const what = `${generator} on ${server}`;
      if (why === 'cannotStart') return `${what} cannot start: it produces no power.`;
      if (why === 'empty') return `${what} is out of fuel${fuel ? ` (${fuel})` : ''}: it produces no power.`;
      return `${what} has fuel${fuel ? ` (${fuel})` : ''} for ${seconds === null ? '?' : f.duration(seconds)} at its current output.`;
    },
    extractorStopped: ({ extractor, server, resource }) =>
      `${extractor} on ${server}${resource ? ` (${resource})` : ''} is configured and not paused but produces nothing: no power, or its output is full.`,
    droneStationStopped: ({ station, server, why, seconds }, f) => {
      if (why === 'noDrone') return `Drone port ${station} on ${server} has no drone: nothing flies from it.`;
      if (why === 'noFuel') return `The drone of port ${station} on ${server} is out of fuel and cannot fly.`;
      return `The drone of port ${station} on ${server} has fuel for ${seconds === null ? '?' : f.duration(seconds)} at its estimated rate.`;
    },
    stockEmptySoon: ({ item, server, amount, deficit, seconds }, f) =>
      `${server} has ${f.number(amount)} ${item} in stock and consumes ${f.number(deficit)}/min more than it produces: empty in ${f.duration(seconds)}.`,
    sinkPointsLow: ({ server, perMinute, below }, f) =>
      `The AWESOME Sink on ${server} earns ${f.number(perMinute)} points/min, less than ${f.number(below)}.`,
    sessionChanged: ({ server, from, to }) =>
      `${server} loaded the save ${to}${from ? ` (it ran ${from} before)` : ''}: charts start new series for it.`,
    players: ({ joined, names, count, server, online }, f) => {
      const who = names.length > 0 ? f.list(names) : count === 1 ? 'A player' : `${count} players`;
      return `${who} ${joined ? 'joined' : 'left'} ${server}. ${online ?? '?'} online now.`;
    },
    backOnline: ({ server, duration }) => `${server} is back online after ${duration} down.`,
    recoveredAfter: ({ subject, recovery, duration, worst }) =>
      `${subject}: ${recovery.toLowerCase()} after ${duration}.${worst === null ? '' : ` Worst: ${worst}.`}`,
    measured: measuredWith('players'),
    stillFiring: ({ duration, then }) => `Still firing since ${duration} ago. ${then}`,
    test: ({ channel }) => `This is a test of the "${channel}" channel. When a rule fires, alerts will look like this.`,
    tickRateValue: ({ tick, limit }, f) => `${f.number(tick)}/s (threshold ${f.number(limit)}/s)`,
    countValue: ({ count, limit }) => `${count} (threshold ${limit})`,
  },
};
