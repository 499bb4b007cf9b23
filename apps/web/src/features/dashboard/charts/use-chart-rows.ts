import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { serverNow } from '../../../lib/hooks';
import type { DataSource } from '../../../live/source';
import { withLive } from './chart-data';
import { chartHistoryQuery, type ChartRoute, type ChartRow } from './chart-history';
import type { LiveLog, LoggedKind } from './live-log';
import { liveRows } from './live-rows';
import type { ChartRange } from './RangePicker';
import { saveChanges, type SaveChange } from './sessions';

export interface ChartRows {
  rows: ChartRow[];
  from: number;
  to: number;
  /** The changes of save within [from, to]. */
  changes: SaveChange[];
  error: unknown;
  retentionHours: number | null;
}

/**
 * A chart's rows: its route's history for the chosen range (and filter), then the live polls after it. The shown
 * window ends at the newest row (or now) and moves with each poll, not with every clock tick.
 */
export function useChartRows<K extends LoggedKind>(opts: {
  src: DataSource;
  route: ChartRoute;
  filter?: Record<string, string>;
  /** The live rows that belong to the chart (one circuit, one item: a column's value); all of the kind without. */
  match?: { column: string; value: string | number };
  enabled?: boolean;
  range: ChartRange;
  log: LiveLog;
  kind: K;
  interval: number;
}): ChartRows {
  const { range, log, kind, interval, match } = opts;
  const history = useQuery(
    chartHistoryQuery(opts.src, opts.route, opts.filter ?? {}, range.id, range.hours, range.step, opts.enabled),
  );
  const live: LiveLog['polls'][K] = log.polls[kind];
  const column = match?.column;
  const value = match?.value;
  const rows = useMemo(() => {
    const fromLive = liveRows(kind, live, interval);
    const mine = column === undefined ? fromLive : fromLive.filter((r) => r.row[column] === value);
    return withLive(history.data?.rows ?? [], mine);
  }, [history.data, live, kind, interval, column, value]);
  return useMemo(() => {
    const to = Math.max(
      serverNow(),
      rows.reduce((m, r) => Math.max(m, r.t), 0),
    );
    const from = to - range.hours * 3600_000;
    return {
      rows,
      from,
      to,
      changes: saveChanges(rows).filter((c) => c.t >= from && c.t <= to),
      error: history.error,
      retentionHours: history.data?.retentionHours ?? null,
    };
  }, [rows, range.hours, history.error, history.data?.retentionHours]);
}
