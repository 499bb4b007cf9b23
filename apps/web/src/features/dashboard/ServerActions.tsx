import { lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { DiagnosticSteps, type DiagFailure } from '../../components/Diagnostics';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useDeleteServer, useDiagnose, type ServerDetails } from './server-queries';

function DeleteDialog(props: { server: ServerDetails; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const remove = useDeleteServer(props.server.id);
  return (
    <div>
      <p>
        <Trans
          t={t}
          i18nKey="delete.text"
          values={{ name: props.server.name, address: `${props.server.host}:${props.server.port}` }}
          components={{ name: <strong /> }}
        />
      </p>
      {remove.error !== null && <ErrorNotice error={remove.error} title={t('delete.notRemoved')} />}
      <div className="form-actions">
        <button type="button" className="btn btn-danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? t('delete.removing') : t('delete.confirm')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose} autoFocus>
          {t('actions.cancel')}
        </button>
      </div>
    </div>
  );
}

function DiagnoseDialog(props: { server: ServerDetails }) {
  const { t } = useTranslation('dashboard');
  const diagnose = useDiagnose(props.server.id);
  const answer = diagnose.data;
  const f = answer?.failure;
  const failure: DiagFailure | null = f
    ? { code: f.code, step: f.step, message: `${f.code}: ${f.observed}`, remedy: f.remedy }
    : null;
  const running = diagnose.isPending;
  return (
    <div>
      <p className="muted">{t('diagnose.intro')}</p>
      <button type="button" className="btn btn-primary" onClick={() => diagnose.mutate()} disabled={running}>
        {running ? t('diagnose.running') : answer ? t('diagnose.again') : t('diagnose.run')}
      </button>
      {(running || answer) && (
        <DiagnosticSteps
          steps={running ? null : (answer?.steps ?? null)}
          running={running}
          port={props.server.port}
          addonHttpPort={props.server.addon_http_port}
          addonWsPort={props.server.addon_ws_port}
          failure={running ? null : failure}
        />
      )}
      {!running && answer?.ok && <p className="notice notice-ok">{t('diagnose.allPass')}</p>}
      {diagnose.error !== null && <ErrorNotice error={diagnose.error} />}
    </div>
  );
}

// The edit form (its validation schemas and form library) loads when asked for, not with the dashboard: most visits
// never open it. Pointing at or focusing the button starts the load, so the dialog rarely waits.
const loadEditForm = () => import('./EditServerForm');
const EditServerForm = lazy(() => loadEditForm().then((m) => ({ default: m.EditServerForm })));

/** The dashboard's Edit / Delete / Diagnose buttons and their dialogs. */
export function ServerActions(props: { server: ServerDetails; canWrite: boolean }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState<'edit' | 'delete' | 'diagnose' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      {/* Inert behind an open (modal) dialog anyway; hidden from the accessibility tree to match. */}
      <span className="dash-buttons" aria-hidden={open !== null ? true : undefined}>
        {/* Diagnose probes the game server (and sends its admin password): Operator and Admin, as the API. */}
        {props.canWrite && (
          <>
            <button type="button" className="btn" onClick={() => setOpen('diagnose')}>
              {t('actions.diagnose')}
            </button>
            <button
              type="button"
              className="btn"
              onPointerEnter={() => void loadEditForm()}
              onFocus={() => void loadEditForm()}
              onClick={() => setOpen('edit')}
            >
              {t('actions.edit')}
            </button>
            <button type="button" className="btn btn-danger-ghost" onClick={() => setOpen('delete')}>
              {t('actions.delete')}
            </button>
          </>
        )}
      </span>
      <Dialog open={open === 'edit'} title={t('edit.title', { name: props.server.name })} onClose={close}>
        <Suspense fallback={<p className="muted">{t('edit.loading')}</p>}>
          <EditServerForm server={props.server} onClose={close} />
        </Suspense>
      </Dialog>
      <Dialog open={open === 'delete'} title={t('delete.title')} onClose={close}>
        <DeleteDialog server={props.server} onClose={close} />
      </Dialog>
      <Dialog
        open={open === 'diagnose' && props.canWrite}
        title={t('diagnose.title', { name: props.server.name })}
        onClose={close}
        wide
      >
        <DiagnoseDialog server={props.server} />
      </Dialog>
    </>
  );
}
