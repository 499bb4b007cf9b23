import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Loadable, Time } from '../../../components/ui';
import { FormField, useSubmit } from '../forms';
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATES,
  useAddIncidentUpdate,
  usePostIncident,
  useStatusIncidents,
} from './queries';
import { incidentForm, incidentUpdateForm, type IncidentForm, type IncidentUpdateForm } from './schemas';

/** A status page's incidents, newest first, with a form to post one and, on each open one, to add an update. */
export function StatusIncidents({ pageId, canEdit }: { pageId: string; canEdit: boolean }) {
  const { t } = useTranslation('statuspage');
  const incidents = useStatusIncidents(pageId);
  return (
    <div className="statuspage-incidents">
      <h4>{t('incidents')}</h4>
      {canEdit && <PostIncident pageId={pageId} />}
      <Loadable state={incidents} what={t('incidentsWhat')}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted small">{t('noIncidents')}</p>
          ) : (
            <ul className="statuspage-incident-list">
              {list.map((incident) => (
                <li key={incident.id} data-testid="status-incident">
                  <strong>{incident.title}</strong>{' '}
                  <span className="muted small">
                    {t(`impact.${incident.impact}`)} · {t(`state.${incident.state}`)}
                  </span>
                  <ul>
                    {incident.updates.map((u) => (
                      <li key={u.id}>
                        <Time iso={u.created_at} /> {t(`state.${u.state}`)}: {u.message}
                      </li>
                    ))}
                  </ul>
                  {canEdit && incident.state !== 'resolved' && <AddUpdate pageId={pageId} incidentId={incident.id} />}
                </li>
              ))}
            </ul>
          )
        }
      </Loadable>
    </div>
  );
}

/** Posts an incident on the page (investigating), with its first message. */
export function PostIncident({ pageId }: { pageId: string }) {
  const { t } = useTranslation('statuspage');
  const post = usePostIncident();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IncidentForm>({
    resolver: zodResolver(incidentForm),
    defaultValues: { title: '', impact: 'minor', message: '' },
  });
  const { failure, run } = useSubmit(setError, { title: 'title', impact: 'impact', message: 'message' });
  const submit = handleSubmit((v) =>
    run(async () => {
      await post.mutateAsync({ pageId, body: { title: v.title.trim(), impact: v.impact, message: v.message.trim() } });
      reset();
    }),
  );
  return (
    <form className="statuspage-form" onSubmit={(e) => void submit(e)} aria-label={t('postHeading')} noValidate>
      <FormField label={t('incidentTitle')} error={errors.title}>
        {(a11y) => <input {...a11y} {...register('title')} />}
      </FormField>
      <FormField label={t('impactLabel')} error={errors.impact}>
        {(a11y) => (
          <select {...a11y} {...register('impact')}>
            {INCIDENT_IMPACTS.map((i) => (
              <option key={i} value={i}>
                {t(`impact.${i}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('message')} error={errors.message}>
        {(a11y) => <textarea {...a11y} {...register('message')} />}
      </FormField>
      <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
        {t('post')}
      </button>
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}

/** Adds an update (a new state and a message) to an open incident. */
function AddUpdate({ pageId, incidentId }: { pageId: string; incidentId: string }) {
  const { t } = useTranslation('statuspage');
  const add = useAddIncidentUpdate();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IncidentUpdateForm>({
    resolver: zodResolver(incidentUpdateForm),
    defaultValues: { state: 'identified', message: '' },
  });
  const { failure, run } = useSubmit(setError, { state: 'state', message: 'message' });
  const submit = handleSubmit((v) =>
    run(async () => {
      await add.mutateAsync({ pageId, incidentId, body: { state: v.state, message: v.message.trim() } });
      reset({ ...getValues(), message: '' });
    }),
  );
  return (
    <form className="statuspage-form" onSubmit={(e) => void submit(e)} aria-label={t('updateHeading')} noValidate>
      <FormField label={t('stateLabel')} error={errors.state}>
        {(a11y) => (
          <select {...a11y} {...register('state')}>
            {INCIDENT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('message')} error={errors.message}>
        {(a11y) => <input {...a11y} {...register('message')} />}
      </FormField>
      <button type="submit" className="btn" aria-disabled={isSubmitting}>
        {t('addUpdate')}
      </button>
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}
