import type { Locale } from '@app/contracts';
import type { Catalogue } from '../i18n/catalogue';
import { catalogue } from '../i18n/catalogues';
import { localize } from '../i18n/say';
import type { AlertMessage } from '../message';
import {
  codePointLength,
  colourOf,
  displayTitle,
  durationName,
  footerLine,
  durationToShow,
  ackLinkIn,
  safeUrl,
  statusLine,
  truncate,
  truncateEscaped,
  unixSeconds,
} from './text';

/** Discord's limits on a webhook message, in code points (https://discord.com/developers/docs/resources/message). */
export const DISCORD_LIMITS = {
  content: 2000,
  username: 80,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Title, description, field names and values, footer text and author name of all embeds together. */
  total: 6000,
} as const;

/** One field of a Discord embed; name and value must be non-empty. */
export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

/** A Discord embed (the subset the renderer uses, plus `author` which the validator checks). */
export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  /** RGB as an integer. */
  color?: number;
  /** ISO 8601. */
  timestamp?: string;
  footer?: { text: string };
  author?: { name: string; url?: string };
  fields?: DiscordEmbedField[];
}

/** The JSON body of a Discord webhook execution. `allowed_mentions.parse: []` guarantees nobody is pinged. */
export interface DiscordWebhookPayload {
  content?: string;
  username?: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: [] };
}

/** Characters Discord's markdown gives a meaning to; a backslash before any of them shows it literally. */
const MARKDOWN = new Set(['\\', '*', '_', '~', '`', '|', '<', '>', '[', ']', '#']);

/** Escapes one character of user text for Discord markdown (masked links, mentions, timestamps, formatting). */
function md(cp: string): string {
  return MARKDOWN.has(cp) ? `\\${cp}` : cp;
}

/** User text escaped for Discord markdown and shortened to `max` code points; empty becomes "—". */
function mdText(s: string, max: number): string {
  return s.trim() === '' ? '—' : truncateEscaped(s, max, md);
}

/** The smallest a field value is shortened to before the description is touched. */
const FIELD_VALUE_FLOOR = 64;

function fieldLength(f: DiscordEmbedField): number {
  return codePointLength(f.name) + codePointLength(f.value);
}

function moreField(n: number, t: Catalogue): DiscordEmbedField {
  return { name: t.render.andMore(n), value: t.render.fieldsNotShown(n) };
}

/**
 * Renders a notification as a Discord webhook message: one embed coloured by severity (green on recovery) with the
 * title, the summary and the time (`<t:…:F>` and `<t:…:R>`), a "Server" field, a "Downtime"/"Duration" field on a
 * recovery, the message's fields and a footer naming the incident and rule. Clamped to {@link DISCORD_LIMITS}: fields
 * beyond 25 and then from the end are dropped (with a "…and N more" field when there is room), then field values and
 * finally the summary are shortened; the title, the server's name and the time always stay. User text is escaped for
 * Discord markdown and `allowed_mentions` is empty, so nothing pings anyone. Every text is in the channel's `locale`;
 * Discord shows the `<t:…>` times in each reader's own language and time zone.
 */
export function renderDiscord(message: AlertMessage, locale: Locale = 'en'): DiscordWebhookPayload {
  const L = DISCORD_LIMITS;
  const t = catalogue(locale);
  const msg = localize(message, t);
  const title = truncate(displayTitle(msg, t), L.title);
  const at = unixSeconds(msg.at);
  const status = statusLine(msg, t, (d) => `<t:${unixSeconds(d)}:F> (<t:${unixSeconds(d)}:R>)`, true);
  const ackUrl = safeUrl(ackLinkIn(msg.ackUrl ?? null, locale));
  const ack = ackUrl === null ? null : `[${[...t.render.acknowledge].map(md).join('')}](${ackUrl})`;
  const tail = [status, `🕒 <t:${at}:F> (<t:${at}:R>)`, ack].filter((s): s is string => s !== null).join('\n');
  const separator = '\n\n';
  const summaryRoom = L.description - codePointLength(tail) - separator.length;
  let summary = msg.summary.trim() === '' ? '' : truncateEscaped(msg.summary.trim(), summaryRoom, md);
  const footer = truncate(footerLine(msg, 200, t), L.footer);

  const fixed: DiscordEmbedField[] = [
    { name: t.render.server, value: mdText(msg.server.name, L.fieldValue), inline: true },
  ];
  const duration = durationToShow(msg, t);
  if (duration !== null) fixed.push({ name: durationName(msg, t), value: duration, inline: true });

  const user: DiscordEmbedField[] = msg.fields.map((f) => {
    const field: DiscordEmbedField = { name: mdText(f.name, L.fieldName), value: mdText(f.value, L.fieldValue) };
    if (f.inline !== undefined) field.inline = f.inline;
    return field;
  });

  // 1. Fields beyond the count limit, then from the end while the total is over.
  const slots = L.fields - fixed.length;
  let kept = user.length <= slots ? user.length : slots - 1;
  const description = (): string => (summary === '' ? tail : `${summary}${separator}${tail}`);
  const baseLength =
    codePointLength(title) +
    codePointLength(description()) +
    codePointLength(footer) +
    fixed.reduce((n, f) => n + fieldLength(f), 0);
  const prefix: number[] = [0];
  for (const f of user) prefix.push((prefix[prefix.length - 1] as number) + fieldLength(f));
  const cost = (k: number, withMore: boolean): number =>
    baseLength + (prefix[k] as number) + (withMore ? fieldLength(moreField(user.length - k, t)) : 0);
  while (kept > 0 && cost(kept, kept < user.length) > L.total) kept--;
  const withMore = kept < user.length && cost(kept, true) <= L.total;
  const fields = [...fixed, ...user.slice(0, kept), ...(withMore ? [moreField(user.length - kept, t)] : [])];

  // 2. Long field values, longest first, down to a floor.
  let total = cost(kept, withMore);
  while (total > L.total) {
    let longest: DiscordEmbedField | undefined;
    for (const f of fields) if (!longest || codePointLength(f.value) > codePointLength(longest.value)) longest = f;
    const len = longest ? codePointLength(longest.value) : 0;
    if (!longest || len <= FIELD_VALUE_FLOOR) break;
    longest.value = truncate(longest.value, Math.max(FIELD_VALUE_FLOOR, len - (total - L.total)));
    total -= len - codePointLength(longest.value);
  }

  // 3. The summary.
  if (total > L.total && summary !== '') {
    const len = codePointLength(summary);
    const room = len - (total - L.total);
    summary = room >= 16 ? truncate(summary, room) : '';
  }

  const embed: DiscordEmbed = {
    title,
    description: description(),
    color: colourOf(msg),
    timestamp: msg.at.toISOString(),
    fields,
    footer: { text: footer },
  };
  const url = safeUrl(msg.url);
  if (url !== null) embed.url = url;
  return { embeds: [embed], allowed_mentions: { parse: [] } };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks a Discord webhook payload against {@link DISCORD_LIMITS} independently of the renderer: lengths (in code
 * points), counts, non-empty field names and values, the 6000-character total, colour, timestamp, and that
 * `allowed_mentions.parse` is empty. Returns one message per problem, `[]` when the payload is valid.
 */
export function discordProblems(payload: unknown): string[] {
  const L = DISCORD_LIMITS;
  const problems: string[] = [];
  if (!isRecord(payload)) return ['payload is not an object'];
  const text = (path: string, v: unknown, max: number, required: boolean): number => {
    if (v === undefined && !required) return 0;
    if (typeof v !== 'string') {
      problems.push(`${path} is not a string`);
      return 0;
    }
    const len = codePointLength(v);
    if (required && v.trim() === '') problems.push(`${path} is empty`);
    if (len > max) problems.push(`${path} has ${len} characters (max ${max})`);
    return len;
  };
  text('content', payload.content, L.content, false);
  text('username', payload.username, L.username, false);
  const mentions = payload.allowed_mentions;
  if (!isRecord(mentions) || !Array.isArray(mentions.parse) || mentions.parse.length !== 0) {
    problems.push('allowed_mentions.parse is not []');
  }
  const embeds = payload.embeds;
  if (!Array.isArray(embeds)) return [...problems, 'embeds is not an array'];
  if (embeds.length > L.embeds) problems.push(`embeds has ${embeds.length} items (max ${L.embeds})`);
  if (embeds.length === 0 && (typeof payload.content !== 'string' || payload.content === '')) {
    problems.push('neither content nor embeds');
  }
  let total = 0;
  embeds.forEach((embed: unknown, i) => {
    const at = `embeds[${i}]`;
    if (!isRecord(embed)) {
      problems.push(`${at} is not an object`);
      return;
    }
    total += text(`${at}.title`, embed.title, L.title, false);
    total += text(`${at}.description`, embed.description, L.description, false);
    if (embed.color !== undefined) {
      const c = embed.color;
      if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 0xffffff)
        problems.push(`${at}.color is invalid`);
    }
    if (embed.timestamp !== undefined) {
      const t = embed.timestamp;
      if (typeof t !== 'string' || Number.isNaN(Date.parse(t))) problems.push(`${at}.timestamp is not ISO 8601`);
    }
    if (embed.url !== undefined && (typeof embed.url !== 'string' || !/^https?:\/\/\S+$/i.test(embed.url))) {
      problems.push(`${at}.url is not an http(s) URL`);
    }
    if (embed.footer !== undefined) {
      if (isRecord(embed.footer)) total += text(`${at}.footer.text`, embed.footer.text, L.footer, true);
      else problems.push(`${at}.footer is not an object`);
    }
    if (embed.author !== undefined) {
      if (isRecord(embed.author)) total += text(`${at}.author.name`, embed.author.name, L.author, true);
      else problems.push(`${at}.author is not an object`);
    }
    if (embed.fields !== undefined) {
      if (!Array.isArray(embed.fields)) {
        problems.push(`${at}.fields is not an array`);
        return;
      }
      if (embed.fields.length > L.fields)
        problems.push(`${at}.fields has ${embed.fields.length} items (max ${L.fields})`);
      embed.fields.forEach((field: unknown, j) => {
        if (!isRecord(field)) {
          problems.push(`${at}.fields[${j}] is not an object`);
          return;
        }
        total += text(`${at}.fields[${j}].name`, field.name, L.fieldName, true);
        total += text(`${at}.fields[${j}].value`, field.value, L.fieldValue, true);
        if (field.inline !== undefined && typeof field.inline !== 'boolean') {
          problems.push(`${at}.fields[${j}].inline is not a boolean`);
        }
      });
    }
  });
  if (total > L.total) problems.push(`embeds have ${total} characters in total (max ${L.total})`);
  return problems;
}
