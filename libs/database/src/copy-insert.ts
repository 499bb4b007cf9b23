import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A column of a batched insert: its name and its PostgreSQL type. */
export type Column = readonly [name: string, type: string];

const staged = Symbol('stagingTables');

/**
 * Forgets which staging tables a connection has: after a rolled-back transaction they may not exist any more
 * (their CREATE was part of it).
 */
export function forgetStaging(client: PoolClient): void {
  delete (client as unknown as Record<symbol, unknown>)[staged];
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format. */
function field(value: unknown, dates: Map<Date, string>): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) {
    // The rows of one poll share their time: formatted once per Date (toISOString is the costliest field here).
    let text = dates.get(value);
    if (text === undefined) dates.set(value, (text = value.toISOString()));
    return text;
  }
  const text = String(value);
  // One scan for the common case (nothing to escape; JSON text has no raw tabs or line breaks).
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}

/** Rows in COPY's text format: tab-separated, one per line. */
export function copyText(rows: readonly unknown[][]): string {
  const dates = new Map<Date, string>();
  let text = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : '\t') + field(row[i], dates);
    text += `${line}\n`;
  }
  return text;
}

/**
 * Inserts many rows through COPY into a per-connection staging table, then `INSERT ... SELECT ... <tail>` into the
 * target: COPY's text format is far cheaper to produce than `unnest` array parameters, and the second step keeps
 * writes idempotent (COPY alone would fail on a redelivered job's duplicate rows) or turns them into upserts.
 * `join` may filter the staged rows (`u`), e.g. to servers that still exist; `stage` names the staging table (one
 * per use within a transaction: its rows are only emptied at commit).
 */
export async function insertViaCopy(
  client: PoolClient,
  table: string,
  columns: readonly Column[],
  rows: readonly unknown[][],
  { tail = 'ON CONFLICT DO NOTHING', join = '', stage = `stage_${table}` } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const select = columns.map(([name]) => `u."${name}"`).join(', ');
  const known = ((client as unknown as Record<symbol, Set<string>>)[staged] ??= new Set<string>());
  if (!known.has(stage)) {
    await client.query(
      `CREATE TEMP TABLE IF NOT EXISTS "${stage}" (LIKE "${table}" INCLUDING DEFAULTS) ON COMMIT DELETE ROWS`,
    );
    known.add(stage);
  }
  await sendCopy(client, `COPY "${stage}" (${names}) FROM STDIN`, copyText(rows));
  await client.query(`INSERT INTO "${table}" (${names}) SELECT ${select} FROM "${stage}" u ${join} ${tail}`);
}

/**
 * COPY straight into the target table: the fast path. Fails as a whole (unique violation, 23505) when any row is
 * already stored, e.g. a redelivered job's; the caller then writes the batch through `insertViaCopy`.
 */
export async function copyInto(
  client: PoolClient,
  table: string,
  columns: readonly Column[],
  rows: readonly unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  await sendCopy(client, `COPY "${table}" (${names}) FROM STDIN`, copyText(rows));
}

/**
 * Runs one `COPY ... FROM STDIN` with the whole text at once; resolves when PostgreSQL has confirmed it (the stream's
 * 'finish' waits for CommandComplete). Not `stream.pipeline`: it builds an AbortController and an AbortError (with
 * its stack) for every call, several per flush.
 */
function sendCopy(client: PoolClient, sql: string, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(sql));
    stream.once('error', reject);
    stream.once('finish', () => resolve());
    stream.end(text);
  });
}

/** Whether an error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
