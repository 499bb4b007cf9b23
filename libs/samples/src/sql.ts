import { apiNameOf, type SampleColumn } from './column';
import type { SampleKind } from './sample-kind';

/**
 * SQL text built from the registry. Only identifiers declared in the kinds go into it (never a request's value):
 * values are always bound as parameters by the repositories that use these fragments.
 */

const IDENT = /^[a-z][a-z0-9_]*$/;
const FIELD = /^[a-zA-Z][a-zA-Z0-9]*$/;
function ident(name: string, pattern = IDENT): string {
  if (!pattern.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
}

/** bigint arrives from node-postgres as a string: served as a JSON number (play time in seconds fits a double). */
function valueOf(c: SampleColumn, prefix: string): string {
  const name = `${prefix}${ident(c.column)}`;
  return c.type === 'bigint' ? `${name}::float8` : name;
}

function selectOf(c: SampleColumn, prefix: string): string {
  const value = valueOf(c, prefix);
  const as = ident(apiNameOf(c));
  return value === `${prefix}${as}` ? value : `${value} AS ${as}`;
}

/**
 * The REST select list of a kind: `time` and every API column under its REST name (snake_case), optionally
 * prefixed `alias.`.
 */
export function apiSelectList(kind: SampleKind, alias?: string): string {
  const prefix = alias ? `${ident(alias)}.` : '';
  return [`${prefix}time`, ...kind.columns.filter((c) => c.api).map((c) => selectOf(c, prefix))].join(', ');
}

/** A timestamptz expression as JSON text the way the REST API writes times (`2026-11-26T08:00:00.000Z`). */
export function isoTime(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A JSON object of one row in its REST shape (the fields of {@link apiSelectList}), for answers built whole in
 * SQL, such as the dashboard's; `extra` adds computed fields (name -> SQL expression).
 */
export function apiJsonObject(kind: SampleKind, alias?: string, extra: Record<string, string> = {}): string {
  const prefix = alias ? `${ident(alias)}.` : '';
  const pairs = [
    `'time', ${isoTime(`${prefix}time`)}`,
    ...kind.columns.filter((c) => c.api).map((c) => `'${ident(apiNameOf(c))}', ${valueOf(c, prefix)}`),
    ...Object.entries(extra).map(([name, sql]) => `'${ident(name)}', ${sql}`),
  ];
  // PostgreSQL functions take at most 100 arguments.
  if (pairs.length > 50) throw new Error(`${kind.kind}: too many fields for one json_build_object`);
  return `json_build_object(${pairs.join(', ')})`;
}

/** The kind's table name, checked to be a plain identifier. */
export function tableOf(kind: SampleKind): string {
  return ident(kind.table);
}

/**
 * A JSON expression of one poll's data in the poll result's shape, read from the kind's rows of server `server`
 * at time `time` (SQL expressions, e.g. `l.server_id` and `l.time`): a `json_agg` of the event fields in the kind's
 * order (`[]` for an empty poll), or the summary's counts.
 */
export function snapshotJson(kind: SampleKind, server: string, time: string): string {
  const from = `FROM ${tableOf(kind)} WHERE server_id = ${server} AND time = ${time}`;
  if (kind.latest.type === 'summary') {
    const counts = kind.latest.fields.map(
      (f) =>
        `'${ident(f.field, FIELD)}', count(${f.distinct ? `DISTINCT ${ident(f.distinct)}` : '*'})${f.where ? ` FILTER (WHERE ${f.where})` : ''}`,
    );
    return `(SELECT json_build_object(${counts.join(', ')}) ${from})`;
  }
  const fields = kind.columns
    .filter((c) => c.event)
    .map((c) => `'${ident(c.field, FIELD)}', ${ident(c.column)}`)
    .join(', ');
  return `(SELECT coalesce(json_agg(json_build_object(${fields}) ORDER BY ${kind.order}), '[]'::json) ${from})`;
}
