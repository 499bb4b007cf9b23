import { ackLinkPage } from './ack-link.page';

const incident = {
  title: 'Server offline: <b>Main</b>',
  server_name: 'Main & "Co" <script>alert(1)</script>',
  summary: 'Main has not answered.',
  fired_at: '2026-11-27T10:00:00.000Z',
  acknowledged_by: null,
};

describe('the page of an acknowledge link', () => {
  it('valid: names the incident and offers the button (a POST form to the link); escapes every text', () => {
    const page = ackLinkPage('valid', incident, '/api/v1/incident-ack/gsm_ack_x');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form method="post" action="/api/v1/incident-ack/gsm_ack_x">');
    expect(page.html).toContain('Main &amp; &quot;Co&quot; &lt;script&gt;');
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toContain('<b>Main</b>');
  });

  it.each([
    ['acknowledged', 200, 'Incident acknowledged'],
    ['used', 409, 'This link was used already'],
    ['expired', 410, 'This link has expired'],
    ['resolved', 409, 'This incident is resolved'],
    ['unknown', 404, 'This link is not valid'],
  ] as const)('%s: %i with a page that says so and no button', (state, status, heading) => {
    const page = ackLinkPage(state, state === 'unknown' ? null : incident, '');
    expect(page.status).toBe(status);
    expect(page.html).toContain(`<h1>${heading}</h1>`);
    expect(page.html).not.toContain('<form');
  });

  it('shows who acknowledged it already', () => {
    const page = ackLinkPage('used', { ...incident, acknowledged_by: 'via link' }, '');
    expect(page.html).toContain('Acknowledged by via link');
  });

  it.each([
    ['de', 'Diesen Vorfall bestätigen?', 'Bestätigen', ' auf '],
    ['es', '¿Reconocer esta incidencia?', 'Reconocer', ' en '],
    ['fr', 'Prendre en charge cet incident ?', 'Prendre en charge', ' sur '],
    ['nl', 'Dit incident bevestigen?', 'Bevestigen', ' op '],
  ] as const)('in %s: the page, its button and its facts in that language', (lang, heading, button, on) => {
    const page = ackLinkPage('valid', incident, '/api/v1/incident-ack/gsm_ack_x?lang=' + lang, lang);
    expect(page.html).toContain(`<html lang="${lang}">`);
    expect(page.html).toContain(`<h1>${heading}</h1>`);
    expect(page.html).toContain(`<button type="submit">${button}</button>`);
    expect(page.html).toContain(`</strong>${on}Main &amp;`);
    expect(ackLinkPage('expired', incident, '', lang).html).not.toContain('This link has expired');
  });
});
