/**
 * Remembers how late recent jobs started, relative to their interval. Polling "lags" when, within the window,
 * a job started (or was dropped) more than one interval after its slot.
 */
export class LagMonitor {
  private readonly samples: { at: number; ratio: number }[] = [];

  constructor(private readonly windowMs = 30_000) {}

  record(lagMs: number, intervalMs: number, now = Date.now()): void {
    this.samples.push({ at: now, ratio: lagMs / intervalMs });
    this.trim(now);
  }

  /** The worst lag in the window as a fraction of the interval (1 = a whole interval late). */
  worst(now = Date.now()): number {
    this.trim(now);
    return this.samples.reduce((m, s) => Math.max(m, s.ratio), 0);
  }

  private trim(now: number): void {
    while (this.samples.length > 0 && this.samples[0]!.at < now - this.windowMs) this.samples.shift();
    if (this.samples.length > 10_000) this.samples.splice(0, this.samples.length - 10_000);
  }
}
