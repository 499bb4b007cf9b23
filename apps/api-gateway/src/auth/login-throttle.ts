/**
 * Failed sign-ins counted per client address and per e-mail in a sliding 15-minute window: after `max` failures
 * either key is refused (429) until its oldest failure leaves the window. In memory, per replica: with N replicas
 * an attacker gets at most N x max guesses per window, still far too few for a 10-character password.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** Seconds to wait before another attempt with these keys, or 0. */
  retryAfter(keys: readonly string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const times = this.recent(key, now);
      if (times.length >= this.max) wait = Math.max(wait, Math.ceil((times[0]! + this.windowMs - now) / 1000));
    }
    return wait;
  }

  fail(keys: readonly string[], now = Date.now()): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.prune(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures)
      if (times.every((t) => t <= now - this.windowMs)) this.failures.delete(key);
  }
}
