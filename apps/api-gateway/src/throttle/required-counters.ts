import { AttemptCounter, type Counted, type Take } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { ThrottleMetrics } from './throttle.metrics';

/**
 * The fixed-window counters in Redis ({@link AttemptCounter}) for throttles that fail closed: what they guard
 * (a password check, a mail, a probe of a game server, a message to a webhook) must not pass unchecked, so without
 * Redis the request is refused with 503 ServiceUnavailable.
 */
@Injectable()
export class RequiredCounters {
  private readonly logger = new Logger('Throttles');

  constructor(
    private readonly counter: AttemptCounter,
    private readonly metrics: ThrottleMetrics,
  ) {}

  /** The Redis key of a counter of `kind` for `subject` (hashed). */
  key(kind: string, subject: string): string {
    return this.counter.key(kind, subject);
  }

  /**
   * Checks and counts one attempt of `what` against every counter in one atomic step; throws 503 when Redis cannot
   * be reached. A refusal is answered (not thrown): callers word their own 429.
   */
  async take(what: string, counters: readonly Counted[], windowMs: number): Promise<Take> {
    let take: Take;
    try {
      take = await this.counter.take(counters, windowMs);
    } catch (error) {
      this.metrics.unavailable.inc({ throttle: what });
      this.logger.warn({ err: (error as Error).message }, `${what} refused: Redis unavailable`);
      throw new ApiError(
        'ServiceUnavailable',
        `${what} is unavailable at the moment: the attempt counters (Redis) cannot be reached`,
        'Try again in a few seconds (Retry-After).',
      );
    }
    if (!take.admitted) this.metrics.refused.inc({ throttle: what });
    return take;
  }
}
