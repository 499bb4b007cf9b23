// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { capitalise } from './ErrorNotice';

/** The spec's diagnostic steps, their remedies and the firewall rules, shared by the wizard and the dashboard. */

export interface DiagStep {
  step: string;
  ok: boolean;
  duration_ms: number;
  observed: string;
}

export interface DiagFailure {
  code: string;
  message: string;
  remedy: string | null;
  step: string;
}

export const STEP_KEYS = ['reachable', 'health_check', 'password_login', 'addon'] as const;

export function stepLabel(step: string, port: number): string {
  return (
    (
      {
        reachable: `Reachable on ${port}`,
        health_check: 'HealthCheck',
        password_login: 'PasswordLogin',
        addon: 'Add-on getPower',
      } as Record<string, string>
    )[step] ?? step
  );
}

/** The remedies the service specification states for each failure. */
export const SPEC_REMEDY: Record<string, string> = {
  reachable:
    'Make sure the container runs, port 7777 is listening and open in host and cloud firewalls, and the host is public.',
  health_check:
    'Make sure the container runs, port 7777 is listening and open in host and cloud firewalls, and the host is public.',
  password_login:
    "Reset or look up the password in the game's server settings administration tab, update it in the service, retry.",
  addon: 'Open port 8080, install the add-on, restart the server, then check that getPower returns a JSON array.',
};

/** The inbound rules a monitored server needs (and the two ports that must stay closed). */
function PortCell(props: { port: number | undefined; standard: number }) {
  if (props.port === undefined || props.port === props.standard) return <td>{props.standard}</td>;
  return (
    <td>
      {props.port} <span className="muted small">(standard {props.standard})</span>
    </td>
  );
}

export function FirewallRules(props: { addonHttpPort?: number; addonWsPort?: number; gamePort?: number }) {
  const game = props.gamePort;
  const http = props.addonHttpPort;
  const ws = props.addonWsPort;
  return (
    <div className="firewall">
      <p>
        Open these inbound rules in the host firewall <strong>and</strong> in the cloud provider&apos;s firewall or
        security group (they can block ports even when the host allows them):
      </p>
      <table className="table table-compact" data-testid="firewall-rules">
        <caption className="sr-only">Firewall rules</caption>
        <thead>
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Protocol</th>
            <th scope="col">Port</th>
            <th scope="col">Purpose</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="ok-text">Allow</td>
            <td>TCP</td>
            <PortCell port={game} standard={7777} />
            <td>Game API (HTTPS)</td>
          </tr>
          <tr>
            <td className="ok-text">Allow</td>
            <td>UDP</td>
            <PortCell port={game} standard={7777} />
            <td>Game traffic</td>
          </tr>
          <tr>
            <td className="ok-text">Allow</td>
            <td>TCP</td>
            <td>8888</td>
            <td>Reliable messaging (game patch 1.1+)</td>
          </tr>
          <tr>
            <td className="ok-text">Allow</td>
            <td>TCP</td>
            <PortCell port={http} standard={8080} />
            <td>Add-on HTTP API</td>
          </tr>
          <tr>
            <td className="ok-text">Allow</td>
            <td>TCP</td>
            <PortCell port={ws} standard={8081} />
            <td>Add-on WebSocket</td>
          </tr>
          <tr className="row-bad">
            <td className="bad-text">Do not open</td>
            <td>any</td>
            <td>15000, 15777</td>
            <td>Deprecated since game version 1.0</td>
          </tr>
        </tbody>
      </table>
      <p className="muted small">
        NAT port forwarding is not supported: the external port must equal the internal one.
      </p>
    </div>
  );
}

type StepState = 'pending' | 'running' | 'waiting' | 'ok' | 'failed' | 'skipped';

/**
 * The four steps, each running / waiting / ok / failed (with what was seen and what to do) / not run. While
 * `running`, `steps` may hold the steps finished so far (a live answer): the next one is running, later ones
 * wait. With `steps` null while running, every step shows as running (the answer comes all at once).
 */
export function DiagnosticSteps(props: {
  steps: DiagStep[] | null;
  running: boolean;
  port: number;
  addonHttpPort?: number;
  addonWsPort?: number;
  failure: DiagFailure | null;
}) {
  const failedAt = props.steps?.find((s) => !s.ok)?.step ?? props.failure?.step ?? null;
  // Live steps: the first one not finished runs, later ones wait; none runs once a step failed.
  const live = props.running && props.steps ? props.steps : null;
  const current = live && !failedAt ? STEP_KEYS.find((k) => !live.some((s) => s.step === k)) : null;
  return (
    <ol className="diag-steps" aria-live="polite" aria-busy={props.running}>
      {STEP_KEYS.map((key) => {
        const r = props.steps?.find((s) => s.step === key) ?? null;
        const state: StepState = r
          ? r.ok
            ? 'ok'
            : 'failed'
          : props.running && !(live && failedAt)
            ? !live || key === current
              ? 'running'
              : 'waiting'
            : props.steps || props.failure
              ? 'skipped'
              : 'pending';
        const failed = state === 'failed' || (state === 'skipped' && failedAt === key);
        const apiRemedy = failed && props.failure && props.failure.step === key ? props.failure.remedy : null;
        return (
          <li
            key={key}
            className={`diag-step diag-${failed ? 'failed' : state}`}
            data-testid="diagnostic-step"
            data-step={key}
            data-ok={r ? String(r.ok) : undefined}
          >
            <div className="diag-head">
              <span className="diag-icon" aria-hidden="true">
                {state === 'ok' ? '✓' : failed ? '✕' : state === 'running' ? '' : '–'}
              </span>
              <span className="diag-name">{stepLabel(key, props.port)}</span>
              <span className="diag-state">
                {state === 'ok' && `ok${r ? ` · ${r.duration_ms} ms` : ''}`}
                {failed && 'failed'}
                {state === 'running' && 'running…'}
                {state === 'waiting' && 'waiting'}
                {state === 'skipped' && !failed && 'not run (an earlier step failed)'}
                {state === 'pending' && 'not run yet'}
              </span>
            </div>
            {r?.observed && <p className="diag-observed">{r.observed}</p>}
            {failed && (
              <div className="diag-fix">
                {props.failure && props.failure.step === key && (
                  <p className="diag-message">{capitalise(props.failure.message)}</p>
                )}
                {apiRemedy && (
                  <p className="remedy" data-testid="remedy">
                    <strong>What to do: </strong>
                    {apiRemedy}
                  </p>
                )}
                {SPEC_REMEDY[key] && (
                  <p className="remedy remedy-spec" data-testid={apiRemedy ? 'spec-remedy' : 'remedy'}>
                    <strong>Checklist: </strong>
                    {SPEC_REMEDY[key]}
                  </p>
                )}
                {key !== 'password_login' && (
                  <FirewallRules
                    gamePort={props.port}
                    addonHttpPort={props.addonHttpPort}
                    addonWsPort={props.addonWsPort}
                  />
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
