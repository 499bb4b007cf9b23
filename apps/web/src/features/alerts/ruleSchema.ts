import type { TFunction } from 'i18next';
import { z } from 'zod';
import { num } from '../../lib/format';
import { SEVERITIES, type NewRule, type ParamSpec, type Rule, type RuleKind } from './model';

/**
 * The rule form's schema, built at run time from the kind's parameter specs (`GET /api/v1/alert-rule-kinds`): each
 * threshold a number within the spec's min and max (whole for integer ones; required unless the kind has a default),
 * and the fields every rule has, with the api-gateway's bounds (apps/api-gateway/src/alerts/alerts.schemas.ts).
 * Inputs hold text; the schema's output is the API's body.
 */

/** The choices of "Remind while it lasts" (seconds; 0 = never). */
export const REPEATS = [0, 300, 900, 1800, 3600, 4 * 3600, 12 * 3600, 86_400];

export interface NumberRule {
  min: number;
  max: number;
  integer: boolean;
  required: boolean;
}

/** A number typed into a text field: '' is "not given" (an error when required), else a number within bounds. */
export function numberText(t: TFunction, rule: NumberRule) {
  return z.string().transform((raw, ctx): number | undefined => {
    const text = raw.trim();
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return rule.required ? problem(t('alerts:ruleForm.errors.required')) : undefined;
    const n = Number(text);
    if (!Number.isFinite(n)) return problem(t('alerts:ruleForm.errors.number'));
    if (rule.integer && !Number.isInteger(n)) return problem(t('alerts:ruleForm.errors.whole'));
    if (n < rule.min || n > rule.max)
      return problem(t('alerts:ruleForm.errors.range', { min: num(rule.min, 6), max: num(rule.max, 6) }));
    return n;
  });
}

const paramRule = (p: ParamSpec): NumberRule => ({
  min: p.min,
  max: p.max,
  integer: p.type === 'integer',
  required: p.required,
});

export function ruleSchema(kind: RuleKind, t: TFunction) {
  const params = z.object(Object.fromEntries(kind.params.map((p) => [p.name, numberText(t, paramRule(p))])));
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, t('alerts:ruleForm.errors.name'))
        .max(100, t('alerts:ruleForm.errors.tooLong', { max: 100 })),
      severity: z.enum(SEVERITIES, { error: t('alerts:ruleForm.errors.severity') }),
      params,
      pending_seconds: numberText(t, { min: 0, max: 86_400, integer: true, required: true }),
      pending_polls: numberText(t, { min: 1, max: 100, integer: true, required: true }),
      repeat_seconds: z.string().regex(/^\d+$/).transform(Number),
      notify_on_recovery: z.boolean(),
      enabled: z.boolean(),
      channels: z.enum(['all', 'some']),
      channel_ids: z.array(z.string()),
    })
    .transform(({ channels, channel_ids, params, ...rest }): Required<Omit<NewRule, 'kind'>> => ({
      ...rest,
      // A parameter left empty is left out: the kind's default applies.
      params: Object.fromEntries(Object.entries(params).filter((e): e is [string, number] => e[1] !== undefined)),
      pending_seconds: rest.pending_seconds ?? 0,
      pending_polls: rest.pending_polls ?? 1,
      channel_ids: channels === 'all' ? null : channel_ids,
    }));
}

export type RuleFormValues = z.input<ReturnType<typeof ruleSchema>>;
export type RuleFormOutput = z.output<ReturnType<typeof ruleSchema>>;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's starting values: the rule as it is, or a new rule with the catalogue's defaults. */
export function ruleFormValues(kind: RuleKind, rule: Rule | undefined, name: string): RuleFormValues {
  return {
    name: rule?.name ?? name,
    severity: rule?.severity ?? kind.severity,
    params: Object.fromEntries(kind.params.map((p) => [p.name, text(rule ? rule.params[p.name] : p.default)])),
    pending_seconds: text(rule?.pending_seconds ?? kind.defaults.pending_seconds),
    pending_polls: text(rule?.pending_polls ?? kind.defaults.pending_polls),
    repeat_seconds: text(rule?.repeat_seconds ?? 0),
    notify_on_recovery: rule?.notify_on_recovery ?? !kind.event,
    enabled: rule?.enabled ?? true,
    channels: rule && rule.channel_ids !== null ? 'some' : 'all',
    channel_ids: rule?.channel_ids ?? [],
  };
}

/**
 * The body of a change: only what differs from the rule (a change of thresholds closes what is pending or firing,
 * a change of the pending period does not); null when nothing changed.
 */
export function ruleChanges(rule: Rule, next: RuleFormOutput): Partial<RuleFormOutput> | null {
  const before: RuleFormOutput = {
    name: rule.name,
    severity: rule.severity,
    params: rule.params,
    pending_seconds: rule.pending_seconds,
    pending_polls: rule.pending_polls,
    repeat_seconds: rule.repeat_seconds,
    notify_on_recovery: rule.notify_on_recovery,
    enabled: rule.enabled,
    channel_ids: rule.channel_ids,
  };
  const changed = (Object.keys(next) as (keyof RuleFormOutput)[]).filter((k) => !same(next[k], before[k]));
  return changed.length === 0 ? null : Object.fromEntries(changed.map((k) => [k, next[k]]));
}

/** Equal values; the thresholds whatever the order of their keys, the channels whatever their order. */
function same(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown) =>
    JSON.stringify(Array.isArray(v) ? [...v].sort() : v && typeof v === 'object' ? Object.entries(v).sort() : v);
  return canonical(a) === canonical(b);
}

/** The form field an API body path belongs to (`params.below` is the threshold's own field). */
export function ruleFieldOf(path: string): string | null {
  if (path.startsWith('params.') || path in FIELDS) return path;
  return null;
}
const FIELDS = {
  name: 1,
  severity: 1,
  pending_seconds: 1,
  pending_polls: 1,
  repeat_seconds: 1,
  channel_ids: 1,
};
