import { ErrorCodes, type ErrorCode } from '@app/contracts';

/**
 * An error the REST API renders as `{"error":{code,message,remedy?,details?},"request_id"}` with the code's status.
 * `message` says what was wrong, `remedy` what to do; neither ever carries a secret, SQL or an internal host.
 */
export class ApiError extends Error {
  readonly status: number;
  /** Seconds the client should wait before trying again: the filter sends Retry-After and `retry_after_seconds`. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly remedy?: string,
    readonly details?: Record<string, unknown>,
    status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status ?? ErrorCodes[code];
    // An error built with `details.retry_after_seconds` (the throttles, the quota) asks the same wait.
    const wait = details?.retry_after_seconds;
    if (typeof wait === 'number') this.retryAfterSeconds = wait;
  }

  /** Sets {@link retryAfterSeconds} (whole seconds, at least 1); returns this error. */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  /** Unknown ids and other tenants' ids look the same: never reveal that an id exists elsewhere. */
  static notFound(what: string): ApiError {
    return new ApiError(
      'NotFound',
      `${what} not found`,
      'Check the id; it may have been deleted or belong to another organisation.',
    );
  }

  /** 403 PlanLimitReached: `feature` (e.g. "share links") is not part of `planId`; names the plan that has it. */
  static notInPlan(feature: string, planId: string, requiredPlan: 'hobby' | 'pro' | 'team', remedy: string): ApiError {
    return new ApiError('PlanLimitReached', `${feature} not part of the ${planId} plan`, remedy, {
      plan: planId,
      required_plan: requiredPlan,
    });
  }
}
