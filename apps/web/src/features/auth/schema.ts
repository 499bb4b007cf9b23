import { z } from 'zod';
import { PASSWORD_MIN } from '../../lib/account-forms';

/**
 * The sign-in and sign-up forms' rules: the api-gateway's RegisterBody and LoginBody (auth.controller.ts; they
 * live beside the Nest controller, so they cannot be imported into the browser). Messages are keys of the `auth`
 * namespace, translated where they are shown, so an error on screen follows a change of language.
 */
const email = z
  .string()
  .trim()
  .min(1, 'form.emailRequired')
  .max(254, 'form.emailTooLong')
  .pipe(z.email('form.emailInvalid'));

export const SignInForm = z.object({
  email,
  password: z.string().min(1, 'form.passwordRequired').max(256, 'form.passwordTooLong'),
});
export type SignInForm = z.input<typeof SignInForm>;

/** At least 10 characters, as the API's register schema has it (one definition, in lib/account-forms). */
export { PASSWORD_MIN };

export const SignUpForm = z.object({
  name: z.string().trim().min(1, 'form.nameRequired').max(100, 'form.nameTooLong'),
  email,
  password: z.string().min(PASSWORD_MIN, 'form.passwordShort').max(256, 'form.passwordTooLong'),
});
export type SignUpForm = z.input<typeof SignUpForm>;

/** The fields of a 400 ValidationFailed with their problem (the shared reader in lib/api). */
export { fieldProblems as apiFieldProblems } from '../../lib/api';

/** "Sign in with SSO": the work e-mail, whose domain names the organisation (and so the identity provider). */
export const SsoStartForm = z.object({ email });
export type SsoStartForm = z.input<typeof SsoStartForm>;

/** The code of an e-mail recipient's confirmation link, pasted or from the link; spaces around it dropped. */
export const ConfirmRecipientForm = z.object({
  token: z.string().trim().min(1, 'confirmRecipient.tokenRequired'),
});
export type ConfirmRecipientForm = z.input<typeof ConfirmRecipientForm>;

/** An invitation's link or code (the page reads the code out of a pasted link); its message is an `invitations` key. */
export const InvitationForm = z.object({
  token: z.string().trim().min(1, 'invitations:signedIn.tokenRequired'),
});
export type InvitationForm = z.input<typeof InvitationForm>;
