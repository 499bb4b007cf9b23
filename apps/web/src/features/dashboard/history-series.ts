import { alignSeries, withGaps, type AlignedData, type SeriesPoint } from '../../components/chart/series';
import type { History } from '../../live/seed';
import type { LivePoint } from '../../live/store';

/** The ranges of the history chart; longer ones than the plan keeps are offered but disabled. */
export const RANGES = [
  { id: '15m', hours: 0.25 },
  { id: '1h', hours: 1 },
  { id: '6h', hours: 6 },
  { id: '24h', hours: 24 },
  { id: '7d', hours: 168 },
  { id: '30d', hours: 720 },
  { id: '90d', hours: 2160 },
] as const;
export type RangeId = (typeof RANGES)[number]['id'];

const STEPS = [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** Bucket size: about 250 buckets, never finer than the polling interval (finer would be all gaps). */
export function stepFor(hours: number, intervalSeconds: number): number {
  const want = Math.max(intervalSeconds, (hours * 3600) / 250);
  return STEPS.find((s) => s >= want) ?? 86400;
}

export interface HistoryCharts {
  /** Average and lowest tick rate per bucket. */
  tick: AlignedData;
  /** Average and highest player count per bucket. */
  players: AlignedData;
}

/**
 * The history buckets followed by the live polls that came after the last bucket (each live poll stands for one
 * polling interval, with its lowest and highest equal to its value), gaps made explicit, on one time axis per chart.
 */
export function historyCharts(
  history: History | undefined,
  live: readonly LivePoint[],
  interval: number,
): HistoryCharts {
  const tick: SeriesPoint[] = [];
  const tickMin: SeriesPoint[] = [];
  const players: SeriesPoint[] = [];
  const playersMax: SeriesPoint[] = [];
  let fetchedTo = 0;
  for (const b of history?.buckets ?? []) {
    const span = history!.stepSeconds;
    tick.push({ t: b.t, v: b.tick, span });
    tickMin.push({ t: b.t, v: b.tickMin, span });
    players.push({ t: b.t, v: b.players, span });
    playersMax.push({ t: b.t, v: b.playersMax, span });
    fetchedTo = Math.max(fetchedTo, b.t + span * 1000);
  }
  for (const p of live)
    if (p.t >= fetchedTo) {
      tick.push({ t: p.t, v: p.tick, span: interval });
      tickMin.push({ t: p.t, v: p.tick, span: interval });
      players.push({ t: p.t, v: p.players, span: interval });
      playersMax.push({ t: p.t, v: p.players, span: interval });
    }
  return {
    tick: alignSeries([withGaps(tick), withGaps(tickMin)]),
    players: alignSeries([withGaps(players), withGaps(playersMax)]),
  };
}
