// The poller's total of bytes across the answers it is reading at once. Each answer has its own cap
// (answer-limits.ts), but many hostile servers polled together could each send up to theirs: 256 servers × 8 MiB is
// 2 GiB in one process every tenant shares. The budget bounds the sum; an answer whose next chunk would go over it is
// dropped (`answer_too_large`, saying why) and the next poll of that server tries again.
import { formatBytes, MiB, type InFlightBudget } from './answer-limits';
import { GameClientError, type GameTransportKind } from './errors';

/** Default of POLLER_ANSWER_BUDGET_BYTES. */
export const DEFAULT_ANSWER_BUDGET_BYTES = 256 * MiB;

/** Bytes of answers in flight, shared by every request of one transport (one process). */
export class AnswerBudget implements InFlightBudget {
  private used = 0;
  /** The most bytes in flight at once so far. */
  peak = 0;
  /** Answers dropped because the budget was used up. */
  refused = 0;

  constructor(readonly totalBytes: number = DEFAULT_ANSWER_BUDGET_BYTES) {}

  /** Bytes currently reserved by answers being read. */
  get inFlight(): number {
    return this.used;
  }

  /** Reserves `bytes` more; false (nothing reserved) when that would go over the total. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.totalBytes) {
      this.refused++;
      return false;
    }
    this.used += bytes;
    if (this.used > this.peak) this.peak = this.used;
    return true;
  }

  /** Gives back bytes of an answer that was read (or dropped). */
  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  /** The error of an answer dropped for the budget: what it had read, what the budget is, what happens. */
  exceeded(what: string, readBytes: number, transport?: GameTransportKind): GameClientError {
    return new GameClientError(
      'answer_too_large',
      `answer dropped: ${what} had sent ${formatBytes(readBytes)} when the poller's budget for answers in flight ` +
        `(${formatBytes(this.totalBytes)} across every server) was used up; the poll was dropped and nothing was ` +
        'stored, the next poll tries again. Many large answers at once: check the servers named in these states.',
      transport ? { transport } : {},
    );
  }
}
