import { z } from 'zod';

/**
 * The second factor's forms: a code of the authenticator app (to turn it on, for new recovery codes, at sign-in),
 * a recovery code, the password or a code to turn it off, a new passkey's name. Messages are keys of the
 * `security` namespace, translated where they are shown. Whether a code is right only the API can say.
 */

/** A code as typed or pasted: spaces around it dropped, at most 32 characters (a recovery code fits). */
const code = z.string().trim().min(1, 'totp.codeRequired').max(32, 'totp.codeTooLong');

/** "Turn on" (the first code of the app) and "New recovery codes" (a current one). */
export const TotpCodeForm = z.object({ code });
export type TotpCodeForm = z.input<typeof TotpCodeForm>;

/** "Turn off": the current password or a code; a code, when given, is what is sent. */
export const DisableTotpForm = z
  .object({
    password: z.string().max(256, 'totp.passwordTooLong'),
    code: z.string().trim().max(32, 'totp.codeTooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.code && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'totp.disableRequired' });
  })
  .transform((v): DisableTotpProof => (v.code ? { code: v.code } : { password: v.password }));
export type DisableTotpForm = z.input<typeof DisableTotpForm>;
export type DisableTotpProof = { password: string } | { code: string };

/** The sign-in's second step with a code: of the app (`totp`) or a recovery code, sent under its own name. */
export const SecondFactorForm = z
  .object({ mode: z.enum(['totp', 'recovery_code']), code: z.string().trim().max(32, 'totp.codeTooLong') })
  .superRefine((v, ctx) => {
    if (!v.code)
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: v.mode === 'totp' ? 'signIn.codeRequired' : 'signIn.recoveryRequired',
      });
  })
  .transform((v): { totp: string } | { recovery_code: string } =>
    v.mode === 'totp' ? { totp: v.code } : { recovery_code: v.code },
  );
export type SecondFactorForm = z.input<typeof SecondFactorForm>;

/** A new passkey's name: optional (the page names it "Passkey n"), at most 100 characters once trimmed. */
export const NewPasskeyForm = z.object({ name: z.string().trim().max(100, 'passkeys.rename.tooLong') });
export type NewPasskeyForm = z.input<typeof NewPasskeyForm>;
