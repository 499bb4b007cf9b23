import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Notice } from '../../../components/ui';
import { FieldGroup, FormField, useSubmit } from '../forms';
import type { ServerSummary } from '../model';
import { useCreateStatusPage } from './queries';
import { statusPageForm, type StatusPageForm } from './schemas';

/** The servers a status page shows, as checkboxes. */
export function ServerChecks(p: { servers: ServerSummary[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  return (
    <>
      {p.servers.map((s) => (
        <label key={s.id} className="statuspage-check">
          <input
            type="checkbox"
            checked={p.chosen.includes(s.id)}
            onChange={(e) => p.onChange(e.target.checked ? [...p.chosen, s.id] : p.chosen.filter((id) => id !== s.id))}
          />{' '}
          {s.name}
        </label>
      ))}
    </>
  );
}

/** Publishes a new status page: its address (slug), title and the servers it shows. */
export function CreateStatusPage({ servers }: { servers: ServerSummary[] }) {
  const { t } = useTranslation('statuspage');
  const create = useCreateStatusPage();
  const [notice, setNotice] = useState('');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StatusPageForm>({
    resolver: zodResolver(statusPageForm),
    defaultValues: { slug: '', title: '', server_ids: [] },
  });
  const { failure, run } = useSubmit(setError, { slug: 'slug', title: 'title', server_ids: 'server_ids' });

  const submit = handleSubmit((v) =>
    run(async () => {
      setNotice('');
      const page = await create.mutateAsync({ slug: v.slug.trim(), title: v.title.trim(), server_ids: v.server_ids });
      setNotice(t('created', { url: page.url }));
      reset();
    }),
  );

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="new-status-page" noValidate>
      <h3 id="new-status-page">{t('newHeading')}</h3>
      <div className="settings-fields">
        <FormField label={t('slug')} help={t('slugHelp')} error={errors.slug}>
          {(a11y) => <input {...a11y} {...register('slug')} autoComplete="off" />}
        </FormField>
        <FormField label={t('title')} error={errors.title}>
          {(a11y) => <input {...a11y} {...register('title')} />}
        </FormField>
      </div>
      <FieldGroup legend={t('servers')} error={errors.server_ids as FieldError | undefined}>
        <Controller
          control={control}
          name="server_ids"
          render={({ field }) => <ServerChecks servers={servers} chosen={field.value} onChange={field.onChange} />}
        />
      </FieldGroup>
      <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
        {isSubmitting ? t('creating') : t('create')}
      </button>
      <Notice text={notice} />
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}
