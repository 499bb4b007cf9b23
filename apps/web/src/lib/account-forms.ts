import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ApiFailure } from './api';
import { formatSpan } from './format';

/** At least 10 characters, as the API's password rule (account.schemas.ts NewPassword) has it. */
export const PASSWORD_MIN = 10;

/**
 * The forms of e-mail verification, password reset and change (the auth feature's pages and Settings > Account): the api-gateway's account.schemas.ts rules.
 * Messages are keys of the `account` namespace, translated where they are shown.
 */
const newPassword = z.string().min(PASSWORD_MIN, 'form.passwordShort').max(256, 'form.passwordTooLong');

export const ForgotForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'form.emailRequired')
    .max(254, 'form.emailTooLong')
    .pipe(z.email('form.emailInvalid')),
});
export type ForgotForm = z.input<typeof ForgotForm>;

/** The code of the verification mail, pasted (a mail without a link); spaces around it dropped. */
export const VerifyForm = z.object({ token: z.string().trim().min(1, 'form.codeRequired') });
export type VerifyForm = z.input<typeof VerifyForm>;

export const ResetForm = z
  .object({ password: newPassword, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { message: 'form.repeatDiffers', path: ['repeat'] });
export type ResetForm = z.input<typeof ResetForm>;

export const ChangeForm = z
  .object({
    current_password: z.string().min(1, 'form.currentRequired').max(256, 'form.passwordTooLong'),
    new_password: newPassword,
    repeat: z.string(),
  })
  .refine((v) => v.new_password === v.repeat, { message: 'form.repeatDiffers', path: ['repeat'] });
export type ChangeForm = z.input<typeof ChangeForm>;

/** The token of an account mail's link (`…#token=…`); the fragment never reaches a server log. */
export function tokenOfLink(): string {
  const hash = globalThis.location?.hash ?? '';
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** Removes the token from the address bar once used (so a reload or a shared screen does not show it). */
export function forgetLink(): void {
  globalThis.history?.replaceState(null, '', globalThis.location.pathname);
}

/**
 * The API's refusals of account mails and links in the reader's language (invalid, used or expired link,
 * throttled, wrong current password); any other failure keeps the API's own message and remedy.
 */
export function accountFailure(error: unknown, t: TFunction<'account'>, link: 'verify' | 'reset'): unknown {
  if (!(error instanceof ApiFailure)) return error;
  const retry = error.details?.retry_after_seconds;
  const text =
    error.code === 'LinkInvalid'
      ? { message: t(`errors.${link}Invalid`), remedy: t(`errors.${link}Again`) }
      : error.code === 'LinkExpired'
        ? { message: t(`errors.${link}Expired`), remedy: t(`errors.${link}Again`) }
        : error.code === 'TooManyRequests'
          ? {
              message: t('account:errors.throttled'),
              remedy:
                typeof retry === 'number'
                  ? t('account:errors.throttledRemedy', { wait: formatSpan(retry) })
                  : error.remedy,
            }
          : null;
  if (!text) return error;
  return new ApiFailure(error.status, error.code, text.message, text.remedy ?? null, error.details, error.requestId);
}
