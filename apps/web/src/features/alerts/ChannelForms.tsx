import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { currentLanguage } from '../../lib/i18n';
import { ConfigFields, LocaleField } from './ChannelConfigFields';
import {
  channelChanges,
  channelFieldOf,
  channelSchema,
  EMPTY_CONFIG,
  newChannelBody,
  type ChannelFormOutput,
  type ChannelFormValues,
} from './channelSchema';
import { ChannelKindLabel, KIND_PLAN, kindLabel } from './common';
import { applyApiErrors, FieldGroup, FormField } from './FormField';
import { CHANNEL_KINDS, type Channel, type SavedChannel } from './model';
import { useChannelMutations } from './mutations';
import { failureOf } from './queries';

type Mode = 'create' | 'edit';

/** The form's values checked by the chosen kind's schema (the kind is one of the values on the add form). */
function useChannelForm(mode: Mode, defaultValues: ChannelFormValues) {
  const { t } = useTranslation('alerts');
  const resolver: Resolver<ChannelFormValues, unknown, ChannelFormOutput> = (values, context, options) =>
    (zodResolver(channelSchema(t, values.kind, mode)) as Resolver<ChannelFormValues, unknown, ChannelFormOutput>)(
      values,
      context,
      options,
    );
  return useForm<ChannelFormValues, unknown, ChannelFormOutput>({ resolver, defaultValues });
}

/** The per-kind add form: choose the kind, name it, pick the messages' language, enter its settings. */
export function AddChannel({ onCreated }: { onCreated: (c: SavedChannel) => void }) {
  const { t } = useTranslation('alerts');
  const { create } = useChannelMutations();
  const start: ChannelFormValues = { kind: 'discord', name: '', locale: currentLanguage(), config: EMPTY_CONFIG };
  const { register, handleSubmit, watch, setError, reset, clearErrors, formState } = useChannelForm('create', start);
  const kind = watch('kind');

  const submit = handleSubmit(async (out) => {
    try {
      onCreated(await create.mutateAsync(newChannelBody(out)));
      reset({ ...start, kind: out.kind, locale: out.locale });
    } catch (e) {
      applyApiErrors(e, setError, (path) => channelFieldOf(out.kind, path));
    }
  });

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => (formState.isSubmitting ? e.preventDefault() : void submit(e))}
      aria-labelledby="add-channel-heading"
      noValidate
    >
      <h3 id="add-channel-heading">{t('channelForm.addHeading')}</h3>
      <FieldGroup legend={t('channelForm.kind')} className="alerts-kinds" error={formState.errors.kind}>
        {CHANNEL_KINDS.map((k) => (
          <label key={k}>
            <input
              type="radio"
              value={k}
              {...register('kind', {
                onChange: () => {
                  clearErrors();
                  create.reset();
                },
              })}
            />{' '}
            <ChannelKindLabel kind={k} />
            <span className="muted small">{t('channelForm.plan', { plan: KIND_PLAN[k] })}</span>
          </label>
        ))}
      </FieldGroup>
      <div className="settings-fields">
        <FormField label={t('channelForm.name')} error={formState.errors.name}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('name')}
              maxLength={100}
              autoComplete="off"
              placeholder={t('channelForm.namePlaceholder', { kind: kindLabel(t, kind) })}
            />
          )}
        </FormField>
        <LocaleField register={register} errors={formState.errors} />
      </div>
      <ConfigFields kind={kind} register={register} errors={formState.errors} required />
      {create.error && <ErrorNote error={failureOf(create.error)} />}
      <button type="submit" className="btn btn-primary" aria-disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('channelForm.adding') : t('channelForm.add')}
      </button>
    </form>
  );
}

/** Rename, change the messages' language, and optionally replace the settings; empty settings keep the current ones. */
export function EditChannel(p: { channel: Channel; onSaved: (c: Channel | null) => void; onCancel: () => void }) {
  const { t } = useTranslation('alerts');
  const { update } = useChannelMutations();
  const { channel } = p;
  const { register, handleSubmit, setError, formState } = useChannelForm('edit', {
    kind: channel.kind,
    name: channel.name,
    locale: channel.locale ?? 'en',
    config: EMPTY_CONFIG,
  });
  const submit = handleSubmit(async (out) => {
    const changes = channelChanges(channel, out);
    if (!changes) return p.onSaved(null);
    try {
      const { signing_secret: _secret, ...row } = await update.mutateAsync({ id: channel.id, changes });
      p.onSaved(row);
    } catch (e) {
      applyApiErrors(e, setError, (path) => channelFieldOf(channel.kind, path));
    }
  });
  return (
    <form
      onSubmit={(e) => (formState.isSubmitting ? e.preventDefault() : void submit(e))}
      className="settings-form"
      noValidate
    >
      <div className="settings-fields">
        <FormField label={t('channelForm.name')} error={formState.errors.name}>
          {(a11y) => <input {...a11y} {...register('name')} maxLength={100} aria-required autoComplete="off" />}
        </FormField>
        <LocaleField register={register} errors={formState.errors} />
      </div>
      <p className="muted small">
        {t('channelForm.sendsTo')} <code>{channel.target}</code>. {t('channelForm.replaceHelp')}
      </p>
      <ConfigFields kind={channel.kind} register={register} errors={formState.errors} required={false} />
      {update.error && <ErrorNote error={failureOf(update.error)} />}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('form.saving') : t('channelForm.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={p.onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
