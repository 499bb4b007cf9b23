import type { ProbeResult, ProbeStep } from '@app/game-client';

/** One finished diagnostic step as the API shows it. */
export interface StepView {
  step: string;
  ok: boolean;
  duration_ms: number;
  observed: string;
}

export function stepView(s: ProbeStep): StepView {
  return { step: s.step, ok: s.ok, duration_ms: Math.round(s.durationMs), observed: s.observed };
}

/** A probe's steps as the API shows them. */
export function diagnostics(result: ProbeResult) {
  return {
    ok: result.ok,
    steps: result.steps.map(stepView),
    game: result.game
      ? { version: result.game.version, changelist: result.game.changelist, state: result.game.state }
      : null,
    addon_via: result.addonVia,
  };
}

/** A diagnostic step's name in an error message. */
export function stepName(step: string): string {
  return (
    {
      reachable: 'reaching the game port',
      health_check: 'HealthCheck',
      password_login: 'PasswordLogin',
      addon: 'the add-on check (getPower)',
    }[step] ?? step
  );
}
