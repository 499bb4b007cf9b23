import type { Locale } from '@app/contracts';
import { catalogue } from '../i18n/catalogues';
import { localize } from '../i18n/say';
import type { AlertMessage } from '../message';
import {
  codePointLength,
  displayTitle,
  durationName,
  emojiOf,
  footerLine,
  durationToShow,
  ackLinkIn,
  safeUrl,
  statusLine,
  truncate,
  truncateEscaped,
  unixSeconds,
} from './text';

/** Slack's limits on an incoming-webhook message with Block Kit blocks, in characters. */
export const SLACK_LIMITS = {
  /** The top-level `text` (notification and fallback). Slack truncates longer; we keep it short. */
  text: 3000,
  blocks: 50,
  header: 150,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  contextElements: 10,
  contextText: 3000,
  buttonText: 75,
  buttonUrl: 3000,
} as const;

/** A Block Kit text object. */
export interface SlackText {
  type: 'plain_text' | 'mrkdwn';
  text: string;
  emoji?: boolean;
}

/** A link button in an `actions` block. */
export interface SlackButton {
  type: 'button';
  text: SlackText;
  url: string;
}

/** The Block Kit blocks the renderer produces. */
export type SlackBlock =
  | { type: 'header'; text: SlackText }
  | { type: 'section'; text: SlackText }
  | { type: 'section'; fields: SlackText[] }
  | { type: 'context'; elements: SlackText[] }
  | { type: 'actions'; elements: SlackButton[] };

/** The JSON body of a Slack incoming webhook: a fallback `text` and the blocks. */
export interface SlackWebhookPayload {
  text: string;
  blocks: SlackBlock[];
}

/** Escapes one character of user text for Slack mrkdwn (`&`, `<`, `>`; also neutralises `<!channel>` and the like). */
function esc(cp: string): string {
  return cp === '&' ? '&amp;' : cp === '<' ? '&lt;' : cp === '>' ? '&gt;' : cp;
}

/** User text, escaped and shortened to `max` characters; empty becomes "—". */
function mrkdwn(s: string, max: number): string {
  return s.trim() === '' ? '—' : truncateEscaped(s.trim(), max, esc);
}

function fieldText(name: string, value: string): SlackText {
  const n = mrkdwn(name, 200);
  const prefix = `*${n}*\n`;
  return { type: 'mrkdwn', text: prefix + mrkdwn(value, SLACK_LIMITS.fieldText - codePointLength(prefix)) };
}

/**
 * Renders a notification as a Slack incoming-webhook message: a header (emoji + title), a section with the server,
 * the summary and the status line, a section with up to 10 fields (the 10th becomes "…and N more" when there are
 * more), a context line with the time (`<!date^…>`, shown in the reader's time zone), the incident and the rule, and an
 * "Open dashboard" button when there is a URL. User text is escaped (`&`, `<`, `>`), so it cannot mention anyone.
 * Every text is in the channel's `locale`; Slack shows the `<!date^…>` times in each reader's own.
 */
export function renderSlack(message: AlertMessage, locale: Locale = 'en'): SlackWebhookPayload {
  const L = SLACK_LIMITS;
  const t = catalogue(locale);
  const msg = localize(message, t);
  const label = (name: string): string => `*${name}${t.render.colon}*`;
  const title = displayTitle(msg, t);
  const emoji = emojiOf(msg);
  const slackDate = (d: Date): string => `<!date^${unixSeconds(d)}^{date_short_pretty} {time}|${d.toISOString()}>`;

  const server = mrkdwn(msg.server.name, 500);
  const head = [`${label(t.render.server)} ${server}`];
  if (msg.instance !== null && msg.instance.trim() !== '')
    head.push(`${label(t.render.instance)} ${mrkdwn(msg.instance, 300)}`);
  const status = statusLine(msg, t, slackDate, true);
  const tail = status === null ? '' : `\n_${status}_`;
  const headText = head.join('\n');
  const summaryRoom = L.sectionText - codePointLength(headText) - codePointLength(tail) - 1;
  const summary = msg.summary.trim() === '' ? '' : `\n${truncateEscaped(msg.summary.trim(), summaryRoom, esc)}`;

  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: truncate(`${emoji} ${title}`, L.header), emoji: true } },
    { type: 'section', text: { type: 'mrkdwn', text: headText + summary + tail } },
  ];

  const fields: SlackText[] = [];
  const duration = durationToShow(msg, t);
  if (duration !== null) fields.push(fieldText(durationName(msg, t), duration));
  const slots = L.sectionFields - fields.length;
  const shown = msg.fields.length <= slots ? msg.fields : msg.fields.slice(0, slots - 1);
  for (const f of shown) fields.push(fieldText(f.name, f.value));
  if (shown.length < msg.fields.length) {
    fields.push({ type: 'mrkdwn', text: `_${t.render.andMore(msg.fields.length - shown.length)}_` });
  }
  if (fields.length > 0) blocks.push({ type: 'section', fields });

  const context = `🕒 ${slackDate(msg.at)} · ${mrkdwn(footerLine(msg, 200, t), 500)}`;
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: context }] });

  const buttons: SlackButton[] = [];
  const url = safeUrl(msg.url);
  if (url !== null && codePointLength(url) <= L.buttonUrl)
    buttons.push({ type: 'button', text: { type: 'plain_text', text: t.render.openDashboard }, url });
  const ackUrl = safeUrl(ackLinkIn(msg.ackUrl ?? null, locale));
  if (ackUrl !== null && codePointLength(ackUrl) <= L.buttonUrl)
    buttons.push({ type: 'button', text: { type: 'plain_text', text: t.render.acknowledge }, url: ackUrl });
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });

  const fallbackHead = `${emoji} ${mrkdwn(title, 300)} · ${server}`;
  const fallbackSummary =
    msg.summary.trim() === ''
      ? ''
      : `: ${truncateEscaped(msg.summary.trim(), L.text - codePointLength(fallbackHead) - 2, esc)}`;
  return { text: fallbackHead + fallbackSummary, blocks };
}
