import type { AckLinkState } from '@app/contracts';
import { escapeHtml } from '@app/alerts';
import type { StatusLanguage } from '../status-pages/status-page.i18n';
import { ACK_PAGE_WORDS } from './ack-link.i18n';

/** The incident a link names, as its page shows it. */
export interface AckPageIncident {
  title: string;
  server_name: string;
  summary: string;
  fired_at: string | null;
  acknowledged_by: string | null;
}

/** The HTTP status of each state of a link's page. */
const STATUS: Record<AckLinkState, number> = {
  valid: 200,
  acknowledged: 200,
  used: 409,
  expired: 410,
  resolved: 409,
  unknown: 404,
};

/**
 * The page of an acknowledge link: plain HTML without scripts (chat clients and mail scanners may open it; only the
 * form's POST acknowledges). Every text from the incident is escaped.
 */
export function ackLinkPage(
  state: AckLinkState,
  incident: AckPageIncident | null,
  action: string,
  lang: StatusLanguage = 'en',
): { status: number; heading: string; text: string; html: string } {
  const words = ACK_PAGE_WORDS[lang];
  const page = { status: STATUS[state], ...words.states[state] };
  const about = incident
    ? `<p>${words.on(`<strong>${escapeHtml(incident.title)}</strong>`, escapeHtml(incident.server_name))}</p>
<p>${escapeHtml(incident.summary)}</p>${
        incident.fired_at ? `\n<p>${escapeHtml(words.firedAt)} <time>${escapeHtml(incident.fired_at)}</time></p>` : ''
      }${incident.acknowledged_by ? `\n<p>${escapeHtml(words.acknowledgedBy)} ${escapeHtml(incident.acknowledged_by)}</p>` : ''}`
    : '';
  const form =
    state === 'valid'
      ? `\n<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(words.button)}</button></form>`
      : '';
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
