import { queryOptions } from '@tanstack/react-query';
import type { GetAnswer } from '../lib/api/client';
import { ms } from '../lib/format';
import { serverNow } from '../lib/hooks';
import { get, liveKeys, type DataSource } from './source';

/** One bucket of GET .../metrics/history. */
export interface HistoryBucket {
  t: number;
  tick: number | null;
  tickMin: number | null;
  tickMax: number | null;
  players: number | null;
  playersMax: number | null;
}

export interface History {
  from: number;
  to: number;
  stepSeconds: number;
  retentionHours: number;
  buckets: HistoryBucket[];
}

/** The document types a bucket as a free record (its columns come from the sample-kind registry). */
type HistoryAnswer = GetAnswer<'/api/v1/servers/{id}/metrics/history'>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Tick rate and players between `from` and `to`, bucketed by the API; buckets without samples are absent. */
export async function loadHistory(src: DataSource, from: number, to: number, stepSeconds: number): Promise<History> {
  const q = new URLSearchParams({
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    step: `${stepSeconds}s`,
  });
  const res = await get<HistoryAnswer>(src, `/metrics/history?${q.toString()}`);
  return {
    from: ms(res.from) ?? from,
    to: ms(res.to) ?? to,
    stepSeconds: res.step_seconds,
    retentionHours: res.retention_hours,
    buckets: res.buckets
      .map((r) => ({
        t: ms(typeof r.time === 'string' ? r.time : null) ?? 0,
        tick: num(r.tick_rate_avg),
        tickMin: num(r.tick_rate_min),
        tickMax: num(r.tick_rate_max),
        players: num(r.player_count_avg),
        playersMax: num(r.player_count_max),
      }))
      .filter((x) => x.t > 0),
  };
}

/**
 * The history of the last `hours` as a query, keyed by source, range and step: switching back to a range shows it
 * at once, it refreshes itself every few buckets, and the live adapter invalidates it after a reconnect.
 */
export function historyQuery(src: DataSource, range: string, hours: number, stepSeconds: number) {
  return queryOptions({
    queryKey: liveKeys.history(src, range, stepSeconds),
    queryFn: () => {
      const to = serverNow();
      return loadHistory(src, to - hours * 3600_000, to, stepSeconds);
    },
    staleTime: 30_000,
    refetchInterval: Math.max(60_000, stepSeconds * 10_000),
    placeholderData: (previous) => previous,
  });
}
