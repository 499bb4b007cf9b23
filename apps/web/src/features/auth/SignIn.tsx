import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { session } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { afterSignIn } from '../../lib/after-sign-in';
import { flash } from '../../lib/flash';
import { isSecondStep, PasskeySignIn, SecondFactorStep, type SecondStep } from '../security';
import { AuthFrame, showFieldProblems, translatedFailure, useFieldError } from './AuthFrame';
import { SignInForm } from './schema';
import { SsoSignIn } from './SsoSignIn';
import './auth.css';

/**
 * What lib/flash leaves when a session ends without a reason given (a 401 somewhere). It is stored as English
 * text, so it is recognised here and shown in the reader's language; a reason from the platform (the socket's
 * "You were signed out: ...") is shown as it came.
 */
const DEFAULT_FLASH = 'Your session has ended. Sign in again to continue.';

/** The sign-in page: e-mail and password, the API's refusal in words, then the servers. */
export function SignIn({ next }: { next?: string }) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const router = useRouter();
  const goOn = useCallback(() => router.history.replace(afterSignIn(next)), [router, next]);
  const [message] = useState(() => flash.take());
  const form = useForm<SignInForm>({ resolver: zodResolver(SignInForm), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const signedInWith = useCallback(
    (token: string) => {
      session.set(token);
      goOn();
    },
    [goOn],
  );
  const login = useMutation({
    mutationFn: (body: SignInForm) => unwrap(client.POST('/api/v1/auth/login', { body })),
    onSuccess: (answer) => {
      // An account with a second factor: no session yet, the second step follows.
      if (isSecondStep(answer)) setSecondStep(answer);
      else signedInWith(answer.token);
    },
    onError: (error) => showFieldProblems(error, form.setError, ['email', 'password']),
  });

  // Already signed in (a second tab, the back button): straight on.
  const signedIn = session.token() !== null && !login.isPending && !login.isSuccess;
  useEffect(() => {
    if (signedIn) goOn();
  }, [signedIn, goOn]);
  if (signedIn) return null;

  if (secondStep)
    return (
      <AuthFrame title={t('signIn.title')}>
        <SecondFactorStep
          step={secondStep}
          onSession={signedInWith}
          onRestart={() => {
            setSecondStep(null);
            login.reset();
          }}
        />
      </AuthFrame>
    );

  return (
    <AuthFrame title={t('signIn.title')}>
      {message && (
        <div className="notice notice-info" role="status" data-testid="session-ended-message">
          <p className="notice-title">{t('sessionEnded.title')}</p>
          <p>{message === DEFAULT_FLASH ? t('sessionEnded.text') : message}</p>
        </div>
      )}
      <form onSubmit={form.handleSubmit((values) => !login.isPending && login.mutate(values))} noValidate>
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={fieldError(errors.email)}
          required
          {...form.register('email')}
        />
        <Field
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          error={fieldError(errors.password)}
          required
          {...form.register('password')}
        />
        {login.isError && <ErrorNotice error={translatedFailure(login.error, t)} />}
        <p className="small">
          <Link to="/forgot-password">{t('account:signIn.forgot')}</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={login.isPending || undefined}>
          {login.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
      <PasskeySignIn onSession={signedInWith} />
      <SsoSignIn />
      <p className="muted">
        {t('signIn.noAccount')} <Link to="/signup">{t('signIn.createOne')}</Link>
      </p>
    </AuthFrame>
  );
}
