import type { SampleKind, SqlType } from '@app/samples';

/** Largest magnitude of each integer column type (PostgreSQL's range; bigint within a double's exact integers). */
const INTEGER_MAX: Partial<Record<SqlType, number>> = {
  smallint: 32_767,
  int: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
};

/** Each kind's integer columns with their bound, found once (this runs on every poll). */
const CHECKS = new WeakMap<SampleKind, { c: SampleKind['columns'][number]; max: number }[]>();
function integerColumns(kind: SampleKind) {
  let checks = CHECKS.get(kind);
  if (!checks) {
    checks = kind.columns.flatMap((c) => (INTEGER_MAX[c.type] ? [{ c, max: INTEGER_MAX[c.type]! }] : []));
    CHECKS.set(kind, checks);
  }
  return checks;
}

/**
 * The first value of a poll's records its table cannot hold (a fraction or an out-of-range number in an integer
 * column), described, or null. PostgreSQL would refuse the whole batch for it, holding up every tenant's rows in the
 * same flush, so the poll is refused before it is queued.
 */
export function outOfRange(kind: SampleKind, records: readonly object[]): string | null {
  const checks = integerColumns(kind);
  if (checks.length === 0) return null;
  for (const record of records) {
    const r = record as Record<string, unknown>;
    for (const { c, max } of checks) {
      const v = r[c.field];
      if (typeof v !== 'number') continue;
      if (!Number.isInteger(v) || Math.abs(v) > max)
        return `a number out of range in ${c.field} (${v}; a whole number within ±${max} is expected)`;
    }
  }
  return null;
}
