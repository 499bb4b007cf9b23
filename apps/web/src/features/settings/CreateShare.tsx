import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { FormField, useSubmit } from './forms';
import { SHARE_KINDS, type CreatedShare, type ServerSummary } from './model';
import { useCreateShare } from './queries';
import { shareBody, shareForm, type ShareForm } from './schemas';

/** A new share link: which server, dashboard or streaming overlay, and until when (optional). */
export function CreateShare(p: { servers: ServerSummary[]; server: string; onCreated: (s: CreatedShare) => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateShare();
  const schema = useMemo(() => shareForm(), []);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ShareForm>({
    resolver: zodResolver(schema),
    defaultValues: { server: p.server, kind: 'dashboard', expires: '' },
  });
  const { failure, run } = useSubmit(setError, { kind: 'kind', expires_at: 'expires' });

  // The form follows the server whose links are shown below it.
  useEffect(() => setValue('server', p.server), [p.server, setValue]);

  const submit = handleSubmit((v) =>
    run(async () => {
      p.onCreated(await create.mutateAsync({ serverId: v.server, body: shareBody(v) }));
      reset({ ...getValues(), expires: '' });
    }),
  );

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="new-share-heading"
      noValidate
    >
      <h3 id="new-share-heading">{t('shares.newHeading')}</h3>
      <div className="settings-fields">
        <FormField label={t('shares.server')} error={errors.server}>
          {(a11y) => (
            <select {...a11y} {...register('server')}>
              {p.servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('shares.kindLabel')} error={errors.kind}>
          {(a11y) => (
            <select {...a11y} {...register('kind')}>
              {SHARE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`shares.kind.${k}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('shares.expires')} error={errors.expires} help={t('shares.expiresHelp')}>
          {(a11y) => <input {...a11y} {...register('expires')} type="datetime-local" />}
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
          {isSubmitting ? t('creating') : t('shares.create')}
        </button>
      </div>
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}
