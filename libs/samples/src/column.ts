/** PostgreSQL types of sample columns (the COPY text encoder and the REST schema follow them). */
export type SqlType =
  'timestamptz' | 'uuid' | 'server_status' | 'text' | 'bool' | 'smallint' | 'int' | 'bigint' | 'real' | 'float8';

/**
 * One column of a sample table. Its SQL name is also its REST field (snake_case, the spec's names) unless `apiName`
 * says otherwise; `field` is the record's and the poll result's key (camelCase).
 */
export interface SampleColumn {
  readonly column: string;
  readonly type: SqlType;
  /** The key in the FRM/game record, the poll result's `data` and the realtime snapshot. */
  readonly field: string;
  readonly nullable: boolean;
  /** Part of the poll result event and the realtime snapshot (false: stored and served by REST only). */
  readonly event: boolean;
  /** Served by the REST API's latest reads (false: stored only, e.g. FRM's own player id). */
  readonly api: boolean;
  /** Unit or meaning, shown in the OpenAPI document. */
  readonly doc?: string;
  /** The REST field when it is not the column's name (the spec calls a player's `player_id` `id`). */
  readonly apiName?: string;
}

/** The REST field of a column: its `apiName`, else its SQL name. */
export const apiNameOf = (c: SampleColumn): string => c.apiName ?? c.column;

export interface ColumnOptions {
  /** The record key when it is not the camelCase of the column (e.g. `batteryTimeEmptySeconds`). */
  field?: string;
  nullable?: boolean;
  event?: boolean;
  api?: boolean;
  doc?: string;
  apiName?: string;
}

const camel = (column: string): string => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Declares a column; the record field defaults to the camelCase of the column name. */
export function col(column: string, type: SqlType, options: ColumnOptions = {}): SampleColumn {
  return {
    column,
    type,
    field: options.field ?? camel(column),
    nullable: options.nullable ?? false,
    event: options.event ?? true,
    api: options.api ?? true,
    ...(options.doc ? { doc: options.doc } : {}),
    ...(options.apiName ? { apiName: options.apiName } : {}),
  };
}

/** The two key columns every sample table starts with. */
export const KEY_COLUMNS = [
  ['time', 'timestamptz'],
  ['server_id', 'uuid'],
] as const satisfies readonly (readonly [string, SqlType])[];

/**
 * The save an add-on sample was taken in (FRM getSessionInfo's or QueryServerState's session name; null before the
 * poller has seen one). Loading another save starts new series instead of continuing the old ones.
 */
export const SESSION_COLUMN: SampleColumn = col('session_name', 'text', {
  nullable: true,
  event: false,
  doc: 'the save (session) the sample was taken in',
});
