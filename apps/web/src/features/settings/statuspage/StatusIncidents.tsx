import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Loadable, Time } from '../../../components/ui';
import { failureOf } from '../forms';
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATES,
  useAddIncidentUpdate,
  usePostIncident,
  useStatusIncidents,
  type IncidentImpact,
  type IncidentState,
} from './queries';

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

function PostIncident({ pageId }: { pageId: string }) {
  const { t } = useTranslation('statuspage');
  const post = usePostIncident();
  const [title, setTitle] = useState('');
  const [impact, setImpact] = useState<IncidentImpact>('minor');
  const [message, setMessage] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await post.mutateAsync({ pageId, body: { title: title.trim(), impact, message: message.trim() } });
      setTitle('');
      setMessage('');
    } catch {
      // shown below
    }
  };
  const failure = failureOf(post.error);
  const id = `incident-${pageId}`;
  return (
    <form className="statuspage-form" onSubmit={(e) => void submit(e)} aria-label={t('postHeading')}>
      <label htmlFor={`${id}-title`}>{t('incidentTitle')}</label>
      <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required />
      <label htmlFor={`${id}-impact`}>{t('impactLabel')}</label>
      <select id={`${id}-impact`} value={impact} onChange={(e) => setImpact(e.target.value as IncidentImpact)}>
        {INCIDENT_IMPACTS.map((i) => (
          <option key={i} value={i}>
            {t(`impact.${i}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-message`}>{t('message')}</label>
      <textarea id={`${id}-message`} value={message} onChange={(e) => setMessage(e.target.value)} required />
      <button type="submit" className="btn btn-primary" aria-disabled={post.isPending}>
        {t('post')}
      </button>
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}

function AddUpdate({ pageId, incidentId }: { pageId: string; incidentId: string }) {
  const { t } = useTranslation('statuspage');
  const add = useAddIncidentUpdate();
  const [state, setState] = useState<IncidentState>('identified');
  const [message, setMessage] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await add.mutateAsync({ pageId, incidentId, body: { state, message: message.trim() } });
      setMessage('');
    } catch {
      // shown below
    }
  };
  const failure = failureOf(add.error);
  const id = `update-${incidentId}`;
  return (
    <form className="statuspage-form" onSubmit={(e) => void submit(e)} aria-label={t('updateHeading')}>
      <label htmlFor={`${id}-state`}>{t('stateLabel')}</label>
      <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value as IncidentState)}>
        {INCIDENT_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`state.${s}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-message`}>{t('message')}</label>
      <input id={`${id}-message`} value={message} onChange={(e) => setMessage(e.target.value)} required />
      <button type="submit" className="btn">
        {t('addUpdate')}
      </button>
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}
