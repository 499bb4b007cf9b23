import type { StatusChange } from './status-pages.repository';

const DAY_MS = 86_400_000;

/** Days a status page's uptime bars cover. */
export const UPTIME_DAYS = 90;

/** One day of a server's uptime bar: milliseconds spent up, degraded and down (unknown time is in none). */
export interface UptimeDay {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  upMs: number;
  degradedMs: number;
  downMs: number;
}

/** The colour of a day: no data, all up, some time degraded (never down), some time down. */
export type DayLevel = 'none' | 'up' | 'degraded' | 'down';

/** What a server's status counts as: degraded is still serving players, so it is counted apart from down. */
function bucketOf(status: string): 'upMs' | 'degradedMs' | 'downMs' | null {
  if (status === 'online') return 'upMs';
  if (status === 'degraded') return 'degradedMs';
  if (status === 'offline' || status === 'loading') return 'downMs';
  return null;
}

/**
 * A server's last `days` UTC days (the newest is today, up to `now`) from its status changes: `changes` are the
 * server's, oldest first, and may start with the last change before the window (which gives the status at its start).
 * Time before the first known change is unknown and counts nowhere.
 */
export function uptimeDays(changes: readonly StatusChange[], now: Date, days = UPTIME_DAYS): UptimeDay[] {
  const todayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = todayStart - (days - 1) * DAY_MS;
  const result: UptimeDay[] = [];
  for (let i = 0; i < days; i++)
    result.push({ day: new Date(from + i * DAY_MS).toISOString().slice(0, 10), upMs: 0, degradedMs: 0, downMs: 0 });
  const end = now.getTime();
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const bucket = bucketOf(change.status);
    if (!bucket) continue;
    const start = Math.max(change.time.getTime(), from);
    const stop = Math.min(changes[i + 1]?.time.getTime() ?? end, end);
    for (let t = start; t < stop;) {
      const index = Math.floor((t - from) / DAY_MS);
      const dayEnd = from + (index + 1) * DAY_MS;
      const until = Math.min(dayEnd, stop);
      const day = result[index];
      if (day) day[bucket] += until - t;
      t = until;
    }
  }
  return result;
}

/** The colour of a day's bar. */
export function dayLevel(day: UptimeDay): DayLevel {
  if (day.downMs > 0) return 'down';
  if (day.degradedMs > 0) return 'degraded';
  return day.upMs > 0 ? 'up' : 'none';
}

/** Percent of the known time that was up (online or degraded) and degraded, over the days; null without data. */
export function uptimeSummary(days: readonly UptimeDay[]): {
  uptimePercent: number | null;
  degradedPercent: number | null;
} {
  let up = 0;
  let degraded = 0;
  let down = 0;
  for (const d of days) {
    up += d.upMs;
    degraded += d.degradedMs;
    down += d.downMs;
  }
  const known = up + degraded + down;
  if (known === 0) return { uptimePercent: null, degradedPercent: null };
  const round = (x: number) => Math.round(x * 10_000) / 100;
  return { uptimePercent: round((up + degraded) / known), degradedPercent: round(degraded / known) };
}
