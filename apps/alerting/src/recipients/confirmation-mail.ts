import type { Mail } from '../delivery/smtp-mailer';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 72 * 3600_000;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The mail that asks an address to confirm before alerts go to it. It carries the link (the token in the URL's
 * fragment, so it reaches no server log or Referer) and nothing an attacker could use to advertise: the channel's
 * name only in quotes, no other text from the organisation.
 */
export function confirmationMail(address: string, channelName: string, token: string, publicUrl: string | null): Mail {
  const link = `${publicUrl ?? ''}/confirm-recipient#token=${token}`;
  const name = channelName.slice(0, 100);
  const subject = 'Confirm alerts from Satisfactory Monitoring';
  const text = [
    `${address} was added to the alert channel "${name}" on Satisfactory Monitoring.`,
    '',
    'No alert is sent to this address until you confirm. To receive the alerts, open:',
    publicUrl ? link : `the dashboard's /confirm-recipient page and enter the code ${token}`,
    '',
    'The link expires in 72 hours. If you did not expect this mail, ignore it: you will get nothing else.',
  ].join('\n');
  const html = `<p>${escapeHtml(address)} was added to the alert channel &quot;${escapeHtml(name)}&quot; on Satisfactory Monitoring.</p>
<p>No alert is sent to this address until you confirm.</p>
<p>${publicUrl ? `<a href="${escapeHtml(link)}">Confirm and receive the alerts</a>` : `Open the dashboard's /confirm-recipient page and enter the code <code>${escapeHtml(token)}</code>`}</p>
<p>The link expires in 72 hours. If you did not expect this mail, ignore it: you will get nothing else.</p>`;
  return { to: [address], subject, text, html, headers: { 'X-GSM-Event': 'recipient-confirmation' } };
}
