// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { Dialog } from '../../components/Dialog';
import { DiagnosticSteps, type DiagFailure, type DiagStep } from '../../components/Diagnostics';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { reloadAccount } from '../../lib/account';
import { liveStore } from '../../live/store';
import { navigate } from '../../lib/router';
import { portError, serverFieldErrors } from '../servers';
import type { ServerView } from '../servers';

/** Edit (name, ports, new admin password): only the changed fields are sent; a wrong password gets the 422 remedy. */
function EditDialog(props: { server: ServerView; onClose: () => void; onSaved: (s: ServerView) => void }) {
  const s = props.server;
  const [name, setName] = useState(s.name);
  const [port, setPort] = useState(String(s.port));
  const [http, setHttp] = useState(String(s.addon_http_port));
  const [ws, setWs] = useState(String(s.addon_ws_port));
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const local = {
    name: !name.trim() ? 'Give the server a name.' : undefined,
    port: portError(port),
    addon_http_port: portError(http),
    addon_ws_port: portError(ws),
  };
  const remote = serverFieldErrors(error);
  const invalid = Object.values(local).some(Boolean);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (invalid) return;
    const body: Record<string, unknown> = {};
    if (name.trim() !== s.name) body.name = name.trim();
    if (Number(port) !== s.port) body.port = Number(port);
    if (Number(http) !== s.addon_http_port) body.addon_http_port = Number(http);
    if (Number(ws) !== s.addon_ws_port) body.addon_ws_port = Number(ws);
    if (password) body.admin_password = password;
    if (Object.keys(body).length === 0) {
      props.onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await api<ServerView>('PATCH', `/api/v1/servers/${s.id}`, body);
      props.onSaved(updated);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="form-grid">
      <Field
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={local.name ?? remote.name}
        className="span-2"
        maxLength={100}
      />
      <Field
        label="Port"
        inputMode="numeric"
        value={port}
        onChange={(e) => setPort(e.target.value)}
        error={local.port ?? remote.port}
      />
      <Field
        label="New admin password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        help="Leave empty to keep the current one. A new one is checked with the server first."
        error={remote.admin_password}
      />
      <Field
        label="Add-on HTTP port"
        inputMode="numeric"
        value={http}
        onChange={(e) => setHttp(e.target.value)}
        error={local.addon_http_port ?? remote.addon_http_port}
      />
      <Field
        label="Add-on WebSocket port"
        inputMode="numeric"
        value={ws}
        onChange={(e) => setWs(e.target.value)}
        error={local.addon_ws_port ?? remote.addon_ws_port}
      />
      {error !== null && (
        <div className="span-2">
          <ErrorNotice error={error} title="Not saved" />
        </div>
      )}
      <div className="form-actions span-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeleteDialog(props: { server: ServerView; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await api('DELETE', `/api/v1/servers/${props.server.id}`);
      liveStore.forget(props.server.id);
      void reloadAccount();
      navigate('/servers', { replace: true });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }
  return (
    <div>
      <p>
        Remove <strong>{props.server.name}</strong> ({props.server.host}:{props.server.port})? Polling stops at once.
        Its samples stay until the plan&apos;s retention ends; its share links stop working.
      </p>
      {error !== null && <ErrorNotice error={error} title="Not removed" />}
      <div className="form-actions">
        <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={busy}>
          {busy ? 'Removing…' : 'Delete'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose} autoFocus>
          Cancel
        </button>
      </div>
    </div>
  );
}

interface DiagnoseAnswer {
  ok: boolean;
  steps: DiagStep[];
  failure: { code: string; step: string; reason: string; observed: string; remedy: string } | null;
}

function DiagnoseDialog(props: { server: ServerView }) {
  const [state, setState] = useState<{ running: boolean; answer: DiagnoseAnswer | null; error: unknown }>({
    running: false,
    answer: null,
    error: null,
  });
  async function run() {
    setState({ running: true, answer: null, error: null });
    try {
      const answer = await api<DiagnoseAnswer>('POST', `/api/v1/servers/${props.server.id}/diagnose`);
      setState({ running: false, answer, error: null });
    } catch (e) {
      setState({ running: false, answer: null, error: e });
    }
  }
  const f = state.answer?.failure;
  const failure: DiagFailure | null = f
    ? { code: f.code, step: f.step, message: `${f.code}: ${f.observed}`, remedy: f.remedy }
    : null;
  return (
    <div>
      <p className="muted">
        Runs the checks in the specification&apos;s order: container reachable, HealthCheck, PasswordLogin, add-on
        getPower.
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void run()} disabled={state.running}>
        {state.running ? 'Running…' : state.answer ? 'Run again' : 'Run diagnostics'}
      </button>
      {(state.running || state.answer) && (
        <DiagnosticSteps
          steps={state.answer?.steps ?? null}
          running={state.running}
          port={props.server.port}
          addonHttpPort={props.server.addon_http_port}
          addonWsPort={props.server.addon_ws_port}
          failure={failure}
        />
      )}
      {state.answer?.ok && (
        <p className="notice notice-ok">
          Every step passes. If the dashboard still shows a problem, contact support with this server&apos;s name.
        </p>
      )}
      {state.error !== null && <ErrorNotice error={state.error} />}
    </div>
  );
}

/** The dashboard's Edit / Delete / Diagnose buttons and their dialogs. */
export function ServerActions(props: { server: ServerView; canWrite: boolean; onChanged: (s: ServerView) => void }) {
  const [open, setOpen] = useState<'edit' | 'delete' | 'diagnose' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      {/* Inert behind an open (modal) dialog anyway; hidden from the accessibility tree to match. */}
      <span className="dash-buttons" aria-hidden={open !== null ? true : undefined}>
        <button type="button" className="btn" onClick={() => setOpen('diagnose')}>
          Diagnose
        </button>
        {props.canWrite && (
          <>
            <button type="button" className="btn" onClick={() => setOpen('edit')}>
              Edit
            </button>
            <button type="button" className="btn btn-danger-ghost" onClick={() => setOpen('delete')}>
              Delete
            </button>
          </>
        )}
      </span>
      <Dialog open={open === 'edit'} title={`Edit ${props.server.name}`} onClose={close}>
        <EditDialog
          server={props.server}
          onClose={close}
          onSaved={(s) => {
            props.onChanged(s);
            close();
          }}
        />
      </Dialog>
      <Dialog open={open === 'delete'} title="Delete this server?" onClose={close}>
        <DeleteDialog server={props.server} onClose={close} />
      </Dialog>
      <Dialog open={open === 'diagnose'} title={`Diagnose ${props.server.name}`} onClose={close} wide>
        <DiagnoseDialog server={props.server} />
      </Dialog>
    </>
  );
}
