import type { SessionRow } from './players.repository';

const COLUMNS = [
  'server_id',
  'player_id',
  'player_name',
  'anonymous',
  'slot',
  'joined_at',
  'left_at',
  'duration_seconds',
  'session_name',
  'close_reason',
] as const satisfies readonly (keyof SessionRow)[];

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage
 * return: OWASP's CSV injection list) gets a leading apostrophe; a player picks their own name, so it is hostile input.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Sessions as CSV with a header line, CRLF line ends. */
export function sessionsCsv(rows: readonly SessionRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => csvField(row[c])).join(','));
  return lines.join('\r\n') + '\r\n';
}
