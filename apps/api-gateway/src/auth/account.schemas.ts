import { z } from 'zod';

/** A password an account may have: the one rule of sign-up, reset and change. */
export const NewPassword = z.string().min(10, 'must be at least 10 characters').max(256);

/** The token of an account mail's link (the part after `#token=`). */
const LinkToken = z.string().trim().min(1, 'must not be empty').max(200);

export const VerifyEmailBody = z.strictObject({ token: LinkToken });
export const ResetRequestBody = z.strictObject({ email: z.email('must be an e-mail address').max(254) });
export const ResetConfirmBody = z.strictObject({ token: LinkToken, password: NewPassword });
export const ChangePasswordBody = z.strictObject({
  current_password: z.string().min(1, 'must not be empty').max(256),
  new_password: NewPassword,
});
export const VerifiedResponse = z.object({ status: z.literal('verified') });
export const AcceptedResponse = z.object({ status: z.literal('accepted') });
