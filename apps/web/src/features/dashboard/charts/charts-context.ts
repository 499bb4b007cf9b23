import type { PanelContext } from '../common';
import type { LiveLog } from './live-log';

/** What each history chart gets: the dashboard's panel context, the live log, the plan's retention and intervals. */
export interface ChartsContext {
  ctx: PanelContext;
  log: LiveLog;
  retentionHours: number | null;
  planName: string | null;
  /** The plan's polling interval of a kind the dashboard's `intervals` do not carry (seconds), else `fallback`. */
  intervalOf(kind: string, fallback: number): number;
}
