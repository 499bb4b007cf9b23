import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { applyApiErrors, FieldGroup, FormField } from './FormField';
import type { ServerRef } from './model';
import { useSilenceMutations } from './mutations';
import { failureOf, serverRulesQuery } from './queries';
import { silenceFieldOf, silenceSchema, type SilenceFormOutput, type SilenceFormValues } from './silenceSchema';
import { browserTimeZone, MUTE_FOR } from './silenceTime';
import { WeeklyFields } from './WeeklyFields';

const startValues = (): SilenceFormValues => ({
  scope: 'all',
  server_id: '',
  rule_id: '',
  type: 'once',
  mute_for: '1h',
  until: '',
  days: ['sun'],
  start: '02:00',
  duration: '120',
  time_zone: browserTimeZone(),
  reason: '',
});

/** The "New silence" form: what to mute (everything, a server, a rule), now for a while or weekly, and why. */
export function CreateSilence({ servers, onCreated }: { servers: ServerRef[]; onCreated: () => void }) {
  const { t } = useTranslation('alerts');
  const { create } = useSilenceMutations();
  const schema = useMemo(() => silenceSchema(t, Date.now), [t]);
  const form = useForm<SilenceFormValues, unknown, SilenceFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: startValues(),
  });
  const { register, handleSubmit, watch, setValue, getValues, setError, reset, formState } = form;
  const { errors } = formState;
  const scope = watch('scope');
  const type = watch('type');
  const serverId = watch('server_id');
  const rules = useQuery({ ...serverRulesQuery(serverId), enabled: scope === 'rule' && serverId !== '' });

  // A server and a rule are chosen from the start (the first of each), as the selects show them.
  useEffect(() => {
    if (servers.length > 0 && !servers.some((s) => s.id === getValues('server_id')))
      setValue('server_id', servers[0]!.id);
  }, [servers, getValues, setValue]);
  useEffect(() => {
    const list = rules.data ?? [];
    if (list.length > 0 && !list.some((r) => r.id === getValues('rule_id'))) setValue('rule_id', list[0]!.id);
  }, [rules.data, getValues, setValue]);

  const submit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      onCreated();
      reset({ ...getValues(), reason: '' });
    } catch (e) {
      applyApiErrors(e, setError, (path) => silenceFieldOf(path) as Path<SilenceFormValues> | null);
    }
  });

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => (formState.isSubmitting ? e.preventDefault() : void submit(e))}
      aria-labelledby="new-silence-heading"
      noValidate
    >
      <h3 id="new-silence-heading">{t('silenceForm.heading')}</h3>
      <FieldGroup legend={t('silenceForm.mute')}>
        {(['all', 'server', 'rule'] as const).map((s) => (
          <label key={s}>
            <input type="radio" value={s} {...register('scope')} />
            {t(`silenceForm.scope.${s}`)}
          </label>
        ))}
      </FieldGroup>
      {scope !== 'all' && (
        <div className="settings-fields">
          <FormField label={t('silenceForm.server')} error={errors.server_id}>
            {(a11y) => (
              <select {...a11y} {...register('server_id')} data-testid="silence-server">
                {servers.length === 0 && <option value="">{t('silenceForm.noServers')}</option>}
                {servers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {scope === 'rule' && (
            <FormField label={t('silenceForm.rule')} error={errors.rule_id}>
              {(a11y) => (
                <select {...a11y} {...register('rule_id')} data-testid="silence-rule">
                  {!rules.data && (
                    <option value="">{rules.error ? t('silenceForm.rulesFailed') : t('silenceForm.loading')}</option>
                  )}
                  {rules.data?.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
        </div>
      )}
      {scope === 'rule' && rules.error && (
        <ErrorNote error={failureOf(rules.error)} retry={() => void rules.refetch()} />
      )}
      <FieldGroup legend={t('silenceForm.when')}>
        <label>
          <input type="radio" value="once" {...register('type')} />
          {t('silenceForm.once')}
        </label>
        <label>
          <input type="radio" value="weekly" {...register('type')} />
          {t('silenceForm.weekly')}
        </label>
      </FieldGroup>
      {type === 'once' ? (
        <div className="settings-fields">
          <FormField label={t('silenceForm.muteFor')}>
            {(a11y) => (
              <select {...a11y} {...register('mute_for')}>
                {MUTE_FOR.map((m) => (
                  <option key={m.id} value={m.id}>
                    {t(`silenceForm.for.${m.id}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {watch('mute_for') === 'until' && (
            <FormField label={t('silenceForm.until')} error={errors.until}>
              {(a11y) => <input {...a11y} {...register('until')} type="datetime-local" />}
            </FormField>
          )}
        </div>
      ) : (
        <WeeklyFields form={form} />
      )}
      <div className="settings-fields">
        <FormField label={t('silenceForm.reason')} error={errors.reason} className="alerts-wide">
          {(a11y) => (
            <input
              {...a11y}
              {...register('reason')}
              maxLength={500}
              placeholder={type === 'once' ? t('silenceForm.reasonOnce') : t('silenceForm.reasonWeekly')}
            />
          )}
        </FormField>
      </div>
      {create.error && <ErrorNote error={failureOf(create.error)} />}
      <button type="submit" className="btn btn-primary" aria-disabled={formState.isSubmitting}>
        {formState.isSubmitting
          ? t('form.saving')
          : type === 'once'
            ? t('silenceForm.submitOnce')
            : t('silenceForm.submitWeekly')}
      </button>
    </form>
  );
}
