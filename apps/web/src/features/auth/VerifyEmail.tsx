import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { accountChanged } from '../../lib/account';
import { session } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { accountFailure, forgetLink, tokenOfLink, VerifyForm } from '../../lib/account-forms';
import { AuthFrame } from './AuthFrame';
import './auth.css';

/**
 * The page of the verification mail's link: it verifies the token of the link's fragment at once and shows the
 * result; without a link (a mail without PUBLIC_URL) the reader pastes the code.
 */
export function VerifyEmail() {
  const { t } = useTranslation('account');
  const form = useForm<VerifyForm>({ resolver: zodResolver(VerifyForm), defaultValues: { token: tokenOfLink() } });
  const tokenError = form.formState.errors.token?.message;
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: (value: string) => unwrap(client.POST('/api/v1/auth/verify-email', { body: { token: value.trim() } })),
    // The success shows once the account is read again: the banner of every page (and of other tabs) is gone.
    onSuccess: async () => {
      forgetLink();
      if (session.token()) await accountChanged().catch(() => undefined);
    },
  });
  const { mutate } = verify;
  useEffect(() => {
    if (started.current || !tokenOfLink()) return;
    started.current = true;
    mutate(tokenOfLink());
  }, [mutate]);
  const submit = form.handleSubmit(({ token }) => {
    if (!verify.isPending) verify.mutate(token);
  });

  if (verify.isSuccess)
    return (
      <AuthFrame title={t('verify.doneTitle')}>
        <p role="status" data-testid="email-verified">
          {t('verify.done')}
        </p>
        <p>
          {session.token() ? (
            <Link to="/servers">{t('verify.continue')}</Link>
          ) : (
            <Link to="/login">{t('verify.signIn')}</Link>
          )}
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('verify.title')}>
      {verify.isPending ? (
        <p role="status">{t('verify.checking')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('verify.intro')}</p>
          <Field
            label={t('verify.code')}
            autoComplete="off"
            spellCheck={false}
            error={tokenError ? t(tokenError as never) : null}
            {...form.register('token')}
          />
          {verify.isError && <ErrorNotice error={accountFailure(verify.error, t, 'verify')} />}
          <button type="submit" className="btn btn-primary btn-block">
            {t('verify.submit')}
          </button>
        </form>
      )}
    </AuthFrame>
  );
}
