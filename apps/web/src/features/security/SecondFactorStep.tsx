import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { client, unwrap } from '../../lib/api/client';
import { passkeyAnswer } from './queries';
import { SecondFactorForm } from './schema';
import './security.css';

/** What POST /api/v1/auth/login answers for an account with a second factor. */
export interface SecondStep {
  second_factor_required: true;
  challenge: string;
  methods: ('totp' | 'recovery_code' | 'passkey')[];
  passkey_options: unknown;
}

export const isSecondStep = (answer: unknown): answer is SecondStep =>
  typeof answer === 'object' && answer !== null && 'second_factor_required' in answer;

type Proof = { totp: string } | { recovery_code: string } | { passkey: unknown };

/** The sign-in's second step: a code of the authenticator app, a recovery code, or the passkey. */
export function SecondFactorStep(p: { step: SecondStep; onSession: (token: string) => void; onRestart: () => void }) {
  const { t } = useTranslation('security');
  const hasCodes = p.step.methods.includes('totp');
  // The kind of code is part of the form: it names the code in the body and in the error.
  const form = useForm<SecondFactorForm, unknown, Proof>({
    resolver: zodResolver(SecondFactorForm),
    defaultValues: { mode: 'totp', code: '' },
  });
  const mode = form.watch('mode');
  const codeError = form.formState.errors.code?.message;
  const verify = useMutation({
    mutationFn: async (proof: Proof) =>
      unwrap(
        client.POST('/api/v1/auth/login/second-factor', {
          body: { challenge: p.step.challenge, ...proof } as never,
        }),
      ),
    onSuccess: (answer) => p.onSession(answer.token),
  });
  const submit = form.handleSubmit((proof) => {
    if (!verify.isPending) verify.mutate(proof);
  });
  const usePasskey = async () => {
    try {
      verify.mutate({ passkey: await passkeyAnswer(p.step.passkey_options) });
    } catch {
      // The user cancelled the device's prompt: they can try again or use a code.
    }
  };
  return (
    <div className="security-second-step" data-testid="second-factor-step">
      <h2>{t('signIn.heading')}</h2>
      <p>{t('signIn.intro')}</p>
      {hasCodes && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Field
            label={mode === 'totp' ? t('signIn.code') : t('signIn.recovery')}
            autoFocus
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            maxLength={32}
            data-testid="second-factor-code"
            error={codeError ? t(codeError as never) : null}
            {...form.register('code')}
          />
          <button type="submit" className="btn btn-primary btn-block">
            {verify.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </button>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => form.reset({ mode: mode === 'totp' ? 'recovery_code' : 'totp', code: '' })}
          >
            {mode === 'totp' ? t('signIn.useRecovery') : t('signIn.useCode')}
          </button>
        </form>
      )}
      {p.step.methods.includes('passkey') && (
        <button type="button" className="btn btn-block" onClick={() => void usePasskey()} data-testid="second-passkey">
          {t('signIn.usePasskey')}
        </button>
      )}
      {verify.isError && <ErrorNotice error={verify.error} />}
      <button type="button" className="btn btn-link" onClick={p.onRestart}>
        {t('signIn.back')}
      </button>
    </div>
  );
}

/** "Sign in with a passkey": no e-mail, no password (a discoverable passkey of this site). */
export function PasskeySignIn({ onSession }: { onSession: (token: string) => void }) {
  const { t } = useTranslation('security');
  const signIn = useMutation({
    mutationFn: async () => {
      const options = await unwrap(client.POST('/api/v1/auth/passkey/options'));
      const response = await passkeyAnswer(options);
      return unwrap(client.POST('/api/v1/auth/passkey/verify', { body: { response: response as never } }));
    },
    onSuccess: (answer) => onSession(answer.token),
  });
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;
  return (
    <div className="security-passkey-sign-in">
      <p className="muted">{t('signIn.or')}</p>
      <button
        type="button"
        className="btn btn-block"
        onClick={() => !signIn.isPending && signIn.mutate()}
        data-testid="passkey-sign-in"
      >
        {signIn.isPending ? t('signIn.passkeyPending') : t('signIn.passkey')}
      </button>
      {signIn.isError && <ErrorNotice error={signIn.error} />}
    </div>
  );
}
