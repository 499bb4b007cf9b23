import type { AlertConfigError, AlertConfigErrorCode } from '@app/contracts';

/**
 * A refusal of an alert-configuration request, answered to the api-gateway as a typed error
 * (`{ ok: false, error }`) that it renders with its REST error shape and the code's status.
 */
export class AlertConfigFailure extends Error {
  constructor(
    readonly code: AlertConfigErrorCode,
    message: string,
    readonly remedy?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AlertConfigFailure';
  }

  /** Unknown ids and other tenants' ids look the same: never reveal that an id exists elsewhere. */
  static notFound(what: string): AlertConfigFailure {
    return new AlertConfigFailure(
      'NotFound',
      `${what} not found`,
      'Check the id; it may have been deleted or belong to another organisation.',
    );
  }

  /** A 400 naming the fields and what is wrong with each. */
  static invalid(
    message: string,
    remedy: string,
    fields: { field: string; problem: string }[] | undefined,
  ): AlertConfigFailure {
    return new AlertConfigFailure('ValidationFailed', message, remedy, fields ? { fields } : undefined);
  }

  /** The answer's error part. */
  toError(): AlertConfigError {
    return {
      code: this.code,
      message: this.message,
      ...(this.remedy !== undefined ? { remedy: this.remedy } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
    };
  }
}
