import type { PublicStatusView } from './public-status.service';
import { escapeHtml } from './status-page.html';

/**
 * The page's incidents as an Atom feed (RFC 4287): one entry per incident, updated at its newest update, its updates
 * as the entry's text. `origin` (PUBLIC_URL, else the request's) makes the ids and links absolute.
 */
export function renderAtomFeed(view: PublicStatusView, origin: string): string {
  const pageUrl = `${origin}/status/${encodeURIComponent(view.page.slug)}`;
  const newest = view.incidents
    .flatMap((i) => i.updates.map((u) => u.createdAt.getTime()))
    .reduce((a, b) => Math.max(a, b), view.page.updatedAt.getTime());
  const entries = view.incidents
    .map((incident) => {
      const updated = incident.updates[0]?.createdAt ?? incident.createdAt;
      const text = incident.updates.map((u) => `[${u.createdAt.toISOString()}] ${u.state}: ${u.message}`).join('\n');
      return `<entry><id>urn:uuid:${incident.id}</id><title>${escapeHtml(`${incident.title} (${incident.state})`)}</title><updated>${updated.toISOString()}</updated><published>${incident.createdAt.toISOString()}</published><link rel="alternate" href="${escapeHtml(pageUrl)}"/><category term="${escapeHtml(incident.impact)}"/><content type="text">${escapeHtml(text)}</content></entry>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeHtml(pageUrl)}</id><title>${escapeHtml(view.page.title)}</title><updated>${new Date(newest).toISOString()}</updated><link rel="self" href="${escapeHtml(`${pageUrl}/feed.atom`)}"/><link rel="alternate" href="${escapeHtml(pageUrl)}"/><author><name>${escapeHtml(view.page.title)}</name></author>${entries}</feed>`;
}
