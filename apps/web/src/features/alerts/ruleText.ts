import type { TFunction } from 'i18next';
import { num } from '../../lib/format';
import { secondsText } from './common';
import type { ParamSpec, Rule, RuleKind } from './model';

/**
 * A rule kind's words in the reader's language. The catalogue (`GET /api/v1/alert-rule-kinds`) speaks English; the
 * `alerts` namespace has each known kind's title, description and parameter labels, and a kind it does not know yet
 * keeps the API's words.
 */
export const kindTitle = (t: TFunction, kind: Pick<RuleKind, 'kind' | 'title'>): string =>
  t(`alerts:ruleKinds.${kind.kind}.title`, { defaultValue: kind.title });

export const kindDescription = (t: TFunction, kind: RuleKind): string =>
  t(`alerts:ruleKinds.${kind.kind}.description`, { defaultValue: kind.description });

export const paramLabel = (t: TFunction, kind: string, p: Pick<ParamSpec, 'name' | 'label'>): string =>
  t(`alerts:ruleKinds.${kind}.params.${p.name}`, { defaultValue: p.label });

/** The catalogue's units by the key of their words ("players" is a word; the symbols stay as they are). */
const UNIT_KEYS: Record<string, string> = { players: 'players', s: 'seconds', '/s': 'perSecond', '%': 'percent' };
export const unitText = (t: TFunction, unit: string | null): string | null =>
  unit === null ? null : UNIT_KEYS[unit] ? t(`alerts:units.${UNIT_KEYS[unit]}`) : unit;

/** The thresholds of a rule in words, from its kind's parameters ("Tick rate below 15 /s"). */
export function thresholds(t: TFunction, rule: Rule, kind: RuleKind | undefined): string {
  const specs: Pick<ParamSpec, 'name' | 'label' | 'unit'>[] =
    kind?.params ?? Object.keys(rule.params).map((name) => ({ name, label: name, unit: null }));
  if (specs.length === 0) return '—';
  return specs
    .map((s) => {
      const value = rule.params[s.name];
      const unit = unitText(t, s.unit);
      return `${paramLabel(t, rule.kind, s)} ${value === undefined ? '—' : num(value, 6)}${unit ? ` ${unit}` : ''}`;
    })
    .join(', ');
}

/** "1 min · 2 polls". */
export const pendingText = (t: TFunction, rule: Rule): string =>
  `${secondsText(t, rule.pending_seconds)} · ${t('alerts:rules.polls', { count: rule.pending_polls })}`;

/** "Never", "Every 5 min". */
export const repeatText = (t: TFunction, seconds: number): string =>
  seconds === 0 ? t('alerts:rules.never') : t('alerts:rules.every', { span: secondsText(t, seconds) });
