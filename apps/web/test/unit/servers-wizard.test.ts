import { describe, expect, it } from 'vitest';
import type { DiagStep } from '../../src/components/Diagnostics';
import { ApiFailure } from '../../src/lib/api';
import { failedPhase, fieldToFix, stageOf } from '../../src/features/servers/wizard';

/** The add-server wizard's step logic: which step it is at after what happened, and what a failure leads to. */
const step = (name: string, ok: boolean): DiagStep => ({ step: name, ok, duration_ms: 12, observed: `${name} seen` });
const failure = (code: string, details: Record<string, unknown> | null, status = 422) =>
  new ApiFailure(status, code, `${code} happened`, `fix ${code}`, details, 'req-1');

describe('the wizard’s steps', () => {
  it('is at the details while the form is filled in, at the check while the probe runs, then done', () => {
    expect(stageOf({ kind: 'form' })).toBe('details');
    expect(stageOf({ kind: 'running', steps: [] })).toBe('check');
    expect(stageOf({ kind: 'done', id: 'x', steps: [] })).toBe('done');
  });

  it('a failed probe step keeps the wizard at the check, with every step and the failed one named', () => {
    const steps = [step('reachable', true), step('health_check', true), step('password_login', false)];
    const error = failure('InvalidAdminPasswordException', { step: 'password_login', diagnostics: { steps } });
    const phase = failedPhase(error, [step('reachable', true)]);
    expect(phase).toEqual({
      kind: 'failed',
      error,
      steps,
      failure: {
        code: 'InvalidAdminPasswordException',
        message: 'InvalidAdminPasswordException happened',
        remedy: 'fix InvalidAdminPasswordException',
        step: 'password_login',
      },
    });
    expect(stageOf(phase)).toBe('check');
  });

  it('without the diagnostics in the answer, the steps seen live are kept', () => {
    const live = [step('reachable', true)];
    const phase = failedPhase(failure('ServerUnreachableException', { step: 'health_check' }, 502), live);
    expect(phase.steps).toEqual(live);
    expect(phase.failure?.step).toBe('health_check');
  });

  it('a refusal before the probe (plan limit, validation) goes back to the details', () => {
    const phase = failedPhase(failure('PlanLimitReached', { plan: 'free', limit: 1, used: 1 }, 403), []);
    expect(phase).toMatchObject({ kind: 'failed', steps: null, failure: null });
    expect(stageOf(phase)).toBe('details');
    expect(stageOf(failedPhase(new Error('offline'), []))).toBe('details');
  });

  it('a connection lost mid-probe stays at the check with the steps seen so far, no step blamed', () => {
    const live = [step('reachable', true), step('health_check', true)];
    const phase = failedPhase(failure('NetworkError', null, 0), live);
    expect(phase).toMatchObject({ steps: live, failure: null });
    expect(stageOf(phase)).toBe('check');
  });

  it('sends the user to the field that fixes the failed step', () => {
    expect(fieldToFix('reachable')).toBe('host');
    expect(fieldToFix('health_check')).toBe('host');
    expect(fieldToFix('password_login')).toBe('admin_password');
    expect(fieldToFix('addon')).toBe('addon_http_port');
  });
});
