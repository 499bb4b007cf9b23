import { describe, expect, it } from 'vitest';
import type { Rule, RuleKind } from '../../src/features/alerts/model';
import { ruleChanges, ruleFormValues, ruleSchema } from '../../src/features/alerts/ruleSchema';
import { i18n } from '../../src/lib/i18n';

/** The rule form's schema is built from the kind's parameter specs as `GET /api/v1/alert-rule-kinds` sends them. */
const t = i18n.getFixedT('en', 'alerts');

const kind = (over: Partial<RuleKind> = {}): RuleKind => ({
  kind: 'battery_below',
  title: 'Battery low',
  description: "A circuit's power storage is below the threshold. Needs the add-on.",
  severity: 'warning',
  per_instance: true,
  event: false,
  requires_addon: true,
  params: [
    {
      name: 'percent',
      label: 'Below',
      type: 'number',
      unit: '%',
      min: 0,
      max: 100,
      default: 20,
      required: false,
    },
  ],
  defaults: { pending_seconds: 0, pending_polls: 1 },
  ...over,
});

const playersAbove = kind({
  kind: 'player_count_above',
  title: 'Many players',
  severity: 'info',
  per_instance: false,
  requires_addon: false,
  params: [
    {
      name: 'above',
      label: 'Above',
      type: 'integer',
      unit: 'players',
      min: 0,
      max: 1000,
      default: null,
      required: true,
    },
  ],
});

const parse = (k: RuleKind, change: Record<string, unknown> = {}, params: Record<string, string> = {}) => {
  const start = ruleFormValues(k, undefined, k.title);
  return ruleSchema(k, t).safeParse({ ...start, ...change, params: { ...start.params, ...params } });
};
const problems = (result: ReturnType<typeof parse>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));

describe('the rule form schema, built from the param specs', () => {
  it('starts from the catalogue defaults and sends the API body', () => {
    const result = parse(kind());
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Battery low',
      severity: 'warning',
      params: { percent: 20 },
      pending_seconds: 0,
      pending_polls: 1,
      repeat_seconds: 0,
      notify_on_recovery: true,
      enabled: true,
      channel_ids: null,
    });
  });

  it("keeps every threshold within its spec's min and max", () => {
    expect(problems(parse(kind(), {}, { percent: '101' }))).toEqual({ 'params.percent': 'From 0 to 100.' });
    expect(problems(parse(kind(), {}, { percent: '-1' }))).toEqual({ 'params.percent': 'From 0 to 100.' });
    expect(parse(kind(), {}, { percent: '100' }).data?.params).toEqual({ percent: 100 });
    expect(parse(kind(), {}, { percent: '12.5' }).data?.params).toEqual({ percent: 12.5 });
  });

  it('asks for a whole number where the spec is an integer', () => {
    expect(problems(parse(playersAbove, {}, { above: '2.5' }))).toEqual({ 'params.above': 'Enter a whole number.' });
    expect(parse(playersAbove, {}, { above: '3' }).data?.params).toEqual({ above: 3 });
  });

  it('requires a threshold without a default; one with a default may be left empty (the default applies)', () => {
    expect(problems(parse(playersAbove))).toEqual({ 'params.above': 'Enter a number.' });
    expect(parse(kind(), {}, { percent: '' }).data?.params).toEqual({});
  });

  it('rejects what is not a number', () => {
    expect(problems(parse(playersAbove, {}, { above: 'many' }))).toEqual({ 'params.above': 'Enter a number.' });
  });

  it('checks severity, name, pending period and confirming polls with the API bounds', () => {
    expect(
      problems(parse(kind(), { severity: 'fatal', name: '  ', pending_seconds: '86401', pending_polls: '0' })),
    ).toEqual({
      name: 'Give the rule a name.',
      severity: 'Choose a severity.',
      pending_seconds: 'From 0 to 86,400.',
      pending_polls: 'From 1 to 100.',
    });
    expect(parse(kind(), { severity: 'critical' }).data?.severity).toBe('critical');
  });

  it('builds a field for every param of the kind, and none for a kind without params', () => {
    const two = kind({
      params: [
        { name: 'a', label: 'A', type: 'number', unit: null, min: 1, max: 2, default: null, required: true },
        { name: 'b', label: 'B', type: 'integer', unit: null, min: 5, max: 9, default: 7, required: false },
      ],
    });
    expect(problems(parse(two, {}, { a: '3', b: '4' }))).toEqual({
      'params.a': 'From 1 to 2.',
      'params.b': 'From 5 to 9.',
    });
    expect(parse(kind({ params: [] })).data?.params).toEqual({});
  });

  it('speaks the reader’s language', () => {
    const german = ruleSchema(playersAbove, i18n.getFixedT('de', 'alerts'));
    return i18n.loadLanguages('de').then(() => {
      const start = ruleFormValues(playersAbove, undefined, 'x');
      const result = german.safeParse({ ...start, params: { above: '1.5' } });
      expect(result.error?.issues[0]?.message).toBe('Gib eine ganze Zahl ein.');
    });
  });

  it('sends "only these channels" as their ids, "all channels" as null', () => {
    expect(parse(kind(), { channels: 'some', channel_ids: ['c1'] }).data?.channel_ids).toEqual(['c1']);
    expect(parse(kind(), { channels: 'all', channel_ids: ['c1'] }).data?.channel_ids).toBeNull();
  });
});

describe('a changed rule sends only what changed', () => {
  const rule: Rule = {
    id: 'r1',
    server_id: 's1',
    kind: 'battery_below',
    name: 'Battery low',
    severity: 'warning',
    params: { percent: 20 },
    pending_polls: 1,
    pending_seconds: 0,
    repeat_seconds: 0,
    notify_on_recovery: true,
    enabled: true,
    preset: false,
    channel_ids: ['b', 'a'],
    state: 'ok',
    firing: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
  const edit = (change: Record<string, unknown>) => {
    const start = ruleFormValues(kind(), rule, 'unused');
    const out = ruleSchema(kind(), t).parse({ ...start, ...change });
    return ruleChanges(rule, out);
  };

  it('starts from the rule as it is and finds nothing changed', () => {
    expect(ruleFormValues(kind(), rule, 'unused')).toMatchObject({ channels: 'some', params: { percent: '20' } });
    expect(edit({})).toBeNull();
    expect(edit({ channel_ids: ['a', 'b'] })).toBeNull();
  });

  it('names the changed fields only', () => {
    expect(edit({ pending_seconds: '60', params: { percent: '30' } })).toEqual({
      pending_seconds: 60,
      params: { percent: 30 },
    });
  });
});
