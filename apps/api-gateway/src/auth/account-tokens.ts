import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '../http/api-error';

/** What an account mail's token is for. */
export type AccountTokenPurpose = 'verify_email' | 'reset_password';

/** A stored account token as its check needs it. */
export interface AccountTokenState {
  purpose: string;
  expiresAt: Date;
  usedAt: Date | null;
}

const WHAT: Record<AccountTokenPurpose, { link: string; again: string }> = {
  verify_email: {
    link: 'verification link',
    again:
      'Sign in and ask for a new verification mail (the banner of the dashboard, or POST /api/v1/auth/verify-email/resend).',
  },
  reset_password: {
    link: 'password reset link',
    again: 'Ask for a new one on the "Forgot password?" page (POST /api/v1/auth/password-reset).',
  },
};

/** A new token for a mail link (256 random bits) and the SHA-256 that is stored instead of it. */
export function newAccountToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccountToken(token) };
}

/** SHA-256 (hex) of a token: random 256-bit tokens need no password stretching. */
export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether a token found by its hash may be used now: throws 400 LinkInvalid for an unknown token, another
 * purpose's token or a used (or superseded) one, 410 LinkExpired for an expired one. The answer never says whose
 * token it was.
 */
export function checkAccountToken(
  row: AccountTokenState | null,
  purpose: AccountTokenPurpose,
  now: Date,
): asserts row is AccountTokenState {
  const what = WHAT[purpose];
  if (!row || row.purpose !== purpose)
    throw new ApiError(
      'LinkInvalid',
      `the ${what.link} is not valid`,
      `Copy the whole link from the mail. ${what.again}`,
    );
  if (row.usedAt)
    throw new ApiError(
      'LinkInvalid',
      `the ${what.link} was used already or replaced by a newer one`,
      `Use the link of the newest mail. ${what.again}`,
    );
  if (row.expiresAt <= now) throw new ApiError('LinkExpired', `the ${what.link} expired`, what.again);
}
