import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Time } from '../../components/ui';
import type { IncidentDetails } from './model';
import { failureOf } from './queries';
import { useIncidentAck } from './incidentAckMutations';
import { NOTE_MAX, NoteForm } from './noteSchema';

/** Who is on it: acknowledge an open incident (reminders stop until it resolves), or take it back. */
export function AckPanel({ incident, writer }: { incident: IncidentDetails; writer: boolean }) {
  const { t } = useTranslation('alerts');
  const { acknowledge, unacknowledge } = useIncidentAck(incident.id);
  const [notify, setNotify] = useState(false);
  const open = incident.state === 'open';
  const error = acknowledge.error ?? unacknowledge.error;
  return (
    <section aria-labelledby="incident-ack-heading" data-testid="incident-ack">
      <h3 id="incident-ack-heading">{t('ack.heading')}</h3>
      {incident.acknowledged_at ? (
        <p data-testid="incident-acknowledged">
          <span className="pill pill-ok">{t('ack.pill')}</span> {t('ack.by', { name: incident.acknowledged_by ?? '' })}{' '}
          <Time iso={incident.acknowledged_at} />
        </p>
      ) : (
        <p className="muted">{open ? t('ack.none') : t('ack.noneResolved')}</p>
      )}
      {open && <p className="muted small">{t('ack.hint')}</p>}
      {writer && open && !incident.acknowledged_at && (
        <div className="alerts-ack-actions">
          <label>
            <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} /> {t('ack.notify')}
          </label>{' '}
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={acknowledge.isPending}
            onClick={() => acknowledge.mutate(notify)}
          >
            {acknowledge.isPending ? t('ack.acknowledging') : t('ack.acknowledge')}
          </button>
        </div>
      )}
      {writer && open && incident.acknowledged_at && (
        <button
          type="button"
          className="btn btn-small"
          disabled={unacknowledge.isPending}
          onClick={() => unacknowledge.mutate()}
        >
          {unacknowledge.isPending ? t('ack.undoing') : t('ack.undo')}
        </button>
      )}
      {error && <ErrorNote error={failureOf(error)} />}
    </section>
  );
}

/** The notes on the incident's timeline, oldest first, and (for operators) a form to add one. */
export function NotesPanel({ incident, writer }: { incident: IncidentDetails; writer: boolean }) {
  const { t } = useTranslation('alerts');
  const { addNote } = useIncidentAck(incident.id);
  const form = useForm<NoteForm>({ resolver: zodResolver(NoteForm), defaultValues: { text: '' } });
  const empty = form.watch('text').trim() === '';
  const textError = form.formState.errors.text?.message;
  const submit = form.handleSubmit(({ text }) => {
    if (!addNote.isPending) addNote.mutate(text, { onSuccess: () => form.reset({ text: '' }) });
  });
  return (
    <section aria-labelledby="incident-notes-heading" data-testid="incident-notes">
      <h3 id="incident-notes-heading">{t('ack.notesHeading')}</h3>
      {incident.notes.length === 0 ? (
        <p className="muted">{t('ack.noNotes')}</p>
      ) : (
        <ol className="alerts-notes" aria-label={t('ack.notesLabel')}>
          {incident.notes.map((n) => (
            <li key={n.id} data-testid="incident-note">
              <p className="small muted">
                <strong>{n.author}</strong> · <Time iso={n.created_at} />
              </p>
              <p className="alerts-note-text">{n.text}</p>
            </li>
          ))}
        </ol>
      )}
      {writer && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="incident-note-text">{t('ack.noteLabel')}</label>
          <textarea
            id="incident-note-text"
            rows={3}
            maxLength={NOTE_MAX}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? 'incident-note-error' : undefined}
            {...form.register('text')}
          />
          {textError && (
            <p className="field-error" id="incident-note-error">
              {t(textError as never, { max: NOTE_MAX })}
            </p>
          )}
          <button type="submit" className="btn btn-small" disabled={addNote.isPending || empty}>
            {addNote.isPending ? t('ack.adding') : t('ack.addNote')}
          </button>
          {addNote.error && <ErrorNote error={failureOf(addNote.error)} />}
        </form>
      )}
    </section>
  );
}
