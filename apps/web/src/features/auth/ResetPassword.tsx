import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { session } from '../../lib/api';
import { flash } from '../../lib/flash';
import { client, unwrap } from '../../lib/api/client';
import { accountFailure, forgetLink, ResetForm, tokenOfLink } from '../../lib/account-forms';
import { AuthFrame } from './AuthFrame';
import { PASSWORD_MIN } from './schema';
import './auth.css';

/**
 * The page of the reset mail's link: a new password (twice). Every session of the account ends, this browser's
 * too, so the reader signs in again with the new password.
 */
export function ResetPassword() {
  const { t } = useTranslation('account');
  const [token, setToken] = useState(tokenOfLink);
  const fromLink = useState(() => tokenOfLink() !== '')[0];
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetForm), defaultValues: { password: '', repeat: '' } });
  const { errors } = form.formState;
  const reset = useMutation({
    mutationFn: (values: ResetForm) =>
      unwrap(
        client.POST('/api/v1/auth/password-reset/confirm', {
          body: { token: token.trim(), password: values.password },
        }),
      ),
    onSuccess: () => {
      forgetLink();
      // The API signed out every session of the account, this one too: no "session ended" message.
      if (session.token()) {
        flash.expectSignOut();
        session.clear();
      }
    },
  });
  if (reset.isSuccess)
    return (
      <AuthFrame title={t('reset.doneTitle')}>
        <p role="status" data-testid="password-reset">
          {t('reset.done')}
        </p>
        <p>
          <Link to="/login">{t('reset.signIn')}</Link>
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('reset.title')}>
      <form
        onSubmit={form.handleSubmit((values) => !reset.isPending && token.trim() && reset.mutate(values))}
        noValidate
      >
        {!fromLink && (
          <Field
            label={t('reset.code')}
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        )}
        <Field
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message ? t(errors.password.message) : null}
          help={t('fields.passwordHelp', { count: PASSWORD_MIN })}
          required
          {...form.register('password')}
        />
        <Field
          label={t('fields.repeat')}
          type="password"
          autoComplete="new-password"
          error={errors.repeat?.message ? t(errors.repeat.message) : null}
          required
          {...form.register('repeat')}
        />
        {reset.isError && <ErrorNotice error={accountFailure(reset.error, t, 'reset')} />}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={reset.isPending || undefined}>
          {reset.isPending ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
      <p className="muted small">{t('reset.note')}</p>
    </AuthFrame>
  );
}
