/**
 * Remembers how late recent jobs started, relative to their interval, in one-second buckets (constant work per
 * job). Polling "lags" when, within the window, a job started (or was dropped) more than one interval late.
 */
export class LagMonitor {
  private readonly buckets = new Map<number, number>();

  /**
   * 10 s: long enough to see a lagging queue, short enough that readiness recovers soon after a backlog of stale
   * jobs (e.g. published while NATS was away) has been dropped.
   */
  constructor(private readonly windowMs = 10_000) {}

  record(lagMs: number, intervalMs: number, now = Date.now()): void {
    const second = Math.floor(now / 1000);
    const ratio = lagMs / intervalMs;
    if (ratio > (this.buckets.get(second) ?? -1)) this.buckets.set(second, ratio);
    if (this.buckets.size > this.windowMs / 1000 + 5) this.trim(now);
  }

  /** The worst lag in the window as a fraction of the interval (1 = a whole interval late). */
  worst(now = Date.now()): number {
    this.trim(now);
    let worst = 0;
    for (const ratio of this.buckets.values()) worst = Math.max(worst, ratio);
    return worst;
  }

  private trim(now: number): void {
    const oldest = Math.floor((now - this.windowMs) / 1000);
    for (const second of this.buckets.keys()) if (second < oldest) this.buckets.delete(second);
  }
}
