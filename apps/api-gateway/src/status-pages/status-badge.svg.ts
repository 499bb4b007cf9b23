import type { PublicStatusView } from './public-status.service';
import { escapeHtml } from './status-page.html';

/** What a badge shows: the page's status now, its players now, or its 90-day uptime. */
export const BADGE_KINDS = ['status', 'players', 'uptime'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

const COLOURS = { good: '#2f9e5b', warn: '#d39a12', bad: '#c83a3a', none: '#8a919c' };

/** The label, value and colour of a badge (English, like the usual shields). */
export function badgeFacts(view: PublicStatusView, kind: BadgeKind): { label: string; value: string; colour: string } {
  if (kind === 'status') {
    const colour = { operational: COLOURS.good, degraded: COLOURS.warn, down: COLOURS.bad }[view.overall];
    return { label: 'status', value: view.overall, colour };
  }
  if (kind === 'players') {
    const counts = view.servers.map((s) => s.playerCount).filter((n): n is number => n !== null);
    const total = counts.reduce((a, b) => a + b, 0);
    return { label: 'players', value: counts.length === 0 ? 'n/a' : String(total), colour: COLOURS.good };
  }
  const known = view.servers.map((s) => s.uptimePercent).filter((n): n is number => n !== null);
  if (known.length === 0) return { label: 'uptime 90d', value: 'n/a', colour: COLOURS.none };
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  const colour = mean >= 99 ? COLOURS.good : mean >= 95 ? COLOURS.warn : COLOURS.bad;
  return { label: 'uptime 90d', value: `${mean.toFixed(2)}%`, colour };
}

/** A flat two-part SVG badge; text widths estimated at 7 px a character (no font metrics on the server). */
export function renderBadge(facts: { label: string; value: string; colour: string }): string {
  const lw = facts.label.length * 7 + 12;
  const vw = facts.value.length * 7 + 12;
  const label = escapeHtml(facts.label);
  const value = escapeHtml(facts.value);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${label}: ${value}"><title>${label}: ${value}</title><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${facts.colour}"/><g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle"><text x="${lw / 2}" y="14">${label}</text><text x="${lw + vw / 2}" y="14">${value}</text></g></svg>`;
}
