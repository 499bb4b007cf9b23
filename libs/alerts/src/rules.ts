import type { Severity } from '@app/contracts';
import { z } from 'zod';
import { KINDS } from './rule-kinds';

export type { ParamSpec, RuleKindName, RuleKindSpec, RuleSource } from './rule-types';
import type { RuleKindName, RuleKindSpec } from './rule-types';

/** Every rule kind by its name. */
export const RULE_KINDS: Readonly<Record<string, RuleKindSpec>> = Object.freeze(
  Object.fromEntries(KINDS.map((k) => [k.kind, k])),
);
export const RULE_KIND_NAMES = KINDS.map((k) => k.kind) as [RuleKindName, ...RuleKindName[]];

/**
 * The rules every new server gets; they can be changed or switched off. Besides the server's own health, the ones
 * that warn before the factory stops: power running out (fuse, batteries, generator fuel) and drones grounded.
 */
export const PRESET_KINDS = [
  'server_offline',
  'degraded',
  'fuse_tripped',
  'battery_empty_soon',
  'generator_fuel_low',
  'drone_station_stopped',
] as const;

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
