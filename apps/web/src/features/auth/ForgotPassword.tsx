import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { client, unwrap } from '../../lib/api/client';
import { accountFailure, ForgotForm } from '../../lib/account-forms';
import { AuthFrame } from './AuthFrame';
import './auth.css';

/**
 * "Forgot password?": the e-mail of the account. The answer is the same whether or not it has one, so the page
 * says "if an account exists, a mail is on its way".
 */
export function ForgotPassword() {
  const { t } = useTranslation('account');
  const form = useForm<ForgotForm>({ resolver: zodResolver(ForgotForm), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const request = useMutation({
    mutationFn: (body: ForgotForm) => unwrap(client.POST('/api/v1/auth/password-reset', { body })),
  });
  if (request.isSuccess)
    return (
      <AuthFrame title={t('forgot.sentTitle')}>
        <p role="status" data-testid="reset-requested">
          {t('forgot.sent', { email: request.variables.email })}
        </p>
        <p>
          <Link to="/login">{t('forgot.back')}</Link>
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('forgot.title')}>
      <p>{t('forgot.intro')}</p>
      <form onSubmit={form.handleSubmit((values) => !request.isPending && request.mutate(values))} noValidate>
        <Field
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message ? t(errors.email.message) : null}
          required
          {...form.register('email')}
        />
        {request.isError && <ErrorNotice error={accountFailure(request.error, t, 'reset')} />}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={request.isPending || undefined}>
          {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
      <p className="muted">
        <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </AuthFrame>
  );
}
