import type { DiagFailure, DiagStep } from '../../components/Diagnostics';
import { ApiFailure } from '../../lib/api';
import type { ServerField } from '../../lib/server-form';

/**
 * The add-server wizard's steps, as pure functions of what happened: the details form, the live connection check
 * (the provisioning probe's steps) and the registered server. The page renders them and moves focus on a change.
 */
export const WIZARD_STAGES = ['details', 'check', 'done'] as const;
export type WizardStage = (typeof WIZARD_STAGES)[number];

export type Phase =
  | { kind: 'form' }
  | { kind: 'running'; steps: DiagStep[] }
  | { kind: 'failed'; steps: DiagStep[] | null; failure: DiagFailure | null; error: unknown }
  | { kind: 'done'; id: string; steps: DiagStep[] };

/** The step the wizard is at: a failure before the probe ran (validation, plan limit) is still the details step. */
export function stageOf(phase: Phase): WizardStage {
  if (phase.kind === 'done') return 'done';
  if (phase.kind === 'running') return 'check';
  if (phase.kind === 'failed' && (phase.failure || phase.steps)) return 'check';
  return 'details';
}

/**
 * The phase after a failed registration: a failed probe step names its step (`details.step`) and brings every
 * step's result (`details.diagnostics.steps`); otherwise the steps seen live so far, if any.
 */
export function failedPhase(error: unknown, live: DiagStep[]): Extract<Phase, { kind: 'failed' }> {
  const d = error instanceof ApiFailure ? error.details : null;
  const diag = d?.diagnostics as { steps?: DiagStep[] } | undefined;
  const step = typeof d?.step === 'string' ? d.step : null;
  return {
    kind: 'failed',
    error,
    steps: diag?.steps ?? (live.length > 0 ? live : null),
    failure:
      error instanceof ApiFailure && step
        ? { code: error.code, message: error.message, remedy: error.remedy, step }
        : null,
  };
}

/** The field to correct after a failed step: the address for reachability, the password, the add-on port. */
export function fieldToFix(step: string): ServerField {
  if (step === 'password_login') return 'admin_password';
  if (step === 'addon') return 'addon_http_port';
  return 'host';
}
