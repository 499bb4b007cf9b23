// The types of the rule kinds (rule-kinds.ts holds the catalogue, rules.ts what is derived from it).
import type { Severity } from '@app/contracts';

/** What a rule watches: the confirmed status, health polls, or one of the add-on's kinds (a poll kind's name). */
export type RuleSource =
  | 'status'
  | 'health'
  | 'players'
  | 'power'
  | 'trains'
  | 'addon'
  | 'production'
  | 'generators'
  | 'extractors'
  | 'drone_stations'
  | 'inventory'
  | 'resource_sink'
  | 'session';

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
  | 'addon_lost'
  | 'production_deficit'
  | 'capacity_underused'
  | 'battery_empty_soon'
  | 'capacity_headroom'
  | 'generator_fuel_low'
  | 'extractor_stopped'
  | 'drone_station_stopped'
  | 'stock_empty_soon'
  | 'sink_points_below'
  | 'session_changed';

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
  /** Evaluated per circuit / train / item / generator / extractor / station rather than once per server. */
  perInstance: boolean;
  /** A one-off event (player joined): fires once and resolves at once, no recovery notice. */
  event: boolean;
  requiresAddon: boolean;
  params: ParamSpec[];
  /** Defaults of a new rule of this kind. */
  defaults: { pendingSeconds: number; pendingPolls: number };
}
