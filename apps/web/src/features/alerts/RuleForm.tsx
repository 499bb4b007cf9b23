// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useId, useState, type FormEvent } from 'react';
import { ErrorNote } from '../../components/ui';
import { useAction } from '../../lib/useApi';
import { fieldErrors, seconds } from './common';
import { SEVERITIES, type Channel, type Rule, type RuleInput, type RuleKind, type Severity } from './model';

const REPEATS = [0, 300, 900, 1800, 3600, 4 * 3600, 12 * 3600, 86_400];

/** The starting values of a new rule of this kind (the catalogue's defaults). */
export function ruleDefaults(kind: RuleKind): RuleInput {
  return {
    kind: kind.kind,
    name: kind.title,
    severity: kind.severity,
    params: Object.fromEntries(kind.params.filter((p) => p.default !== null).map((p) => [p.name, p.default!])),
    pending_polls: kind.defaults.pending_polls,
    pending_seconds: kind.defaults.pending_seconds,
    repeat_seconds: 0,
    notify_on_recovery: !kind.event,
    enabled: true,
    channel_ids: null,
  };
}

function NumberField(p: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  help?: string;
  error?: string | null;
  min: number;
  max: number;
  step: number | 'any';
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{p.label}</label>
      <input
        id={id}
        type="number"
        inputMode={p.step === 1 ? 'numeric' : 'decimal'}
        min={p.min}
        max={p.max}
        step={p.step}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={[p.help ? `${id}-help` : '', p.error ? `${id}-err` : ''].join(' ').trim() || undefined}
        data-testid={p.testId}
      />
      {p.help && (
        <p className="field-help" id={`${id}-help`}>
          {p.help}
        </p>
      )}
      {p.error && (
        <p className="field-error" id={`${id}-err`}>
          {p.error}
        </p>
      )}
    </div>
  );
}

function numberProblem(raw: string, min: number, max: number, integer: boolean): string | null {
  if (raw.trim() === '') return 'Enter a number.';
  const n = Number(raw);
  if (!Number.isFinite(n)) return 'Enter a number.';
  if (integer && !Number.isInteger(n)) return 'Enter a whole number.';
  if (n < min || n > max) return `From ${min} to ${max}.`;
  return null;
}

const repeatLabel = (s: number) => (s === 0 ? 'Never' : `Every ${seconds(s)}`);

/**
 * A rule's settings, generated from its kind's parameters: thresholds, pending period, confirming polls, repeat,
 * recovery notice, channels. `onSave` gets only what changed (for a new rule: everything).
 */
export function RuleForm(p: {
  kind: RuleKind;
  rule?: Rule;
  channels: Channel[];
  onSave: (body: Partial<RuleInput>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const start: RuleInput = p.rule
    ? {
        name: p.rule.name,
        severity: p.rule.severity,
        params: p.rule.params,
        pending_polls: p.rule.pending_polls,
        pending_seconds: p.rule.pending_seconds,
        repeat_seconds: p.rule.repeat_seconds,
        notify_on_recovery: p.rule.notify_on_recovery,
        enabled: p.rule.enabled,
        channel_ids: p.rule.channel_ids,
      }
    : ruleDefaults(p.kind);
  const act = useAction();
  const [name, setName] = useState(start.name);
  const [severity, setSeverity] = useState<Severity>(start.severity);
  const [params, setParams] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      p.kind.params.map((x) => [x.name, start.params[x.name] === undefined ? '' : String(start.params[x.name])]),
    ),
  );
  const [pendingSeconds, setPendingSeconds] = useState(String(start.pending_seconds));
  const [pendingPolls, setPendingPolls] = useState(String(start.pending_polls));
  const [repeat, setRepeat] = useState(start.repeat_seconds);
  const [recovery, setRecovery] = useState(start.notify_on_recovery);
  const [enabled, setEnabled] = useState(start.enabled);
  const [allChannels, setAllChannels] = useState(start.channel_ids === null);
  const [chosen, setChosen] = useState<string[]>(start.channel_ids ?? []);
  const [shown, setShown] = useState(false);
  const remote = fieldErrors(act.error);

  const local: Record<string, string | null> = {
    name: name.trim() ? null : 'Give the rule a name.',
    pending_seconds: numberProblem(pendingSeconds, 0, 86_400, true),
    pending_polls: numberProblem(pendingPolls, 1, 100, true),
  };
  for (const x of p.kind.params)
    local[`params.${x.name}`] = numberProblem(params[x.name] ?? '', x.min, x.max, x.type === 'integer');
  const problem = (k: string) => (shown ? local[k] : null) ?? remote[k] ?? null;
  const invalid = Object.values(local).some(Boolean);
  const repeats = REPEATS.includes(repeat) ? REPEATS : [...REPEATS, repeat].sort((a, b) => a - b);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (invalid) return;
    const next: RuleInput = {
      name: name.trim(),
      severity,
      params: Object.fromEntries(p.kind.params.map((x) => [x.name, Number(params[x.name])])),
      pending_seconds: Number(pendingSeconds),
      pending_polls: Number(pendingPolls),
      repeat_seconds: repeat,
      notify_on_recovery: recovery,
      enabled,
      channel_ids: allChannels ? null : chosen,
    };
    let body: Partial<RuleInput>;
    if (!p.rule) body = { kind: p.kind.kind, ...next };
    else {
      // Only what changed: a change of thresholds closes what is pending or firing, a change of the period does not.
      body = {};
      for (const k of Object.keys(next) as (keyof RuleInput)[])
        if (JSON.stringify(next[k]) !== JSON.stringify(start[k])) (body as Record<string, unknown>)[k] = next[k];
      if (Object.keys(body).length === 0) return p.onCancel();
    }
    void act.run(() => p.onSave(body));
  };

  return (
    <form onSubmit={submit} noValidate className="alerts-rule-form" data-testid="rule-form" data-kind={p.kind.kind}>
      <p className="muted">
        {p.kind.description}
        {p.kind.requires_addon &&
          !/add-on/i.test(p.kind.description) &&
          ' It works only on servers with the Ficsit Remote Monitoring add-on.'}
        {p.kind.per_instance && ' It fires separately for each circuit, train or player.'}
      </p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="rule-name">Name</label>
          <input
            id="rule-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            aria-invalid={problem('name') ? true : undefined}
          />
          {problem('name') && <p className="field-error">{problem('name')}</p>}
        </div>
        <div className="field">
          <label htmlFor="rule-severity">Severity</label>
          <select id="rule-severity" value={severity} onChange={(e) => setSeverity(e.target.value as Severity)}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {p.kind.params.map((x) => (
          <NumberField
            key={x.name}
            label={`${x.label}${x.unit ? ` (${x.unit})` : ''}`}
            value={params[x.name] ?? ''}
            onChange={(v) => setParams((o) => ({ ...o, [x.name]: v }))}
            min={x.min}
            max={x.max}
            step={x.type === 'integer' ? 1 : 'any'}
            help={`From ${x.min} to ${x.max}${x.default !== null ? `; default ${x.default}` : ''}.`}
            error={problem(`params.${x.name}`)}
            testId={`rule-param-${x.name}`}
          />
        ))}
        {!p.kind.event && (
          <>
            <NumberField
              label="Pending period (seconds)"
              value={pendingSeconds}
              onChange={setPendingSeconds}
              min={0}
              max={86_400}
              step={1}
              help={`How long the problem must last before the alert fires; 0 fires at once. Default ${p.kind.defaults.pending_seconds} s.`}
              error={problem('pending_seconds')}
              testId="rule-pending-seconds"
            />
            <NumberField
              label="Confirming polls"
              value={pendingPolls}
              onChange={setPendingPolls}
              min={1}
              max={100}
              step={1}
              help={`Polls in a row that must show the problem as well. Default ${p.kind.defaults.pending_polls}.`}
              error={problem('pending_polls')}
              testId="rule-pending-polls"
            />
          </>
        )}
        <div className="field">
          <label htmlFor="rule-repeat">Remind while it lasts</label>
          <select id="rule-repeat" value={repeat} onChange={(e) => setRepeat(Number(e.target.value))}>
            {repeats.map((s) => (
              <option key={s} value={s}>
                {repeatLabel(s)}
              </option>
            ))}
          </select>
          {remote.repeat_seconds && <p className="field-error">{remote.repeat_seconds}</p>}
        </div>
        <div className="field alerts-checks">
          {!p.kind.event && (
            <label>
              <input type="checkbox" checked={recovery} onChange={(e) => setRecovery(e.target.checked)} /> Notify when
              it recovers
            </label>
          )}
          <label>
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
          </label>
        </div>
      </div>
      <fieldset className="settings-checks alerts-channels">
        <legend>Send to</legend>
        <label>
          <input type="radio" name="rule-channels" checked={allChannels} onChange={() => setAllChannels(true)} /> All
          channels (also ones added later)
        </label>
        <label>
          <input type="radio" name="rule-channels" checked={!allChannels} onChange={() => setAllChannels(false)} /> Only
          these:
        </label>
        {!allChannels &&
          (p.channels.length === 0 ? (
            <span className="muted small">No channels yet: add one under Alerts › Channels.</span>
          ) : (
            p.channels.map((c) => (
              <label key={c.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(c.id)}
                  onChange={(e) => setChosen((l) => (e.target.checked ? [...l, c.id] : l.filter((x) => x !== c.id)))}
                />{' '}
                {c.name}
              </label>
            ))
          ))}
        {!allChannels && chosen.length === 0 && p.channels.length > 0 && (
          <span className="muted small">None chosen: the rule records incidents without notifying anyone.</span>
        )}
      </fieldset>
      {remote.channel_ids && <p className="field-error">{remote.channel_ids}</p>}
      {act.error && <ErrorNote error={act.error} />}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
          {act.pending ? 'Saving…' : p.rule ? 'Save rule' : 'Add rule'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={p.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
