import type { Locale } from '@app/contracts';
import { catalogue } from '../i18n/catalogues';
import { localize } from '../i18n/say';
import type { AlertMessage } from '../message';
import { displayTitle, durationName, orDash, durationToShow, safeUrl, shortId, statusLine, truncate } from './text';

/** Teams (Workflows webhook) rejects messages whose JSON is larger than about 28 KB; this is the budget, in bytes. */
export const TEAMS_MAX_BYTES = 28_000;

/** Adaptive Card text colours used by the renderer. */
export type AdaptiveColour = 'attention' | 'warning' | 'good' | 'accent' | 'default';

/** An Adaptive Card TextBlock. */
export interface AdaptiveTextBlock {
  type: 'TextBlock';
  text: string;
  wrap: boolean;
  weight?: 'bolder' | 'default' | 'lighter';
  size?: 'small' | 'default' | 'medium' | 'large' | 'extraLarge';
  color?: AdaptiveColour;
  isSubtle?: boolean;
  spacing?: 'none' | 'small' | 'default' | 'medium' | 'large';
}

/** One line of a FactSet. */
export interface AdaptiveFact {
  title: string;
  value: string;
}

/** An Adaptive Card FactSet (label/value table). */
export interface AdaptiveFactSet {
  type: 'FactSet';
  facts: AdaptiveFact[];
}

/** An Adaptive Card link button. */
export interface AdaptiveOpenUrl {
  type: 'Action.OpenUrl';
  title: string;
  url: string;
}

/** The Adaptive Card (version 1.4, which Teams renders) of a notification. */
export interface AdaptiveCard {
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
  type: 'AdaptiveCard';
  version: '1.4';
  body: (AdaptiveTextBlock | AdaptiveFactSet)[];
  actions?: AdaptiveOpenUrl[];
  msteams: { width: 'Full' };
}

/** The JSON body of a Teams Workflows ("Post to a channel when a webhook request is received") webhook. */
export interface TeamsWebhookPayload {
  type: 'message';
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive';
      contentUrl: null;
      content: AdaptiveCard;
    },
  ];
}

/** Size of a payload as Teams counts it: UTF-8 bytes of its JSON. */
export function teamsPayloadBytes(payload: TeamsWebhookPayload): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

function colourName(msg: AlertMessage): AdaptiveColour {
  if (msg.transition === 'resolved') return 'good';
  return msg.severity === 'critical' ? 'attention' : msg.severity === 'warning' ? 'warning' : 'accent';
}

function fact(title: string, value: string, valueMax: number): AdaptiveFact {
  return { title: orDash(truncate(title.trim(), 256)), value: orDash(truncate(value.trim(), valueMax)) };
}

/**
 * Renders a notification as a Teams Workflows webhook message holding one Adaptive Card 1.4: the title (bold, coloured
 * by severity, green on recovery), the summary, the status line, a FactSet (server, time, duration on recovery,
 * incident, rule, then the message's fields) and an "Open dashboard" action when there is a URL. Clamped to
 * {@link TEAMS_MAX_BYTES}: facts are shortened and dropped from the end first (with "…and N more"), the summary last;
 * the title, the server's name and the time always stay. Every text is in the channel's `locale`.
 */
export function renderTeams(message: AlertMessage, locale: Locale = 'en'): TeamsWebhookPayload {
  const t = catalogue(locale);
  const msg = localize(message, t);
  const words = t.render;
  const fixed: AdaptiveFact[] = [fact(words.server, msg.server.name, 500)];
  if (msg.instance !== null && msg.instance.trim() !== '') fixed.push(fact(words.instance, msg.instance, 300));
  fixed.push({ title: words.time, value: t.formats.time(msg.at) });
  if (msg.transition === 'repeat' || msg.transition === 'resolved') {
    fixed.push({ title: words.started, value: t.formats.time(msg.startedAt) });
  }
  const duration = durationToShow(msg, t);
  if (duration !== null) fixed.push({ title: durationName(msg, t), value: duration });
  if (msg.transition !== 'test') fixed.push({ title: words.incident, value: shortId(msg.incidentId) || '—' });
  fixed.push(fact(words.rule, msg.ruleName, 200));
  const user = msg.fields.map((f) => fact(f.name, f.value, 1000));

  const status = statusLine(msg, t, t.formats.time, true);
  const url = safeUrl(msg.url);
  const build = (kept: number, summaryMax: number): TeamsWebhookPayload => {
    const facts = [...fixed, ...user.slice(0, kept)];
    if (kept < user.length) facts.push({ title: words.andMore(user.length - kept), value: words.notShown });
    const body: (AdaptiveTextBlock | AdaptiveFactSet)[] = [
      {
        type: 'TextBlock',
        text: truncate(displayTitle(msg, t), 256),
        weight: 'bolder',
        size: 'medium',
        color: colourName(msg),
        wrap: true,
      },
    ];
    const summary = truncate(msg.summary.trim(), summaryMax);
    if (summary !== '') body.push({ type: 'TextBlock', text: summary, wrap: true });
    if (status !== null) body.push({ type: 'TextBlock', text: status, wrap: true, isSubtle: true, spacing: 'small' });
    body.push({ type: 'FactSet', facts });
    const content: AdaptiveCard = {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body,
      msteams: { width: 'Full' },
    };
    if (url !== null) content.actions = [{ type: 'Action.OpenUrl', title: words.openDashboard, url }];
    return {
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }],
    };
  };

  const fits = (p: TeamsWebhookPayload): boolean => teamsPayloadBytes(p) <= TEAMS_MAX_BYTES;
  let summaryMax = 4000;
  const full = build(user.length, summaryMax);
  if (fits(full)) return full;
  // Facts first: the most user facts that fit (the size grows with their number), found by bisection.
  let lo = 0;
  let hi = user.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(build(mid, summaryMax))) lo = mid;
    else hi = mid - 1;
  }
  const kept = lo;
  // Then the summary (only when even no facts fit).
  let payload = build(kept, summaryMax);
  while (!fits(payload) && summaryMax > 0) {
    summaryMax = Math.floor(summaryMax / 2);
    payload = build(kept, summaryMax);
  }
  return payload;
}
