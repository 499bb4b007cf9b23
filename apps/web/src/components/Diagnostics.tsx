import { Trans, useTranslation } from 'react-i18next';
import { num } from '../lib/format';
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
/** A diagnosis of a registered server checks its certificate against the one pinned at registration, second. */
const PINNED_STEP_KEYS = ['reachable', 'certificate', 'health_check', 'password_login', 'addon'] as const;
type StepKey = (typeof PINNED_STEP_KEYS)[number];
const isStepKey = (step: string): step is StepKey => (PINNED_STEP_KEYS as readonly string[]).includes(step);

/** A step's name: the game API's own function names (HealthCheck, PasswordLogin, getPower) stay as they are. */
export function useStepLabel(): (step: string, port: number) => string {
  const { t } = useTranslation('diagnostics');
  return (step, port) => (isStepKey(step) ? t(`steps.${step}`, { port }) : step);
}

/** The inbound rules a monitored server needs (and the two ports that must stay closed). */
function PortCell(props: { port: number | undefined; standard: number }) {
  const { t } = useTranslation('diagnostics');
  if (props.port === undefined || props.port === props.standard) return <td>{props.standard}</td>;
  return (
    <td>
      {props.port} <span className="muted small">{t('firewall.standard', { port: props.standard })}</span>
    </td>
  );
}

type Rule = { protocol: string; purpose: string; standard: number; port: 'game' | 'http' | 'ws' | null };
/** Protocol names are the same in every language. */
const RULES: Rule[] = [
  { protocol: 'TCP', purpose: 'gameApi', standard: 7777, port: 'game' },
  { protocol: 'UDP', purpose: 'gameTraffic', standard: 7777, port: 'game' },
  { protocol: 'TCP', purpose: 'reliable', standard: 8888, port: null },
  { protocol: 'TCP', purpose: 'addonHttp', standard: 8080, port: 'http' },
  { protocol: 'TCP', purpose: 'addonWs', standard: 8081, port: 'ws' },
];

export function FirewallRules(props: { addonHttpPort?: number; addonWsPort?: number; gamePort?: number }) {
  const { t } = useTranslation('diagnostics');
  const ports = { game: props.gamePort, http: props.addonHttpPort, ws: props.addonWsPort };
  return (
    <div className="firewall">
      <p>
        <Trans t={t} i18nKey="firewall.intro" components={{ strong: <strong /> }} />
      </p>
      <table className="table table-compact" data-testid="firewall-rules">
        <caption className="sr-only">{t('firewall.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('firewall.action')}</th>
            <th scope="col">{t('firewall.protocol')}</th>
            <th scope="col">{t('firewall.port')}</th>
            <th scope="col">{t('firewall.purpose')}</th>
          </tr>
        </thead>
        <tbody>
          {RULES.map((r) => (
            <tr key={r.purpose}>
              <td className="ok-text">{t('firewall.allow')}</td>
              <td>{r.protocol}</td>
              {r.port ? <PortCell port={ports[r.port]} standard={r.standard} /> : <td>{r.standard}</td>}
              <td>{t(`firewall.purposes.${r.purpose}`)}</td>
            </tr>
          ))}
          <tr className="row-bad">
            <td className="bad-text">{t('firewall.doNotOpen')}</td>
            <td>{t('firewall.anyProtocol')}</td>
            <td>15000, 15777</td>
            <td>{t('firewall.purposes.deprecated')}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted small">{t('firewall.nat')}</p>
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
  const { t } = useTranslation('diagnostics');
  const stepLabel = useStepLabel();
  const failedAt = props.steps?.find((s) => !s.ok)?.step ?? props.failure?.step ?? null;
  // Live steps: the first one not finished runs, later ones wait; none runs once a step failed.
  const live = props.running && props.steps ? props.steps : null;
  const pinned = props.steps?.some((s) => s.step === 'certificate') || props.failure?.step === 'certificate';
  const keys: readonly StepKey[] = pinned ? PINNED_STEP_KEYS : STEP_KEYS;
  const current = live && !failedAt ? keys.find((k) => !live.some((s) => s.step === k)) : null;
  return (
    <ol className="diag-steps" aria-live="polite" aria-busy={props.running}>
      {keys.map((key) => {
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
                {state === 'ok' && (r ? t('state.okIn', { duration: num(r.duration_ms, 0) }) : t('state.ok'))}
                {failed && t('state.failed')}
                {state === 'running' && t('state.running')}
                {state === 'waiting' && t('state.waiting')}
                {state === 'skipped' && !failed && t('state.skipped')}
                {state === 'pending' && t('state.pending')}
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
                    <strong>{t('fix.whatToDo')} </strong>
                    {apiRemedy}
                  </p>
                )}
                <p className="remedy remedy-spec" data-testid={apiRemedy ? 'spec-remedy' : 'remedy'}>
                  <strong>{t('fix.checklist')} </strong>
                  {t(`remedies.${key}`)}
                </p>
                {key !== 'password_login' && key !== 'certificate' && (
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
