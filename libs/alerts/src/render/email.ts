import type { Locale } from '@app/contracts';
import type { Catalogue } from '../i18n/catalogue';
import { catalogue } from '../i18n/catalogues';
import { localize } from '../i18n/say';
import type { AlertMessage } from '../message';
import {
  codePointLength,
  colourOf,
  cssColour,
  durationName,
  escapeHtml,
  footerLine,
  labelOf,
  durationToShow,
  safeUrl,
  singleLine,
  statusLine,
  truncate,
} from './text';

/** The longest subject line the renderer produces, in code points. */
export const EMAIL_SUBJECT_MAX = 200;

/** An e-mail notification: a one-line subject, a plain-text body and a self-contained HTML body. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Escapes user text for HTML and keeps its line breaks. */
function htmlLines(s: string): string {
  return escapeHtml(s).replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * The subject: `[CRITICAL] Server offline: My Server`, `[RESOLVED] Back online: My Server`, `[TEST] …`, with
 * " (still firing)" on a repeat. One line (CR, LF and other control characters become spaces, so no header
 * injection) and at most {@link EMAIL_SUBJECT_MAX} code points: the title is kept to 100, the server's name gets the
 * rest.
 */
function subjectOf(msg: AlertMessage, t: Catalogue): string {
  const prefix = `[${labelOf(msg, t)}] `;
  const suffix = msg.transition === 'repeat' ? ` ${t.render.stillFiring}` : '';
  const title = truncate(singleLine(msg.title) || singleLine(msg.ruleName) || t.render.alert, 100);
  const colon = `${t.render.colon} `;
  const room =
    EMAIL_SUBJECT_MAX -
    codePointLength(prefix) -
    codePointLength(title) -
    codePointLength(colon) -
    codePointLength(suffix);
  const server = truncate(singleLine(msg.server.name) || msg.server.id, room);
  return singleLine(`${prefix}${title}${colon}${server}${suffix}`);
}

/** The label/value rows shown before the message's own fields. */
function factsOf(msg: AlertMessage, t: Catalogue): [string, string][] {
  const facts: [string, string][] = [[t.render.server, msg.server.name]];
  if (msg.instance !== null && msg.instance.trim() !== '') facts.push([t.render.instance, msg.instance]);
  facts.push([t.render.time, t.formats.time(msg.at)]);
  if (msg.transition === 'repeat' || msg.transition === 'resolved')
    facts.push([t.render.started, t.formats.time(msg.startedAt)]);
  const duration = durationToShow(msg, t);
  if (duration !== null) facts.push([durationName(msg, t), duration]);
  return facts;
}

/**
 * Renders a notification as an e-mail: a subject like `[CRITICAL] Server offline: My Server`, a plain-text body with
 * every fact and field, and a self-contained HTML body (inline styles only, a bar in the severity's colour, a table of
 * the fields and an "Open dashboard" button when there is a URL) in which every piece of user text is escaped. Every
 * text is in the channel's `locale`, which the HTML also declares.
 */
export function renderEmail(message: AlertMessage, locale: Locale = 'en'): EmailContent {
  const t = catalogue(locale);
  const msg = localize(message, t);
  const subject = subjectOf(msg, t);
  const title = msg.title.trim() || msg.ruleName;
  const label = labelOf(msg, t);
  const status = statusLine(msg, t, t.formats.time, true);
  const facts = factsOf(msg, t);
  const url = safeUrl(msg.url);
  const footer = footerLine(msg, 500, t);
  const colon = t.render.colon;
  const indent = (s: string): string => s.replace(/\r\n|\r|\n/g, '\n    ');

  const text: string[] = [`${label}${colon} ${singleLine(title)}`, ''];
  for (const [name, value] of facts) text.push(`${name}${colon} ${indent(value)}`);
  if (status !== null) text.push('', status);
  if (msg.summary.trim() !== '') text.push('', msg.summary.trim());
  if (msg.fields.length > 0) {
    text.push('', `${t.render.details}${colon}`);
    for (const f of msg.fields) text.push(`- ${singleLine(f.name)}${colon} ${indent(f.value)}`);
  }
  if (url !== null) text.push('', `${t.render.openDashboard}${colon} ${url}`);
  text.push('', '-- ', footer, '');

  const colour = cssColour(colourOf(msg));
  const cell = 'padding:6px 0;border-top:1px solid #e8e8ec;vertical-align:top;font-size:14px;line-height:20px;';
  const row = (name: string, value: string): string =>
    `<tr><th align="left" style="${cell}padding-right:16px;color:#60646c;font-weight:600;white-space:nowrap;">` +
    `${escapeHtml(singleLine(name) || '—')}</th><td style="${cell}color:#1c2024;word-break:break-word;">` +
    `${htmlLines(value.trim() === '' ? '—' : value)}</td></tr>`;
  const rows = [...facts.map(([n, v]) => row(n, v)), ...msg.fields.map((f) => row(f.name, f.value))].join('\n');
  const testBanner =
    msg.transition === 'test'
      ? '<p style="margin:0 0 16px;padding:8px 12px;background:#fff7c2;border-radius:6px;font-size:14px;">' +
        `${escapeHtml(t.render.testNote)}</p>\n`
      : '';
  const html = `<!DOCTYPE html>
<html lang="${t.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c2024;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;border-collapse:separate;">
<tr><td style="height:6px;line-height:6px;font-size:0;background:${colour};border-radius:8px 8px 0 0;">&nbsp;</td></tr>
<tr><td style="padding:24px;">
${testBanner}<div style="font-size:12px;line-height:16px;font-weight:700;letter-spacing:1px;color:${colour};">${escapeHtml(label)}</div>
<h1 style="margin:4px 0 12px;font-size:20px;line-height:28px;font-weight:700;color:#1c2024;">${escapeHtml(singleLine(title))}</h1>
${msg.summary.trim() === '' ? '' : `<p style="margin:0 0 12px;font-size:15px;line-height:22px;">${htmlLines(msg.summary.trim())}</p>\n`}${status === null ? '' : `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#60646c;">${escapeHtml(status)}</p>\n`}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
${rows}
</table>
${url === null ? '' : `<p style="margin:24px 0 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:${colour};color:#ffffff;font-size:14px;font-weight:700;text-decoration:none;border-radius:6px;">${escapeHtml(t.render.openDashboard)}</a></p>\n`}</td></tr>
<tr><td style="padding:12px 24px;border-top:1px solid #e8e8ec;font-size:12px;line-height:16px;color:#8b8d98;">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text: text.join('\n'), html };
}
