/**
 * The time source of every decision that depends on time (quota day, retention cut-off, rule evaluation, the
 * scheduler's slots, session expiry). Injected, so tests set the time instead of spying on `Date.now`.
 * Provided globally by PlatformModule as {@link SystemClock}; a test overrides the `Clock` provider.
 */
export abstract class Clock {
  /** Milliseconds since the epoch. */
  abstract nowMs(): number;

  /** The current time as a Date. */
  now(): Date {
    return new Date(this.nowMs());
  }
}

/** The wall clock. */
export class SystemClock extends Clock {
  nowMs(): number {
    return Date.now();
  }
}

/** A clock a test moves by hand (starts at `start`, default 2026-01-01T00:00:00Z). */
export class ManualClock extends Clock {
  private ms: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 1)) {
    super();
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  nowMs(): number {
    return this.ms;
  }

  /** Moves the clock forward (or back, with a negative value) by `ms` milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }

  /** Sets the clock to `to`. */
  set(to: Date | number): void {
    this.ms = typeof to === 'number' ? to : to.getTime();
  }
}
