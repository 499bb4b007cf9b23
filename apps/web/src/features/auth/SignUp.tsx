import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { ApiFailure, session } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { AuthFrame, showFieldProblems, translatedFailure, useFieldError } from './AuthFrame';
import { PASSWORD_MIN, SignUpForm } from './schema';
import './auth.css';

/** The sign-up page: name, e-mail and a password of at least 10 characters; then signed in, on to the servers. */
export function SignUp() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const form = useForm<SignUpForm>({
    resolver: zodResolver(SignUpForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const register = useMutation({
    // Sign-up answers 202 alike for a new and an existing e-mail (it tells nobody which); then sign in. A refused
    // sign-in right after means the e-mail already had an account with another password: say so, as "taken".
    mutationFn: async (body: SignUpForm) => {
      await unwrap(client.POST('/api/v1/auth/register', { body }));
      return unwrap(client.POST('/api/v1/auth/login', { body: { email: body.email, password: body.password } })).catch(
        (error: unknown) => {
          if (!(error instanceof ApiFailure) || error.code !== 'Unauthenticated') throw error;
          throw new ApiFailure(error.status, 'Conflict', error.message, error.remedy, null, error.requestId);
        },
      );
    },
    onSuccess: (answer) => {
      // An existing account with a second factor (its right password): the sign-in page asks for the second step.
      if (!('token' in answer)) return void navigate({ to: '/login', replace: true });
      session.set(answer.token);
      // A new account was mailed a verification link: say so first.
      void navigate({ to: '/check-email', replace: true });
    },
    onError: (error) => showFieldProblems(error, form.setError, ['name', 'email', 'password']),
  });
  const taken = register.error instanceof ApiFailure && register.error.code === 'Conflict';

  return (
    <AuthFrame title={t('signUp.title')}>
      <form onSubmit={form.handleSubmit((values) => !register.isPending && register.mutate(values))} noValidate>
        <Field
          label={t('fields.name')}
          autoComplete="name"
          error={fieldError(errors.name)}
          maxLength={100}
          required
          {...form.register('name')}
        />
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
          autoComplete="new-password"
          error={fieldError(errors.password)}
          help={t('fields.passwordHelp', { count: PASSWORD_MIN })}
          minLength={PASSWORD_MIN}
          required
          {...form.register('password')}
        />
        {register.isError && <ErrorNotice error={translatedFailure(register.error, t)} />}
        {taken && (
          <p>
            <Link to="/login">{t('errors.emailTakenSignIn')}</Link>
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={register.isPending || undefined}>
          {register.isPending ? t('signUp.submitting') : t('signUp.submit')}
        </button>
      </form>
      <p className="muted">
        {t('signUp.haveAccount')} <Link to="/login">{t('signUp.signIn')}</Link>
      </p>
    </AuthFrame>
  );
}
