import type { Severity } from '@app/contracts';
import { z } from 'zod';

/** What a rule watches: the confirmed status, health polls, or one of the add-on's kinds. */
export type RuleSource = 'status' | 'health' | 'players' | 'power' | 'trains' | 'addon';

/** One parameter of a rule kind, described for forms and the API catalogue. */
export interface ParamSpec {
  name: string;
  label: string;
  type: 'number' | 'integer';
  unit: string | null;
  min: number;
  max: number;
  default: number | null;
  required: boolean;
}

/** The name of every rule kind (the catalogue of each language in i18n/ has words for each). */
export type RuleKindName =
  | 'server_offline'
  | 'degraded'
  | 'tick_rate_below'
  | 'player_joined'
  | 'player_left'
  | 'player_count_above'
  | 'player_count_below'
  | 'fuse_tripped'
  | 'battery_below'
  | 'battery_draining'
  | 'power_over_capacity'
  | 'train_derailed'
  | 'addon_lost';

/** A rule kind: what it watches, how it is named, how bad it is by default, and its parameters. */
export interface RuleKindSpec {
  kind: RuleKindName;
  /** The kind's name in English (the API's catalogue and a preset rule's name); i18n/ says it in other languages. */
  title: string;
  description: string;
  /** Headline of the recovery notice, in English. */
  recoveryTitle: string;
  source: RuleSource;
  severity: Severity;
  /** Evaluated per circuit / train / player rather than once per server. */
  perInstance: boolean;
  /** A one-off event (player joined): fires once and resolves at once, no recovery notice. */
  event: boolean;
  requiresAddon: boolean;
  params: ParamSpec[];
  /** Defaults of a new rule of this kind. */
  defaults: { pendingSeconds: number; pendingPolls: number };
}

const num = (
  name: string,
  label: string,
  unit: string | null,
  min: number,
  max: number,
  def: number | null,
  type: 'number' | 'integer' = 'number',
): ParamSpec => ({ name, label, type, unit, min, max, default: def, required: def === null });

const kinds: RuleKindSpec[] = [
  {
    kind: 'server_offline',
    title: 'Server offline',
    description:
      'The game port does not answer (confirmed by two polls). The recovery notice says "back online" with the downtime.',
    recoveryTitle: 'Back online',
    source: 'status',
    severity: 'critical',
    perInstance: false,
    event: false,
    requiresAddon: false,
    params: [],
    defaults: { pendingSeconds: 60, pendingPolls: 1 },
  },
  {
    kind: 'degraded',
    title: 'Server degraded',
    description: 'The server is up but its average tick rate stays below the threshold (the game runs at 30/s).',
    recoveryTitle: 'Tick rate recovered',
    source: 'health',
    severity: 'warning',
    perInstance: false,
    event: false,
    requiresAddon: false,
    params: [num('tick_rate_below', 'Tick rate below', '/s', 1, 60, 15)],
    defaults: { pendingSeconds: 120, pendingPolls: 2 },
  },
  {
    kind: 'tick_rate_below',
    title: 'Tick rate low',
    description: 'The average tick rate is below a threshold of your choice.',
    recoveryTitle: 'Tick rate recovered',
    source: 'health',
    severity: 'info',
    perInstance: false,
    event: false,
    requiresAddon: false,
    params: [num('below', 'Below', '/s', 1, 60, null)],
    defaults: { pendingSeconds: 0, pendingPolls: 2 },
  },
  {
    kind: 'player_joined',
    title: 'Player joined',
    description: 'Someone joined (by name with the add-on; otherwise from the player count).',
    recoveryTitle: '',
    source: 'players',
    severity: 'info',
    perInstance: true,
    event: true,
    requiresAddon: false,
    params: [],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'player_left',
    title: 'Player left',
    description: 'Someone left (by name with the add-on; otherwise from the player count).',
    recoveryTitle: '',
    source: 'players',
    severity: 'info',
    perInstance: true,
    event: true,
    requiresAddon: false,
    params: [],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'player_count_above',
    title: 'Many players',
    description: 'More players than the threshold are online.',
    recoveryTitle: 'Player count back to normal',
    source: 'health',
    severity: 'info',
    perInstance: false,
    event: false,
    requiresAddon: false,
    params: [num('above', 'Above', 'players', 0, 1000, null, 'integer')],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'player_count_below',
    title: 'Few players',
    description: 'Fewer players than the threshold are online.',
    recoveryTitle: 'Player count back to normal',
    source: 'health',
    severity: 'info',
    perInstance: false,
    event: false,
    requiresAddon: false,
    params: [num('below', 'Below', 'players', 1, 1000, null, 'integer')],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'fuse_tripped',
    title: 'Fuse tripped',
    description: "A power circuit's fuse blew: the factory on it stopped. Needs the add-on.",
    recoveryTitle: 'Fuse reset',
    source: 'power',
    severity: 'critical',
    perInstance: true,
    event: false,
    requiresAddon: true,
    params: [],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'battery_below',
    title: 'Battery low',
    description: "A circuit's power storage is below the threshold. Needs the add-on.",
    recoveryTitle: 'Battery recovered',
    source: 'power',
    severity: 'warning',
    perInstance: true,
    event: false,
    requiresAddon: true,
    params: [num('percent', 'Below', '%', 0, 100, 20)],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'battery_draining',
    title: 'Battery draining',
    description: "A circuit's power storage keeps discharging for the given time. Needs the add-on.",
    recoveryTitle: 'Battery no longer draining',
    source: 'power',
    severity: 'warning',
    perInstance: true,
    event: false,
    requiresAddon: true,
    params: [num('for_seconds', 'For at least', 's', 0, 86_400, 600, 'integer')],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'power_over_capacity',
    title: 'Power over capacity',
    description: 'A circuit consumes more than its generators produce at full capacity. Needs the add-on.',
    recoveryTitle: 'Power within capacity',
    source: 'power',
    severity: 'warning',
    perInstance: true,
    event: false,
    requiresAddon: true,
    params: [],
    defaults: { pendingSeconds: 0, pendingPolls: 2 },
  },
  {
    kind: 'train_derailed',
    title: 'Train derailed',
    description: 'A train derailed. Needs the add-on.',
    recoveryTitle: 'Train back on track',
    source: 'trains',
    severity: 'warning',
    perInstance: true,
    event: false,
    requiresAddon: true,
    params: [],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
  {
    kind: 'addon_lost',
    title: 'Add-on lost',
    description:
      'Ficsit Remote Monitoring stopped answering after it had answered before: power, players and production go dark.',
    recoveryTitle: 'Add-on back',
    source: 'addon',
    severity: 'warning',
    perInstance: false,
    event: false,
    requiresAddon: false,
    params: [],
    defaults: { pendingSeconds: 0, pendingPolls: 1 },
  },
];

/** Every rule kind by its name. */
export const RULE_KINDS: Readonly<Record<string, RuleKindSpec>> = Object.freeze(
  Object.fromEntries(kinds.map((k) => [k.kind, k])),
);
export const RULE_KIND_NAMES = kinds.map((k) => k.kind) as [RuleKindName, ...RuleKindName[]];

/** The rules every new server gets; they can be changed or switched off. */
export const PRESET_KINDS = ['server_offline', 'degraded', 'fuse_tripped'] as const;

/** The parameter schema of a rule kind: known parameters only, each within its range, defaults filled in. */
export function paramsSchema(spec: RuleKindSpec): z.ZodType<Record<string, number>> {
  const shape: Record<string, z.ZodType<number | undefined>> = {};
  for (const p of spec.params) {
    const field = (p.type === 'integer' ? z.int() : z.number())
      .min(p.min, `must be at least ${p.min}`)
      .max(p.max, `must be at most ${p.max}`);
    shape[p.name] = p.default === null ? field : field.default(p.default);
  }
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, number>>;
}

/** A preset rule as it is stored for a new server. */
export interface PresetRule {
  kind: string;
  name: string;
  severity: Severity;
  params: Record<string, number>;
  pendingSeconds: number;
  pendingPolls: number;
}

/** The preset rules of a new server. */
export function presetRules(): PresetRule[] {
  return PRESET_KINDS.map((kind) => {
    const spec = RULE_KINDS[kind]!;
    return {
      kind,
      name: spec.title,
      severity: spec.severity,
      params: paramsSchema(spec).parse({}),
      pendingSeconds: spec.defaults.pendingSeconds,
      pendingPolls: spec.defaults.pendingPolls,
    };
  });
}
