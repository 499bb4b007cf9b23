// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiFailure } from '../../lib/api';
import { DiagnosticSteps, FirewallRules, type DiagFailure, type DiagStep } from '../../components/Diagnostics';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { canWrite, reloadAccount, useAccount } from '../../lib/account';
import { apiNdjson, failureOfLine, type NdjsonErrorLine } from '../../lib/ndjson';
import { Link, navigate } from '../../lib/router';
import type { ServerView } from './Servers';

interface Form {
  name: string;
  host: string;
  port: string;
  admin_password: string;
  addon_http_port: string;
  addon_ws_port: string;
}

type Errors = Partial<Record<keyof Form, string>>;

export function portError(v: string): string | undefined {
  if (!v.trim()) return 'Enter a port.';
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? undefined : 'Must be a whole number from 1 to 65535.';
}

function validate(f: Form): Errors {
  const e: Errors = {};
  if (!f.name.trim()) e.name = 'Give the server a name.';
  else if (f.name.trim().length > 100) e.name = 'At most 100 characters.';
  if (!f.host.trim()) e.host = "Enter the server's public IP address or host name.";
  else if (/\s|\/|:\/\//.test(f.host.trim())) e.host = 'Only the address, without http:// or a path.';
  e.port = portError(f.port);
  if (!f.admin_password) e.admin_password = "Enter the server's admin password.";
  e.addon_http_port = portError(f.addon_http_port);
  e.addon_ws_port = portError(f.addon_ws_port);
  for (const k of Object.keys(e) as (keyof Form)[]) if (!e[k]) delete e[k];
  return e;
}

/** Field problems of a 400 ValidationFailed (`details.fields`) or a refused host (`details.field`). */
export function serverFieldErrors(e: unknown): Errors {
  const out: Errors = {};
  if (!(e instanceof ApiFailure)) return out;
  if (Array.isArray(e.details?.fields))
    for (const f of e.details.fields as { field?: string; problem?: string }[])
      if (f.field && f.problem) out[f.field.replace(/^body\./, '') as keyof Form] = f.problem;
  if (typeof e.details?.field === 'string') out[e.details.field as keyof Form] = e.message;
  return out;
}

type CreatedServer = ServerView & { diagnostics?: { steps: DiagStep[] } };

/** The lines of POST /api/v1/servers' live answer: each finished step, then the created server or the error. */
type CreateLine = ({ type: 'step' } & DiagStep) | { type: 'created'; server: CreatedServer } | NdjsonErrorLine;

type Phase =
  | { kind: 'form' }
  | { kind: 'running'; steps: DiagStep[] }
  | { kind: 'failed'; steps: DiagStep[] | null; failure: DiagFailure | null; error: unknown }
  | { kind: 'done'; id: string; steps: DiagStep[] };

/** The add-server wizard: the form, then the provisioning probe's steps with remedies for any failure. */
export function AddServer() {
  const account = useAccount();
  const [form, setForm] = useState<Form>({
    name: '',
    host: '',
    port: '7777',
    admin_password: '',
    addon_http_port: '8080',
    addon_ws_port: '8081',
  });
  const [touched, setTouched] = useState<Partial<Record<keyof Form, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const stepsRef = useRef<HTMLDivElement>(null);

  const errors = validate(form);
  const serverErrors = phase.kind === 'failed' ? serverFieldErrors(phase.error) : {};
  const shown = (k: keyof Form) => ((submitted || touched[k]) && errors[k]) || serverErrors[k] || null;
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const blur = (k: keyof Form) => () => setTouched((t) => ({ ...t, [k]: true }));

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const t = setTimeout(() => navigate(`/servers/${phase.id}`), 1500);
    return () => clearTimeout(t);
  }, [phase]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setPhase({ kind: 'running', steps: [] });
    requestAnimationFrame(() => stepsRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
    // Each step is shown as its line arrives; the last line says created or why not.
    const live: DiagStep[] = [];
    let last: CreateLine | null = null;
    try {
      const answer = await apiNdjson<CreateLine>(
        'POST',
        '/api/v1/servers',
        {
          name: form.name.trim(),
          host: form.host.trim(),
          port: Number(form.port),
          admin_password: form.admin_password,
          addon_http_port: Number(form.addon_http_port),
          addon_ws_port: Number(form.addon_ws_port),
        },
        (line) => {
          if (line.type === 'step') {
            const { type: _type, ...step } = line;
            live.push(step);
            setPhase({ kind: 'running', steps: [...live] });
          } else last = line;
        },
      );
      const outcome = last as CreateLine | null;
      let created: CreatedServer;
      if (answer.kind === 'json') created = answer.body as CreatedServer;
      else if (outcome?.type === 'created') created = outcome.server;
      else if (outcome?.type === 'error') throw failureOfLine(outcome);
      else
        throw new ApiFailure(
          0,
          'NetworkError',
          'the check ended before the platform said whether the server was added',
          'Open the server list to see whether it was added; if not, try again.',
          null,
          null,
        );
      setPhase({ kind: 'done', id: created.id, steps: created.diagnostics?.steps ?? live });
      void reloadAccount();
    } catch (err) {
      const d = err instanceof ApiFailure ? err.details : null;
      const diag = d?.diagnostics as { steps?: DiagStep[] } | undefined;
      const step = typeof d?.step === 'string' ? d.step : null;
      setPhase({
        kind: 'failed',
        error: err,
        steps: diag?.steps ?? (live.length > 0 ? live : null),
        failure:
          err instanceof ApiFailure && step ? { code: err.code, message: err.message, remedy: err.remedy, step } : null,
      });
    }
  }

  if (account.me && !canWrite(account))
    return (
      <div className="page">
        <h1>Add a server</h1>
        <div className="notice notice-info">
          Your role in this organisation is Viewer: only operators and admins add servers.{' '}
          <Link to="/servers">Back to the servers</Link>
        </div>
      </div>
    );

  const running = phase.kind === 'running';
  const probeRan = phase.kind === 'running' || phase.kind === 'done' || (phase.kind === 'failed' && phase.failure);
  const port = Number(form.port) || 7777;

  return (
    <div className="page page-narrow">
      <p className="crumbs">
        <Link to="/servers">Servers</Link> <span aria-hidden="true">›</span> Add a server
      </p>
      <h1>Add a server</h1>
      <details className="prereq">
        <summary>Before you start: what the platform needs</summary>
        <ul>
          <li>
            A Satisfactory dedicated server, game version 1.0 or later, on a public address (not localhost or a private
            range).
          </li>
          <li>Its admin password (set in the game&apos;s server settings, Administration tab).</li>
          <li>For power, production, players, trains and drones: the Ficsit Remote Monitoring add-on.</li>
        </ul>
        <FirewallRules />
      </details>

      <form className="card form-grid" onSubmit={(e) => void submit(e)} noValidate aria-describedby="add-help">
        <p id="add-help" className="muted small span-2">
          The platform connects from the internet, checks the server step by step, and starts polling once every step
          passes.
        </p>
        <Field
          label="Name"
          name="name"
          value={form.name}
          onChange={set('name')}
          onBlur={blur('name')}
          error={shown('name')}
          maxLength={100}
          placeholder="My factory"
          required
          className="span-2"
        />
        <Field
          label="Host"
          help="The public IP address or host name of the game server."
          name="host"
          value={form.host}
          onChange={set('host')}
          onBlur={blur('host')}
          error={shown('host')}
          placeholder="203.0.113.10"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <Field
          label="Port"
          inputMode="numeric"
          name="port"
          value={form.port}
          onChange={set('port')}
          onBlur={blur('port')}
          error={shown('port')}
          help="The game port: 7777 unless you changed it."
          required
        />
        <Field
          label="Admin password"
          type="password"
          autoComplete="new-password"
          name="admin_password"
          value={form.admin_password}
          onChange={set('admin_password')}
          onBlur={blur('admin_password')}
          error={shown('admin_password')}
          help="Stored encrypted; never shown again."
          required
          className="span-2"
        />
        <Field
          label="Add-on HTTP port"
          inputMode="numeric"
          name="addon_http_port"
          value={form.addon_http_port}
          onChange={set('addon_http_port')}
          onBlur={blur('addon_http_port')}
          error={shown('addon_http_port')}
          required
        />
        <Field
          label="Add-on WebSocket port"
          inputMode="numeric"
          name="addon_ws_port"
          value={form.addon_ws_port}
          onChange={set('addon_ws_port')}
          onBlur={blur('addon_ws_port')}
          error={shown('addon_ws_port')}
          required
        />
        <div className="form-actions span-2">
          <button type="submit" className="btn btn-primary" disabled={running || phase.kind === 'done'}>
            {running ? 'Checking the server…' : 'Add server'}
          </button>
          <Link to="/servers" className="btn btn-ghost">
            Cancel
          </Link>
        </div>
      </form>

      <div ref={stepsRef}>
        {probeRan && (
          <section className="card" aria-labelledby="diag-title">
            <h2 id="diag-title">Checking the server</h2>
            {phase.kind === 'failed' && phase.failure && (
              <p className="notice notice-error" role="alert">
                The server was not added ({phase.failure.code}). Fix the failed step below, then try again.
              </p>
            )}
            <DiagnosticSteps
              steps={phase.steps}
              running={running}
              port={port}
              addonHttpPort={Number(form.addon_http_port) || 8080}
              addonWsPort={Number(form.addon_ws_port) || 8081}
              failure={phase.kind === 'failed' ? phase.failure : null}
            />
            {phase.kind === 'done' && (
              <div className="notice notice-ok" role="status">
                Every step passed: the server is registered and polling starts now.{' '}
                <Link to={`/servers/${phase.id}`}>Open its dashboard</Link>
              </div>
            )}
          </section>
        )}
        {phase.kind === 'failed' && !phase.failure && (
          <ErrorNotice error={phase.error} title="The server was not added" />
        )}
      </div>
    </div>
  );
}
