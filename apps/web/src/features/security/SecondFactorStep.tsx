import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { client, unwrap } from '../../lib/api/client';
import { passkeyAnswer } from './queries';
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
  const [mode, setMode] = useState<'totp' | 'recovery_code'>('totp');
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: async (proof: Proof) =>
      unwrap(
        client.POST('/api/v1/auth/login/second-factor', {
          body: { challenge: p.step.challenge, ...proof } as never,
        }),
      ),
    onSuccess: (answer) => p.onSession(answer.token),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!verify.isPending) verify.mutate(mode === 'totp' ? { totp: code } : { recovery_code: code });
  };
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
        <form onSubmit={submit} noValidate>
          <label className="field">
            <span>{mode === 'totp' ? t('signIn.code') : t('signIn.recovery')}</span>
            <input
              autoFocus
              inputMode={mode === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              maxLength={32}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              data-testid="second-factor-code"
            />
          </label>
          <button type="submit" className="btn btn-primary btn-block">
            {verify.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </button>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setMode(mode === 'totp' ? 'recovery_code' : 'totp');
              setCode('');
            }}
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
