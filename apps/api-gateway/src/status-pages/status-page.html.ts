import { createHash } from 'node:crypto';
import type { StatusIncidentRecord } from './status-incidents.repository';
import { statusStrings, type StatusLanguage } from './status-page.i18n';
import type { PublicServer, PublicStatusView } from './public-status.service';
import { dayLevel } from './uptime';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
main{max-width:860px;margin:0 auto;padding:24px 16px}
h1{font-size:1.6rem;margin:0 0 16px}h2{font-size:1.15rem;margin:28px 0 10px}
.banner{padding:14px 18px;border-radius:8px;color:#fff;font-weight:600}
.b-operational{background:#2f9e5b}.b-degraded{background:#d39a12}.b-down{background:#c83a3a}
.card{background:#fff;border-radius:8px;padding:14px 18px;margin:10px 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.row{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
.s-online{color:#2f9e5b}.s-degraded,.s-loading,.s-unknown{color:#b07d00}.s-offline{color:#c83a3a}
svg.bars{width:100%;height:34px;margin-top:8px}
.d-up{fill:#2f9e5b}.d-degraded{fill:#e0a82e}.d-down{fill:#c83a3a}.d-none{fill:#d5d9e0}
.muted{color:#69707d;font-size:.85rem}.legend{display:flex;justify-content:space-between}
.update{border-left:3px solid #d5d9e0;padding-left:10px;margin:8px 0}
form{display:flex;gap:8px;flex-wrap:wrap}input[type=email]{flex:1;min-width:200px;padding:6px}
button{padding:6px 14px}nav a{margin-right:12px}
`;

/** The Content-Security-Policy of the server-rendered pages: no script at all, only the one style block above. */
export const STATUS_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A whole HTML document around `body`, in `lang`. */
export function htmlDocument(lang: StatusLanguage, title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

const time = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

function bars(server: PublicServer, lang: StatusLanguage): string {
  const t = statusStrings(lang);
  const width = 100 / server.days.length;
  const rects = server.days
    .map((day, i) => {
      const known = day.upMs + day.degradedMs + day.downMs;
      const pct = (ms: number) => `${((ms / Math.max(known, 1)) * 100).toFixed(1)}%`;
      const label =
        known === 0
          ? `${day.day}: ${t.noData}`
          : `${day.day}: ${t.status_online} ${pct(day.upMs)}, ${t.status_degraded} ${pct(day.degradedMs)}, ${t.status_offline} ${pct(day.downMs)}`;
      return `<rect class="d-${dayLevel(day)}" x="${(i * width).toFixed(3)}%" y="0" width="${(width * 0.8).toFixed(3)}%" height="34" rx="1"><title>${escapeHtml(label)}</title></rect>`;
    })
    .join('');
  return `<svg class="bars" role="img" aria-label="${escapeHtml(t.uptime90)}" xmlns="http://www.w3.org/2000/svg">${rects}</svg>`;
}

function serverCard(server: PublicServer, index: number, lang: StatusLanguage): string {
  const t = statusStrings(lang);
  const statusKey = `status_${server.status}` as keyof typeof t;
  const players =
    server.playerCount === null
      ? ''
      : `<span data-players>${t.players}: ${server.playerCount}${server.playerLimit ? ` / ${server.playerLimit}` : ''}</span>`;
  const uptime = server.uptimePercent === null ? t.noData : `${server.uptimePercent.toFixed(2)}%`;
  return `<section class="card" data-server="${index}"><div class="row"><strong>${escapeHtml(server.name)}</strong><span class="s-${escapeHtml(server.status)}" data-status="${escapeHtml(server.status)}">${escapeHtml(t[statusKey] ?? server.status)}</span></div><div class="row muted">${players}<span>${t.uptime90}: <span data-uptime>${uptime}</span></span></div>${bars(server, lang)}<div class="legend muted"><span>${t.daysAgo90}</span><span>${t.today}</span></div></section>`;
}

function incidentCard(incident: StatusIncidentRecord, lang: StatusLanguage): string {
  const t = statusStrings(lang);
  const label = (key: string) => (t as Record<string, string>)[key] ?? key;
  const updates = incident.updates
    .map(
      (u) =>
        `<div class="update"><strong>${escapeHtml(label(`state_${u.state}`))}</strong> <span class="muted">${time(u.createdAt)}</span><div>${escapeHtml(u.message)}</div></div>`,
    )
    .join('');
  return `<article class="card" data-incident="${escapeHtml(incident.id)}"><div class="row"><strong>${escapeHtml(incident.title)}</strong><span class="muted">${escapeHtml(label(`impact_${incident.impact}`))} · ${escapeHtml(label(`state_${incident.state}`))}</span></div>${updates}</article>`;
}

/** The public status page: banner, servers with their bars, maintenance, incidents, subscription form, feed link. */
export function renderStatusPage(view: PublicStatusView, lang: StatusLanguage): string {
  const t = statusStrings(lang);
  const slug = encodeURIComponent(view.page.slug);
  const banner = { operational: t.allOperational, degraded: t.someDegraded, down: t.someDown }[view.overall];
  const maintenance =
    view.maintenance.length === 0
      ? ''
      : `<h2>${t.maintenance}</h2>${view.maintenance
          .map(
            (m) =>
              `<div class="card" data-maintenance><strong>${escapeHtml(m.reason || t.impact_maintenance)}</strong> <span class="muted">${time(m.startsAt)}${m.endsAt ? ` ${t.until} ${time(m.endsAt)}` : ''}</span></div>`,
          )
          .join('')}`;
  const incidents =
    view.incidents.length === 0
      ? `<p class="muted">${t.noIncidents}</p>`
      : view.incidents.map((i) => incidentCard(i, lang)).join('');
  const languages = ['en', 'de', 'es', 'fr', 'nl']
    .map((l) => `<a href="/status/${slug}?lang=${l}"${l === lang ? ' aria-current="true"' : ''}>${l.toUpperCase()}</a>`)
    .join('');
  const body = `<nav class="muted">${languages}</nav><h1>${escapeHtml(view.page.title)}</h1><div class="banner b-${view.overall}" data-overall="${view.overall}">${banner}</div>${view.servers.map((s, i) => serverCard(s, i, lang)).join('')}${maintenance}<h2>${t.incidents}</h2>${incidents}<h2>${t.subscribe}</h2><p class="muted">${t.subscribeHint}</p><form method="post" action="/status/${slug}/subscribe?lang=${lang}"><input type="email" name="email" required maxlength="254" aria-label="${t.email}" placeholder="${t.email}"><button type="submit">${t.subscribe}</button></form><p><a href="/status/${slug}/feed.atom">${t.feed}</a></p><p class="muted">${t.updated}: ${time(view.generatedAt)}</p>`;
  const head = `<link rel="alternate" type="application/atom+xml" href="/status/${slug}/feed.atom" title="${escapeHtml(view.page.title)}">`;
  return htmlDocument(lang, view.page.title, body, head);
}

/** A small page with a message (confirmation, unsubscription), an optional form and a link back to the page. */
export function renderMessage(
  lang: StatusLanguage,
  slug: string,
  message: string,
  form?: { action: string; button: string },
): string {
  const t = statusStrings(lang);
  const formHtml = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  const body = `<div class="card"><p data-message>${escapeHtml(message)}</p>${formHtml}</div><p><a href="/status/${encodeURIComponent(slug)}?lang=${lang}">${t.back}</a></p>`;
  return htmlDocument(lang, message, body);
}
