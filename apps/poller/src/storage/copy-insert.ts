import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Column } from './unnest-insert';

const staged = Symbol('stagingTables');

/**
 * Forgets which staging tables a connection has: after a rolled-back transaction they may not exist any more
 * (their CREATE was part of it).
 */
export function forgetStaging(client: PoolClient): void {
  delete (client as unknown as Record<symbol, unknown>)[staged];
}

/** One value in COPY's text format. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  return String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** Rows in COPY's text format: tab-separated, one per line. */
export function copyText(rows: readonly unknown[][]): string {
  let text = '';
  for (const row of rows) text += `${row.map(field).join('\t')}\n`;
  return text;
}

/**
 * Inserts many rows through COPY into a per-connection staging table, then `INSERT ... SELECT ... ON CONFLICT DO
 * NOTHING` into the target: COPY's text format is far cheaper to produce than `unnest` array parameters, and the
 * second step keeps writes idempotent (COPY alone would fail on a redelivered job's duplicate rows).
 */
export async function insertViaCopy(
  client: PoolClient,
  table: string,
  columns: readonly Column[],
  rows: readonly unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const stage = `stage_${table}`;
  const known = ((client as unknown as Record<symbol, Set<string>>)[staged] ??= new Set<string>());
  if (!known.has(stage)) {
    await client.query(
      `CREATE TEMP TABLE IF NOT EXISTS "${stage}" (LIKE "${table}" INCLUDING DEFAULTS) ON COMMIT DELETE ROWS`,
    );
    known.add(stage);
  }
  await pipeline(Readable.from([copyText(rows)]), client.query(copyFrom(`COPY "${stage}" (${names}) FROM STDIN`)));
  await client.query(`INSERT INTO "${table}" (${names}) SELECT ${names} FROM "${stage}" ON CONFLICT DO NOTHING`);
}
