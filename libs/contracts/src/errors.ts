import { z } from 'zod';

/**
 * Stable error codes of the REST API, with the HTTP status each renders as. Registration errors keep the
 * spec's names and statuses.
 */
export const ErrorCodes = {
  ValidationFailed: 400,
  /** An account mail's link (verification, password reset) is unknown or was used already. */
  LinkInvalid: 400,
  TargetNotAllowed: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  PlanLimitReached: 403,
  /** The account's e-mail address is not verified yet (issue 22). */
  EmailNotVerified: 403,
  TwoFactorRequired: 403,
  SsoRequired: 403,
  NotFound: 404,
  Conflict: 409,
  AddonUnavailable: 409,
  NoDataYet: 409,
  /** An account mail's link expired. */
  LinkExpired: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  InvalidAdminPasswordException: 422,
  QuotaExceeded: 429,
  TooManyRequests: 429,
  ProvisioningFailedException: 500,
  InternalError: 500,
  ServerUnreachableException: 502,
  ServiceUnavailable: 503,
} as const;
export type ErrorCode = keyof typeof ErrorCodes;

/** The one error body of the REST API. `remedy` tells the user what to do; never a stack trace or SQL. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    remedy: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  request_id: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
