import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useController, useForm, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { num } from '../../lib/format';
import { applyApiErrors, FieldGroup, FormField } from './FormField';
import { SEVERITIES, type Channel, type NewRule, type Rule, type RuleKind } from './model';
import { useRuleMutations } from './mutations';
import { failureOf } from './queries';
import {
  REPEATS,
  ruleChanges,
  ruleFieldOf,
  ruleFormValues,
  ruleSchema,
  type RuleFormOutput,
  type RuleFormValues,
} from './ruleSchema';
import { kindDescription, kindTitle, paramLabel, repeatText, unitText } from './ruleText';

/**
 * A rule's settings, generated from its kind's parameters: thresholds, pending period, confirming polls, repeat,
 * recovery notice, channels. A new rule sends everything; a changed one only what changed.
 */
export function RuleForm(p: {
  serverId: string;
  kind: RuleKind;
  rule?: Rule;
  channels: Channel[];
  /** Saved (with the notice to show) or nothing to save. */
  onDone: (notice: string | null) => void;
}) {
  const { t } = useTranslation('alerts');
  const { create, update } = useRuleMutations(p.serverId);
  const mutation = p.rule ? update : create;
  const schema = useMemo(() => ruleSchema(p.kind, t), [p.kind, t]);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RuleFormValues, unknown, RuleFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: ruleFormValues(p.kind, p.rule, kindTitle(t, p.kind)),
  });
  const { kind, rule } = p;
  const repeat = Number(watch('repeat_seconds'));
  const repeats = REPEATS.includes(repeat) ? REPEATS : [...REPEATS, repeat].sort((a, b) => a - b);
  const someChannels = watch('channels') === 'some';
  const chosen = watch('channel_ids');

  const save = handleSubmit(async (out) => {
    try {
      if (rule) {
        const changes = ruleChanges(rule, out);
        if (!changes) return p.onDone(null);
        await update.mutateAsync({ ruleId: rule.id, changes });
        p.onDone(t('rules.saved', { name: out.name }));
      } else {
        const created = await create.mutateAsync({ kind: kind.kind as NewRule['kind'], ...out });
        p.onDone(t('rules.added', { name: created.name }));
      }
    } catch (e) {
      applyApiErrors(e, setError, (path) => ruleFieldOf(path) as Path<RuleFormValues> | null);
    }
  });

  return (
    <form
      onSubmit={(e) => (isSubmitting ? e.preventDefault() : void save(e))}
      noValidate
      className="alerts-rule-form"
      data-testid="rule-form"
      data-kind={kind.kind}
    >
      <p className="muted">
        {kindDescription(t, kind)}
        {kind.requires_addon && !/add-on/i.test(kind.description) && ` ${t('ruleForm.needsAddon')}`}
        {kind.per_instance && ` ${t('ruleForm.perInstance')}`}
      </p>
      <div className="form-grid">
        <FormField label={t('ruleForm.name')} error={errors.name}>
          {(a11y) => <input {...a11y} {...register('name')} maxLength={100} autoComplete="off" />}
        </FormField>
        <FormField label={t('ruleForm.severity')} error={errors.severity}>
          {(a11y) => (
            <select {...a11y} {...register('severity')}>
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {t(`severity.${s}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {kind.params.map((x) => {
          const unit = unitText(t, x.unit);
          const range = { min: num(x.min, 6), max: num(x.max, 6) };
          return (
            <FormField
              key={x.name}
              label={`${paramLabel(t, kind.kind, x)}${unit ? ` (${unit})` : ''}`}
              help={
                x.default === null
                  ? t('ruleForm.paramHelp', range)
                  : t('ruleForm.paramHelpDefault', { ...range, default: num(x.default, 6) })
              }
              error={errors.params?.[x.name]}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  {...register(`params.${x.name}`)}
                  type="number"
                  inputMode={x.type === 'integer' ? 'numeric' : 'decimal'}
                  min={x.min}
                  max={x.max}
                  step={x.type === 'integer' ? 1 : 'any'}
                  aria-required={x.required || undefined}
                  data-testid={`rule-param-${x.name}`}
                />
              )}
            </FormField>
          );
        })}
        {!kind.event && (
          <>
            <FormField
              label={t('ruleForm.pendingSeconds')}
              help={t('ruleForm.pendingSecondsHelp', { default: kind.defaults.pending_seconds })}
              error={errors.pending_seconds}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('pending_seconds')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={86_400}
                  step={1}
                  data-testid="rule-pending-seconds"
                />
              )}
            </FormField>
            <FormField
              label={t('ruleForm.pendingPolls')}
              help={t('ruleForm.pendingPollsHelp', { default: kind.defaults.pending_polls })}
              error={errors.pending_polls}
            >
              {(a11y) => (
                <input
                  {...a11y}
                  {...register('pending_polls')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  step={1}
                  data-testid="rule-pending-polls"
                />
              )}
            </FormField>
          </>
        )}
        <FormField label={t('ruleForm.repeat')} error={errors.repeat_seconds}>
          {(a11y) => (
            <select {...a11y} {...register('repeat_seconds')}>
              {repeats.map((s) => (
                <option key={s} value={String(s)}>
                  {repeatText(t, s)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="field alerts-checks">
          {!kind.event && (
            <label>
              <input type="checkbox" {...register('notify_on_recovery')} /> {t('ruleForm.notifyOnRecovery')}
            </label>
          )}
          <label>
            <input type="checkbox" {...register('enabled')} /> {t('ruleForm.enabled')}
          </label>
        </div>
      </div>
      <FieldGroup legend={t('ruleForm.sendTo')} className="alerts-channels" error={errors.channel_ids}>
        <label>
          <input type="radio" value="all" {...register('channels')} /> {t('ruleForm.allChannels')}
        </label>
        <label>
          <input type="radio" value="some" {...register('channels')} /> {t('ruleForm.someChannels')}
        </label>
        {someChannels &&
          (p.channels.length === 0 ? (
            <span className="muted small">{t('ruleForm.noChannels')}</span>
          ) : (
            <ChannelChoice control={control} channels={p.channels} />
          ))}
        {someChannels && chosen.length === 0 && p.channels.length > 0 && (
          <span className="muted small">{t('ruleForm.noneChosen')}</span>
        )}
      </FieldGroup>
      {mutation.error && <ErrorNote error={failureOf(mutation.error)} />}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
          {isSubmitting ? t('form.saving') : rule ? t('ruleForm.save') : t('ruleForm.add')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => p.onDone(null)}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The channels a rule sends to, as checkboxes over one array field. */
function ChannelChoice(p: { control: Control<RuleFormValues, unknown, RuleFormOutput>; channels: Channel[] }) {
  const { control, channels } = p;
  const { field } = useController({ control, name: 'channel_ids' });
  const ids: string[] = field.value;
  return channels.map((c, i) => (
    <label key={c.id}>
      <input
        ref={i === 0 ? field.ref : undefined}
        type="checkbox"
        checked={ids.includes(c.id)}
        onBlur={field.onBlur}
        onChange={(e) => field.onChange(e.target.checked ? [...ids, c.id] : ids.filter((x) => x !== c.id))}
      />{' '}
      {c.name}
    </label>
  ));
}
