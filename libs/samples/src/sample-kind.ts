import type { PollKind } from '@app/contracts';
import type { SampleColumn } from './column';

/**
 * How often a kind is polled on a paid plan (each plan row holds one interval per kind; Free polls all at 30 s):
 * `health` 10 s, `fast` 15 s, `standard` 30 s, `slow` 60 s.
 */
export type IntervalClass = 'health' | 'fast' | 'standard' | 'slow';

/** The Pro plan's interval of each class, seconds (the plans' seed migration holds it per kind; a test compares). */
export const PRO_INTERVAL_SECONDS: Readonly<Record<IntervalClass, number>> = {
  health: 10,
  fast: 15,
  standard: 30,
  slow: 60,
};

/** What the poll result and the realtime snapshot carry for a kind. */
export type LatestShape =
  /** One object (health: kept in `latest.data`, not read back from rows). */
  | { type: 'one' }
  /** The poll's rows with their event fields, ordered by `order`. */
  | { type: 'rows' }
  /** A summary computed from the poll's records (the rows go to storage and REST only). */
  | { type: 'summary'; fields: readonly SummaryField[] };

/** One field of a summary: counted over the poll's rows where `where` (SQL, over the table's columns) holds. */
export interface SummaryField {
  readonly field: string;
  /** SQL condition over the kind's columns, or null to count every row. */
  readonly where: string | null;
  /** The same condition over a record (for the poll result, computed before storage). */
  readonly test: (record: Record<string, unknown>) => boolean;
  /** Counts distinct values of this column (SQL) instead of rows... */
  readonly distinct?: string;
  /** ...and of this key over the records. */
  readonly key?: (record: Record<string, unknown>) => unknown;
}

/**
 * One polled data kind: the one place its table, columns and shapes are declared. Poller storage builds rows with
 * it, the api-gateway reads and documents it, the realtime-gateway builds snapshots from it.
 */
export interface SampleKind {
  readonly kind: PollKind;
  readonly table: string;
  /** Columns after `time` and `server_id`, in table order. */
  readonly columns: readonly SampleColumn[];
  /** ORDER BY of one poll's rows (the latest list and the snapshot). */
  readonly order: string;
  /** The column the REST API pages by, for paged kinds. */
  readonly pageKey?: string;
  readonly interval: IntervalClass;
  /** Served as bucketed history by the REST API. */
  readonly history: boolean;
  /** Has a continuous aggregate (TimescaleDB) or an aggregate view (plain PostgreSQL). */
  readonly aggregates: boolean;
  readonly latest: LatestShape;
  /** The sampled kinds keep only their time in `latest` (data JSON null); readers read the rows at that time. */
  readonly sampled: boolean;
  /** Polled through the FRM add-on (unavailable without it: the REST API answers 409 AddonUnavailable). */
  readonly addon: boolean;
  /** The kind whose plan interval this kind shares (storage polls with inventory, session with health). */
  readonly intervalOf?: PollKind;
}
