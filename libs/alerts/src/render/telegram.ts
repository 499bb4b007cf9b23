import type { Locale } from '@app/contracts';
import { catalogue } from '../i18n/catalogues';
import { localize } from '../i18n/say';
import type { AlertMessage } from '../message';
import {
  displayTitle,
  emojiOf,
  escapeAngle,
  escapeHtml,
  footerLine,
  safeUrl,
  singleLine,
  statusLine,
  truncateUtf16,
} from './text';

/**
 * Telegram's limit on a message's text after entity parsing (tags removed, entities decoded). Telegram counts UTF-16
 * code units, so the renderer does too (never more than code points).
 */
export const TELEGRAM_MAX_TEXT = 4096;

/** The JSON body of a Bot API `sendMessage` call. */
export interface TelegramMessage {
  chat_id: string;
  text: string;
  parse_mode: 'HTML';
  disable_web_page_preview: true;
}

/** A line of the message: its HTML and the length of what Telegram shows of it (UTF-16 code units). */
interface Line {
  html: string;
  visible: number;
}

const blank: Line = { html: '', visible: 0 };

/** Plain user text as a piece: escaped, and measured before escaping (an entity shows as one character). */
function plain(raw: string): Line {
  return { html: escapeAngle(raw), visible: raw.length };
}

function wrap(tag: 'b' | 'i' | 'code', piece: Line): Line {
  return { html: `<${tag}>${piece.html}</${tag}>`, visible: piece.visible };
}

function join(...pieces: Line[]): Line {
  return { html: pieces.map((p) => p.html).join(''), visible: pieces.reduce((n, p) => n + p.visible, 0) };
}

function visibleLength(lines: Line[]): number {
  return lines.reduce((n, l) => n + l.visible, 0) + Math.max(0, lines.length - 1);
}

/** The summary is first kept to this many characters, so that a long summary does not crowd out every field. */
const SUMMARY_SOFT_MAX = 2000;

/**
 * Renders a notification as a Telegram `sendMessage` body for `chatId`, in HTML parse mode using only `b`, `i`, `code`
 * and `a`, every piece of user text escaped (`&`, `<`, `>`). The text is built from whole escaped pieces whose
 * visible lengths are summed, so it is at most {@link TELEGRAM_MAX_TEXT} characters after entity parsing and no cut
 * ever falls inside a tag or an entity: fields are dropped from the end first (with "…and N more"), then the summary
 * is shortened; the title, the server's name and the time always stay. Every text is in the channel's `locale`.
 */
export function renderTelegram(message: AlertMessage, chatId: string, locale: Locale = 'en'): TelegramMessage {
  const t = catalogue(locale);
  const msg = localize(message, t);
  const label = (name: string): Line => wrap('b', plain(`${name}${t.render.colon}`));
  const head: Line[] = [
    join(plain(`${emojiOf(msg)} `), wrap('b', plain(truncateUtf16(displayTitle(msg, t), 256)))),
    join(label(t.render.server), plain(` ${truncateUtf16(singleLine(msg.server.name) || msg.server.id, 512)}`)),
  ];
  if (msg.instance !== null && msg.instance.trim() !== '') {
    head.push(join(label(t.render.instance), plain(` ${truncateUtf16(singleLine(msg.instance), 256)}`)));
  }
  head.push(join(plain('🕒 '), wrap('code', plain(t.formats.time(msg.at)))));
  const status = statusLine(msg, t);
  if (status !== null) head.push(wrap('i', plain(status)));

  const tail: Line[] = [];
  const url = safeUrl(msg.url);
  if (url !== null) {
    const link = plain(t.render.openDashboard);
    tail.push(blank, { html: `<a href="${escapeHtml(url)}">${link.html}</a>`, visible: link.visible });
  }
  tail.push(wrap('i', plain(footerLine(msg, 200, t))));

  const fields = msg.fields.map((f) =>
    join(
      wrap('b', plain(truncateUtf16(singleLine(f.name), 256) || '—')),
      plain(`: ${truncateUtf16(f.value.trim(), 1024) || '—'}`),
    ),
  );
  const summaryText = msg.summary.trim();
  const compose = (summaryMax: number, kept: number): Line[] => {
    const lines = [...head];
    const summary = truncateUtf16(summaryText, summaryMax);
    if (summary !== '') lines.push(blank, plain(summary));
    if (fields.length > 0) {
      lines.push(blank, ...fields.slice(0, kept));
      if (kept < fields.length) lines.push(wrap('i', plain(t.render.andMore(fields.length - kept))));
    }
    return [...lines, ...tail];
  };

  let summaryMax = SUMMARY_SOFT_MAX;
  let kept = fields.length;
  while (kept > 0 && visibleLength(compose(summaryMax, kept)) > TELEGRAM_MAX_TEXT) kept--;
  const over = visibleLength(compose(summaryMax, kept)) - TELEGRAM_MAX_TEXT;
  if (over > 0) summaryMax = Math.max(0, Math.min(summaryMax, summaryText.length) - over);
  let lines = compose(summaryMax, kept);
  // A shortened summary may no longer hold a trailing surrogate pair exactly; shave until it fits.
  while (visibleLength(lines) > TELEGRAM_MAX_TEXT && summaryMax > 0) lines = compose(--summaryMax, kept);
  return {
    chat_id: chatId,
    text: lines.map((l) => l.html).join('\n'),
    parse_mode: 'HTML',
    disable_web_page_preview: true,
  };
}
