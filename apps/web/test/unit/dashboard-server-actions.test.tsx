import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiagnosticSteps } from '../../src/components/Diagnostics';
import { ServerActions } from '../../src/features/dashboard/ServerActions';
import '../../src/lib/i18n';

/** Diagnose is an Operator's action (it probes the server with its admin password), as the API enforces. */
const server = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Healthy base',
  host: '10.0.0.7',
  port: 7777,
  addon_http_port: 8080,
  addon_ws_port: 8081,
  status: 'online' as const,
  addon_status: 'available' as const,
  last_seen_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

const actions = (canWrite: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ServerActions server={server} canWrite={canWrite} />
    </QueryClientProvider>,
  );

describe('the dashboard server actions', () => {
  it('a Viewer sees no Diagnose, Edit or Delete; an Operator sees all three', () => {
    const viewer = actions(false);
    expect(screen.queryByRole('button', { name: 'Diagnose' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    viewer.unmount();
    actions(true);
    expect(screen.getByRole('button', { name: 'Diagnose' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it("a changed certificate shows as its own failed step with the API's remedy, later steps not run", () => {
    render(
      <DiagnosticSteps
        steps={[
          { step: 'reachable', ok: true, duration_ms: 3, observed: 'TCP 7777 accepted a connection in 1 ms' },
          { step: 'certificate', ok: false, duration_ms: 4, observed: 'the certificate on TCP 7777 is not the one' },
        ]}
        running={false}
        port={7777}
        failure={{
          code: 'ServerUnreachableException',
          step: 'certificate',
          message: 'ServerUnreachableException: the certificate on TCP 7777 is not the one',
          remedy: 'Remove the server and register it again.',
        }}
      />,
    );
    const steps = screen.getAllByTestId('diagnostic-step');
    expect(steps.map((li) => [li.dataset.step, li.querySelector('.diag-state')?.textContent])).toEqual([
      ['reachable', 'ok · 3 ms'],
      ['certificate', 'failed'],
      ['health_check', 'not run (an earlier step failed)'],
      ['password_login', 'not run (an earlier step failed)'],
      ['addon', 'not run (an earlier step failed)'],
    ]);
    expect(screen.getByText('Certificate (as at registration)')).toBeTruthy();
    expect(screen.getByTestId('remedy').textContent).toContain('Remove the server and register it again.');
    expect(screen.queryByTestId('firewall-rules')).toBeNull();
  });
});
