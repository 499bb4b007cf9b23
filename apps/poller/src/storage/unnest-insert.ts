import type { PoolClient } from 'pg';

/** A column of a batched insert: its name and the PostgreSQL array type its values are sent as. */
export type Column = readonly [name: string, type: string];

/**
 * Inserts many rows in one statement: one array parameter per column, `INSERT ... SELECT FROM unnest(...)`.
 * `tail` is the conflict clause (e.g. `ON CONFLICT DO NOTHING`); `join` may filter the rows (e.g. by a FK).
 */
export async function insertUnnest(
  client: PoolClient,
  table: string,
  columns: readonly Column[],
  rows: readonly unknown[][],
  tail: string,
  join = '',
): Promise<number> {
  if (rows.length === 0) return 0;
  const arrays = columns.map((_, i) => rows.map((row) => row[i] ?? null));
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const params = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const select = columns.map(([name]) => `u."${name}"`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT ${select} FROM unnest(${params}) AS u(${names}) ${join} ${tail}`;
  const result = await client.query(sql, arrays);
  return result.rowCount ?? 0;
}
