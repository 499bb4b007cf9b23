import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { BrowserPlatform, DEMO, expectText, json, shot } from './browser-harness';

/**
 * Incident acknowledgement in a real browser (issue 24 §3) against `npm start` (a simulated fleet with a crashed
 * server): an Operator opens the crashed server's incident, acknowledges it, takes it back and acknowledges it
 * again, and adds a note; a reload shows both kept; a Viewer sees them without the controls.
 */
describe('acknowledging an incident and adding a note, in a browser', () => {
  let base: string;
  let page: Page;
  let token: string;
  const harness = new BrowserPlatform();

  const openIncident = async (p: Page) => {
    await p.goto(`${base}/alerts/incidents`);
    const row = p.locator(
      '[data-testid="incident-row"][data-section="open"][data-server-name="Crashed server"][data-rule-kind="server_offline"]',
    );
    // The open list refreshes itself every 15 s.
    await row.waitFor({ timeout: 120_000 });
    await row.getByRole('button').first().click();
    const details = p.locator('[data-testid="incident-details"]');
    await details.locator('[data-testid="incident-ack"]').waitFor({ timeout: 10_000 });
    return details;
  };

  beforeAll(async () => {
    await harness.start();
    ({ base, page, token } = harness);
    // Fire at once: the crashed server's incident need not wait for the preset's minute.
    const serverId = harness.sim('Crashed server').server_id;
    const rules = await json(`${base}/api/v1/servers/${serverId}/alert-rules`, { token });
    const offline = (rules.body as { id: string; kind: string }[]).find((r) => r.kind === 'server_offline')!;
    const patched = await json(`${base}/api/v1/servers/${serverId}/alert-rules/${offline.id}`, {
      method: 'PATCH',
      token,
      body: { pending_seconds: 0 },
    });
    expect(patched.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await harness.close();
  });

  test('an Operator acknowledges the incident, takes it back, acknowledges again and adds a note', async () => {
    await harness.signIn(page, DEMO.email, DEMO.password);
    const details = await openIncident(page);
    const ack = details.locator('[data-testid="incident-ack"]');
    await expectText(ack, 'Nobody has acknowledged this incident yet.', 5_000);

    await ack.getByLabel("Tell the incident's channels").check();
    await ack.getByRole('button', { name: 'Acknowledge' }).click();
    const acknowledged = ack.locator('[data-testid="incident-acknowledged"]');
    await acknowledged.waitFor({ timeout: 10_000 });
    expect(await acknowledged.textContent()).toMatch(/Acknowledged by \S+/);
    await shot(page, 'incident-ack-01-acknowledged');

    await ack.getByRole('button', { name: 'Take back' }).click();
    await expectText(ack, 'Nobody has acknowledged this incident yet.', 10_000);
    await ack.getByRole('button', { name: 'Acknowledge' }).click();
    await acknowledged.waitFor({ timeout: 10_000 });

    const notes = details.locator('[data-testid="incident-notes"]');
    await expectText(notes, 'No notes yet.', 1_000);
    await notes.getByLabel('Add a note').fill('Host rebooted; watching it come back.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    const note = notes.locator('[data-testid="incident-note"]');
    await expectText(note, 'Host rebooted; watching it come back.', 10_000);
    expect(await notes.getByLabel('Add a note').inputValue()).toBe('');
    await expectAccessible(page, 'incident-ack-dialog');
    await shot(page, 'incident-ack-02-note');

    // Kept: a reload reads them from the API.
    await page.reload();
    const again = await openIncident(page);
    await again.locator('[data-testid="incident-acknowledged"]').waitFor({ timeout: 10_000 });
    await expectText(again.locator('[data-testid="incident-note"]'), 'Host rebooted', 5_000);
    // The open list marks it too.
    await page.keyboard.press('Escape');
    const row = page.locator(
      '[data-testid="incident-row"][data-section="open"][data-server-name="Crashed server"][data-rule-kind="server_offline"]',
    );
    await expectText(row, 'acknowledged', 5_000);
    const listed = await json(`${base}/api/v1/alerts/incidents?state=open`, { token });
    const offline = (listed.body.items as { rule_kind: string; server_name: string; acknowledged_by: string }[]).find(
      (i) => i.rule_kind === 'server_offline' && i.server_name === 'Crashed server',
    );
    expect(offline?.acknowledged_by).toBeTruthy();
  }, 180_000);

  test('a Viewer sees the acknowledgement and the note but no controls that change them', async () => {
    const { context, page: p } = await harness.signInAsViewer({
      email: 'ack-viewer@example.com',
      password: 'viewer-password-1',
    });
    try {
      const details = await openIncident(p);
      await details.locator('[data-testid="incident-acknowledged"]').waitFor({ timeout: 10_000 });
      await expectText(details.locator('[data-testid="incident-note"]'), 'Host rebooted', 5_000);
      expect(await details.getByRole('button', { name: /^(acknowledge|take back|add note)$/i }).count()).toBe(0);
      expect(await details.getByLabel('Add a note').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
