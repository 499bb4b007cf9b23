import { queryOptions } from '@tanstack/react-query';
import type { GetAnswer } from '../../../lib/api/client';
import { ms } from '../../../lib/format';
import { serverNow } from '../../../lib/hooks';
import { get, sourceKey, type DataSource } from '../../../live/source';

/** The history routes the charts read (each answers buckets within the plan's retention). */
export type ChartRoute =
  | '/power/history'
  | '/production/history'
  | '/generators/history'
  | '/resource-sink/history'
  | '/players/history'
  | '/players/trails';

/**
 * One bucket (or one live poll in a bucket's shape) of a chart: when, how long it stands for, the save it was
 * taken in (`session_name`; null on rows older than the tagging) and its columns, snake_case as the API names them.
 */
export interface ChartRow {
  t: number;
  /** Seconds the row stands for: the history's step, or the polling interval of a live poll. */
  span: number;
  session: string | null;
  row: Record<string, unknown>;
}

export interface ChartHistory {
  from: number;
  to: number;
  stepSeconds: number;
  retentionHours: number;
  rows: ChartRow[];
}

/** The answer of a chart's history route (the same envelope for each; the buckets' columns differ). */
type HistoryAnswer<R extends ChartRoute> = GetAnswer<`/api/v1/servers/{id}${R}`>;
type Bucket = HistoryAnswer<ChartRoute>['buckets'][number];

/** The save of a bucket; null where the route does not tell it (power's aggregates keep no save). */
const sessionOf = (b: Bucket): string | null => ('session_name' in b ? b.session_name : null);

/** The value of a numeric column (a live row's number, or a bucket's; null when absent or not a number). */
export function numberOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** One route's buckets between `from` and `to`, with the route's own filters (`circuit`, `item`). */
export async function loadChartHistory(
  src: DataSource,
  route: ChartRoute,
  filter: Record<string, string>,
  from: number,
  to: number,
  stepSeconds: number,
): Promise<ChartHistory> {
  const q = new URLSearchParams({
    ...filter,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    step: `${stepSeconds}s`,
  });
  const res = await get<HistoryAnswer<ChartRoute>>(src, `${route}?${q.toString()}`);
  const rows: ChartRow[] = [];
  for (const b of res.buckets) {
    const t = ms(b.time);
    if (t !== null) rows.push({ t, span: res.step_seconds, session: sessionOf(b), row: b });
  }
  return {
    from: ms(res.from) ?? from,
    to: ms(res.to) ?? to,
    stepSeconds: res.step_seconds,
    retentionHours: res.retention_hours,
    rows,
  };
}

/**
 * A chart's history as a query. Its key sits under the source's `history` prefix, so the live adapter's refresh
 * after a reconnect covers it; it refreshes itself every few buckets, and a new range keeps the previous answer on
 * screen until the new one is in (another circuit or item does not: its values would be shown under the new name).
 */
export function chartHistoryQuery(
  src: DataSource,
  route: ChartRoute,
  filter: Record<string, string>,
  range: string,
  hours: number,
  stepSeconds: number,
  enabled = true,
) {
  const filterKey = JSON.stringify(filter);
  return queryOptions({
    queryKey: [...sourceKey(src), 'history', route, filterKey, range, stepSeconds] as const,
    queryFn: () => {
      const to = serverNow();
      return loadChartHistory(src, route, filter, to - hours * 3600_000, to, stepSeconds);
    },
    enabled,
    staleTime: 30_000,
    refetchInterval: Math.max(60_000, stepSeconds * 10_000),
    placeholderData: (previous, query) => (query?.queryKey.includes(filterKey) ? previous : undefined),
  });
}
