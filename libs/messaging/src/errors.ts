/** A payload that does not match its contract, refused at the producer before anything is sent. */
export class ContractViolationError extends Error {
  constructor(
    readonly subject: string,
    readonly issues: string,
  ) {
    super(`Payload for ${subject} does not match its contract: ${issues}`);
    this.name = 'ContractViolationError';
  }
}

/**
 * Thrown by a consumer's handler when a message can never succeed (e.g. it refers to a deleted server):
 * the message is dead-lettered at once instead of being retried.
 */
export class PermanentMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMessageError';
  }
}

/**
 * Thrown by a consumer's handler to have the message delivered again after `delayMs` (a receiver's rate limit, a
 * backoff the handler chose). It does not count as a failure towards dead-lettering.
 */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** A request that got no answer in time, or no responder at all. */
export class RequestFailedError extends Error {
  constructor(
    readonly subject: string,
    readonly reason: 'timeout' | 'no_responders' | 'invalid_response' | 'remote_error',
    detail: string,
  ) {
    super(`Request ${subject} failed (${reason}): ${detail}`);
    this.name = 'RequestFailedError';
  }
}
