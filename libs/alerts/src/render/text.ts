import type { Catalogue } from '../i18n/catalogue';
import { en } from '../i18n/en';
import { type AlertMessage, SEVERITY_COLOUR } from '../message';

export { formatUtc } from '../i18n/formats';

/** The mark left wherever a renderer shortened something. One code point. */
export const ELLIPSIS = '…';

/** Length of a string in Unicode code points (what `[...s].length` counts), the unit most receivers limit. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Cuts `s` code point by code point: each code point is rendered by `render` and costs `cost(rendered)`; when the
 * whole does not fit in `max`, keeps the longest prefix that fits together with the ellipsis. Never splits a
 * surrogate pair or a rendered piece (so never an escape sequence or entity).
 */
function clip(s: string, max: number, render: (cp: string) => string, cost: (piece: string) => number): string {
  if (max <= 0) return '';
  const pieces: string[] = [];
  let total = 0;
  for (const cp of s) {
    const piece = render(cp);
    pieces.push(piece);
    total += cost(piece);
  }
  if (total <= max) return pieces.join('');
  const room = max - cost(ELLIPSIS);
  let used = 0;
  let kept = 0;
  while (kept < pieces.length) {
    const c = cost(pieces[kept] as string);
    if (used + c > room) break;
    used += c;
    kept++;
  }
  return pieces.slice(0, kept).join('').trimEnd() + (room >= 0 ? ELLIPSIS : '');
}

const identity = (cp: string): string => cp;

/** Shortens `s` to at most `max` code points, ending with "…" when anything was cut. */
export function truncate(s: string, max: number): string {
  return clip(s, max, identity, codePointLength);
}

/**
 * Shortens `s` so that it takes at most `max` UTF-16 code units (Telegram's and JavaScript's unit), ending with "…"
 * when anything was cut; never splits a surrogate pair.
 */
export function truncateUtf16(s: string, max: number): string {
  return clip(s, max, identity, (piece) => piece.length);
}

/**
 * Escapes `s` code point by code point with `escapeChar` and shortens the result to at most `max` code points,
 * ending with "…" when anything was cut. The cut falls between escaped characters, never inside an escape.
 */
export function truncateEscaped(s: string, max: number, escapeChar: (cp: string) => string): string {
  return clip(s, max, escapeChar, codePointLength);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes one character (or a string) for HTML text and attribute values: `& < > " '`. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

/** Escapes `&`, `<` and `>` as Slack's mrkdwn (and Telegram's HTML text) require. */
export function escapeAngle(s: string): string {
  return s.replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c);
}

/**
 * Makes a user-supplied string safe for a one-line header (an e-mail subject, a title): every line break and other
 * control character becomes a space, runs of whitespace collapse, ends are trimmed.
 */
export function singleLine(s: string): string {
  return s
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `value`, or "—" when it is empty or only whitespace (receivers reject empty names and values). */
export function orDash(value: string): string {
  return value.trim() === '' ? '—' : value;
}

/** Whole seconds since the epoch of `d` (Discord's `<t:…>` and Slack's `<!date^…>`). */
export function unixSeconds(d: Date): number {
  return Math.floor(d.getTime() / 1000);
}

/** `d` as ISO 8601 without milliseconds, "2025-03-04T05:06:07Z". */
export function isoSeconds(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** The first 8 characters of an incident id, enough to find it ("Incident 1a2b3c4d"). */
export function shortId(id: string): string {
  return [...singleLine(id)].slice(0, 8).join('');
}

/** The colour of a notification: green for a recovery, otherwise its severity's. */
export function colourOf(msg: AlertMessage): number {
  return msg.transition === 'resolved' ? SEVERITY_COLOUR.resolved : SEVERITY_COLOUR[msg.severity];
}

/** A colour as CSS hex, `#e5484d`. */
export function cssColour(rgb: number): string {
  return `#${rgb.toString(16).padStart(6, '0')}`;
}

/**
 * The upper-case label of a notification in `t`'s language: "CRITICAL", "WARNING", "INFO", "RESOLVED" or "TEST"
 * in English. The helpers below take the catalogue of the channel's language too; English when left out.
 */
export function labelOf(msg: AlertMessage, t: Catalogue = en): string {
  if (msg.transition === 'resolved') return t.render.labels.resolved;
  if (msg.transition === 'test') return t.render.labels.test;
  return t.render.labels[msg.severity];
}

/** An emoji for the notification (for receivers without colours): 🔴 🟠 🔵, ✅ for a recovery, 🧪 for a test. */
export function emojiOf(msg: AlertMessage): string {
  if (msg.transition === 'resolved') return '✅';
  if (msg.transition === 'test') return '🧪';
  return msg.severity === 'critical' ? '🔴' : msg.severity === 'warning' ? '🟠' : '🔵';
}

/** The headline as shown: the title as given, prefixed with "[TEST] " on a test notification. */
export function displayTitle(msg: AlertMessage, t: Catalogue = en): string {
  const title = singleLine(msg.title) || singleLine(msg.ruleName) || t.render.alert;
  return msg.transition === 'test' ? `${t.render.testTag} ${title}` : title;
}

/** The name of the duration on a recovery: "Downtime" for `server_offline`, otherwise "Duration". */
export function durationName(msg: AlertMessage, t: Catalogue = en): string {
  return msg.ruleKind === 'server_offline' ? t.render.downtime : t.render.duration;
}

/** The formatted duration of a recovery ("4 min 12 s"), or null when not a recovery or unknown. */
export function recoveryDuration(msg: AlertMessage, t: Catalogue = en): string | null {
  if (msg.transition !== 'resolved' || msg.durationSeconds === null || !Number.isFinite(msg.durationSeconds)) {
    return null;
  }
  return t.formats.duration(msg.durationSeconds);
}

/**
 * The recovery's duration for a renderer to show (a "Downtime"/"Duration" field or a "Down for …" line), or null: not
 * a recovery, unknown, or already said by the summary in words ("Factory is back online after 4 min 12 s down."), so
 * a reader sees it once.
 */
export function durationToShow(msg: AlertMessage, t: Catalogue = en): string | null {
  const duration = recoveryDuration(msg, t);
  if (duration === null) return null;
  // A recovery's summary in words ("back online after …", "… recovered after …") always says how long it lasted;
  // a message without words (written before them) is read: the duration as a whole number, not the end of another
  // ("14 min 12 s" does not say "4 min 12 s").
  const said = msg.words
    ? SUMMARIES_WITH_DURATION.has(msg.words.summary.key)
    : new RegExp(`(?<![\\d.,])${duration.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(msg.summary);
  return said ? null : duration;
}

/** The summaries (i18n/words.ts) that say a recovery's duration. */
const SUMMARIES_WITH_DURATION: ReadonlySet<string> = new Set(['backOnline', 'recovered']);

/**
 * One line telling which moment this is, or null for a plain `fired`: "Down for 4 min 12 s" / "Lasted 2 h" on a
 * recovery, "Still firing since … (for …)" on a repeat, a no-action-needed note on a test. `time` formats the
 * start for the receiver (the language's UTC time by default). A renderer that shows a recovery's duration as a
 * field of its own (`durationField`) gets null for it, and so does a summary that says it already (durationToShow):
 * the duration is said once.
 */
export function statusLine(
  msg: AlertMessage,
  t: Catalogue = en,
  time: (d: Date) => string = t.formats.time,
  durationField = false,
): string | null {
  switch (msg.transition) {
    case 'resolved': {
      const duration = recoveryDuration(msg, t);
      if (duration === null) return t.render.resolved;
      if (durationField || durationToShow(msg, t) === null) return null;
      return msg.ruleKind === 'server_offline' ? t.render.downFor(duration) : t.render.lasted(duration);
    }
    case 'repeat': {
      const seconds = (msg.at.getTime() - msg.startedAt.getTime()) / 1000;
      const since = t.render.stillFiringSince(time(msg.startedAt));
      return Number.isFinite(seconds) && seconds > 0
        ? t.render.stillFiringFor(since, t.formats.duration(seconds))
        : since;
    }
    case 'test':
      return t.render.testNote;
    case 'fired':
    case 'acknowledged':
      return null;
  }
}

/** The footer line: "Incident 1a2b3c4d · rule: Server offline" (rule name one line, at most `ruleMax`). */
export function footerLine(msg: AlertMessage, ruleMax = 200, t: Catalogue = en): string {
  const rule = truncate(singleLine(msg.ruleName), ruleMax);
  const head = msg.transition === 'test' ? t.render.testNotification : t.render.incidentRef(shortId(msg.incidentId));
  return rule === '' ? head : t.render.footer(head, rule);
}

/** `url` when it is an absolute http(s) URL (safe to put into a link), otherwise null. */
export function safeUrl(url: string | null): string | null {
  if (url === null) return null;
  const trimmed = url.trim();
  return /^https?:\/\/[^\s]+$/i.test(trimmed) ? trimmed : null;
}

/** An acknowledge link that opens its page in the channel's language (`?lang=`; English needs none). */
export function ackLinkIn(url: string | null, locale: string): string | null {
  if (url === null || locale === 'en') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}
