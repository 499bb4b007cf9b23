import type { AckLinkState } from '@app/contracts';
import { escapeHtml } from '@app/alerts';

/** The incident a link names, as its page shows it. */
export interface AckPageIncident {
  title: string;
  server_name: string;
  summary: string;
  fired_at: string | null;
  acknowledged_by: string | null;
}

/** The HTTP status and words of each state of a link's page. */
const PAGES: Record<AckLinkState, { status: number; heading: string; text: string }> = {
  valid: {
    status: 200,
    heading: 'Acknowledge this incident?',
    text: 'Acknowledging tells your team someone is on it and stops repeat notifications until the incident resolves.',
  },
  acknowledged: {
    status: 200,
    heading: 'Incident acknowledged',
    text: 'Repeat notifications stop until it resolves. Add notes on the incident in the dashboard.',
  },
  used: {
    status: 409,
    heading: 'This link was used already',
    text: 'Each acknowledge link works once. The incident stays acknowledged; see it in the dashboard.',
  },
  expired: {
    status: 410,
    heading: 'This link has expired',
    text: 'Acknowledge links work for a limited time. Acknowledge the incident in the dashboard instead.',
  },
  resolved: {
    status: 409,
    heading: 'This incident is resolved',
    text: 'There is nothing left to acknowledge. Should it happen again, the new notification brings a new link.',
  },
  unknown: {
    status: 404,
    heading: 'This link is not valid',
    text: 'Check that the whole link was opened, or acknowledge the incident in the dashboard.',
  },
};

/**
 * The page of an acknowledge link: plain HTML without scripts (chat clients and mail scanners may open it; only the
 * form's POST acknowledges). Every text from the incident is escaped.
 */
export function ackLinkPage(
  state: AckLinkState,
  incident: AckPageIncident | null,
  action: string,
): { status: number; heading: string; text: string; html: string } {
  const page = PAGES[state];
  const about = incident
    ? `<p><strong>${escapeHtml(incident.title)}</strong> on ${escapeHtml(incident.server_name)}</p>
<p>${escapeHtml(incident.summary)}</p>${
        incident.fired_at ? `\n<p>Fired at <time>${escapeHtml(incident.fired_at)}</time></p>` : ''
      }${incident.acknowledged_by ? `\n<p>Acknowledged by ${escapeHtml(incident.acknowledged_by)}</p>` : ''}`
    : '';
  const form =
    state === 'valid'
      ? `\n<form method="post" action="${escapeHtml(action)}"><button type="submit">Acknowledge</button></form>`
      : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(page.heading)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}</style></head>
<body><main data-state="${state}"><h1>${escapeHtml(page.heading)}</h1>
${about}
<p>${escapeHtml(page.text)}</p>${form}
</main></body></html>
`;
  return { status: page.status, heading: page.heading, text: page.text, html };
}
