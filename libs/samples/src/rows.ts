import { apiNameOf } from './column';
import type { SampleKind } from './sample-kind';

type RecordLike = object;

/** Row builders compiled once per kind: the fields in column order (the hot path of every poll). */
const FIELDS = new WeakMap<SampleKind, readonly string[]>();
const EVENT_FIELDS = new WeakMap<SampleKind, readonly string[]>();

function fieldsOf(kind: SampleKind): readonly string[] {
  let fields = FIELDS.get(kind);
  if (!fields) FIELDS.set(kind, (fields = kind.columns.map((c) => c.field)));
  return fields;
}

function eventFieldsOf(kind: SampleKind): readonly string[] {
  let fields = EVENT_FIELDS.get(kind);
  if (!fields) EVENT_FIELDS.set(kind, (fields = kind.columns.filter((c) => c.event).map((c) => c.field)));
  return fields;
}

/**
 * The table rows of one poll: `time`, `server_id`, then each column's field of the record, in column order. A
 * record without `sessionName` is tagged with `session` (the save the poller last saw on that server).
 */
export function rowsOf(
  kind: SampleKind,
  time: Date,
  serverId: string,
  records: readonly RecordLike[],
  session: string | null = null,
): unknown[][] {
  const fields = fieldsOf(kind);
  const rows: unknown[][] = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as Record<string, unknown>;
    const row: unknown[] = new Array(fields.length + 2);
    row[0] = time;
    row[1] = serverId;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      row[f + 2] = record[field] ?? (field === 'sessionName' ? session : null);
    }
    rows[i] = row;
  }
  return rows;
}

/**
 * The poll result's `data` for one poll's records (the same shape the realtime snapshot reads back from the rows):
 * the event fields of each record, or the kind's summary, or the one record.
 */
export function eventDataOf(kind: SampleKind, records: readonly RecordLike[]): unknown {
  const shape = kind.latest;
  if (shape.type === 'summary') {
    const summary: Record<string, number> = {};
    for (const f of shape.fields) summary[f.field] = 0;
    for (const f of shape.fields) {
      const seen = f.key ? new Set<unknown>() : null;
      for (const record of records) {
        const r = record as Record<string, unknown>;
        if (!f.test(r)) continue;
        if (seen) seen.add(f.key!(r));
        else summary[f.field]! += 1;
      }
      if (seen) summary[f.field] = seen.size;
    }
    return summary;
  }
  const fields = eventFieldsOf(kind);
  const project = (record: RecordLike): Record<string, unknown> => {
    const r = record as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of fields) out[f] = r[f] ?? null;
    return out;
  };
  return shape.type === 'one' ? (records[0] ? project(records[0]) : null) : records.map(project);
}

/**
 * A record (the camelCase fields) read back from a REST row of the kind (its REST field names): the dashboard seeds its
 * live store with `eventDataOf(kind, rows.map((r) => recordOfApiRow(kind, r)))`, the shape the socket sends. Values
 * are coerced by the column's type (a missing non-null number is 0, a missing non-null text ''), as JSON from any
 * proxy may differ slightly.
 */
export function recordOfApiRow(kind: SampleKind, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const c of kind.columns) {
    if (!c.api) continue;
    const v = row[apiNameOf(c)];
    const missing = v === null || v === undefined;
    switch (c.type) {
      case 'bool':
        record[c.field] = missing && c.nullable ? null : v === true || v === 't' || v === 'true';
        break;
      case 'smallint':
      case 'int':
      case 'bigint':
      case 'real':
      case 'float8':
        record[c.field] = missing ? (c.nullable ? null : 0) : Number(v);
        break;
      default:
        record[c.field] = missing ? (c.nullable ? null : '') : String(v);
    }
  }
  return record;
}
