/** Readings closer together than this share one entry (the window's resolution): at most a day's 1,440 per series. */
const RESOLUTION_MS = 60_000;

interface Reading {
  at: number;
  value: number;
}

/**
 * The highest value of each series (a circuit's consumption) over a trailing window, for rules that compare with
 * a recent peak. Each series is a queue of readings whose values fall from oldest to newest (a reading that a
 * later, higher one outdoes can never be a window's peak again), so the peak of any window is its oldest reading
 * still inside it. Memory only: after a restart (or a standby taking over) the window fills again from then on.
 */
export class PeakWindows {
  private readonly series = new Map<string, { queue: Reading[]; latest: number }>();

  /** Adds a reading; readings older than `keepMs` before it are dropped. A replayed or late reading is ignored. */
  record(key: string, at: number, value: number, keepMs: number): void {
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = { queue: [], latest: -Infinity }));
    if (at <= series.latest) return;
    series.latest = at;
    const queue = series.queue;
    while (queue.length > 0 && queue[queue.length - 1]!.value <= value) queue.pop();
    const last = queue[queue.length - 1];
    // A lower reading within the resolution of a higher one adds nothing worth its memory.
    if (!last || at - last.at >= RESOLUTION_MS) queue.push({ at, value });
    while (queue.length > 0 && queue[0]!.at < at - keepMs) queue.shift();
  }

  /** The highest reading of the series at or after `since`, or null when there is none. */
  peak(key: string, since: number): number | null {
    const queue = this.series.get(key)?.queue;
    if (!queue) return null;
    for (const r of queue) if (r.at >= since) return r.value;
    return null;
  }

  /** Drops every series whose key starts with `prefix` (a server deleted). */
  forget(prefix: string): void {
    for (const key of this.series.keys()) if (key.startsWith(prefix)) this.series.delete(key);
  }

  get size(): number {
    return this.series.size;
  }
}
