/** PostgreSQL types of sample columns (the COPY text encoder and the REST schema follow them). */
export type SqlType =
  'timestamptz' | 'uuid' | 'server_status' | 'text' | 'bool' | 'smallint' | 'int' | 'bigint' | 'real' | 'float8';

/**
 * One column of a sample table. Its SQL name is also its REST field (snake_case, the spec's names); `field` is the
 * record's and the poll result's key (camelCase).
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
}

export interface ColumnOptions {
  /** The record key when it is not the camelCase of the column (e.g. `batteryTimeEmptySeconds`). */
  field?: string;
  nullable?: boolean;
  event?: boolean;
  api?: boolean;
  doc?: string;
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
  };
}

/** The two key columns every sample table starts with. */
export const KEY_COLUMNS = [
  ['time', 'timestamptz'],
  ['server_id', 'uuid'],
] as const satisfies readonly (readonly [string, SqlType])[];
