import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiagnosticSteps, FirewallRules, type DiagStep } from '../../src/components/Diagnostics';
import { i18n } from '../../src/lib/i18n';

/** The provisioning probe's four steps as the wizard and the dashboard show them, and the firewall rules. */
const step = (name: string, ok: boolean, observed = ''): DiagStep => ({ step: name, ok, duration_ms: 1234, observed });
const states = () =>
  screen.getAllByTestId('diagnostic-step').map((li) => [li.dataset.step, li.querySelector('.diag-state')?.textContent]);

describe('the diagnostic steps', () => {
  it('live: finished steps with their time, the next one running, later ones waiting', () => {
    render(
      <DiagnosticSteps
        steps={[step('reachable', true), step('health_check', true)]}
        running
        port={7777}
        failure={null}
      />,
    );
    expect(states()).toEqual([
      ['reachable', 'ok · 1,234 ms'],
      ['health_check', 'ok · 1,234 ms'],
      ['password_login', 'running…'],
      ['addon', 'waiting'],
    ]);
    expect(screen.getByText('Reachable on 7777')).toBeTruthy();
  });

  it('a failed step: what the API saw and said to do, the checklist, later steps not run', () => {
    render(
      <DiagnosticSteps
        steps={[step('reachable', true), step('health_check', true), step('password_login', false, 'HTTP 401')]}
        running={false}
        port={7777}
        failure={{
          code: 'InvalidAdminPasswordException',
          message: 'passwordLogin failed: wrong password',
          remedy: 'Set the admin password again.',
          step: 'password_login',
        }}
      />,
    );
    const failed = screen.getAllByTestId('diagnostic-step').find((li) => li.dataset.ok === 'false')!;
    expect(failed.dataset.step).toBe('password_login');
    expect(within(failed).getByText('HTTP 401')).toBeTruthy();
    expect(within(failed).getByText('PasswordLogin failed: wrong password')).toBeTruthy();
    expect(within(failed).getByTestId('remedy').textContent).toBe('What to do: Set the admin password again.');
    expect(within(failed).getByTestId('spec-remedy').textContent).toContain('server settings administration tab');
    // The password step needs no firewall: the server answered.
    expect(within(failed).queryByTestId('firewall-rules')).toBeNull();
    expect(states().at(-1)).toEqual(['addon', 'not run (an earlier step failed)']);
  });

  it('an unreachable server shows the firewall rules for its own ports', () => {
    render(
      <DiagnosticSteps
        steps={[step('reachable', false, 'connection refused')]}
        running={false}
        port={7778}
        addonHttpPort={8080}
        failure={null}
      />,
    );
    const rules = screen.getByTestId('firewall-rules');
    expect(within(rules).getAllByText('7778')).toHaveLength(2);
    expect(within(rules).getAllByText('(standard 7777)')).toHaveLength(2);
    expect(screen.getByTestId('remedy').textContent).toContain('port 7777 is listening');
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    try {
      render(<DiagnosticSteps steps={[step('reachable', true)]} running port={7777} failure={null} />);
      expect(screen.getByText('Erreichbar auf 7777')).toBeTruthy();
      expect(states()[0]).toEqual(['reachable', 'ok · 1.234 ms']);
      expect(states()[1]).toEqual(['health_check', 'läuft…']);
      render(<FirewallRules />);
      expect(screen.getByText('Spielverkehr')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
