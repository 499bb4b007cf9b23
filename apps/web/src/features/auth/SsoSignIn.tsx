import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { ApiFailure } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { useFieldError } from './AuthFrame';
import { SsoStartForm } from './schema';
import { ssoErrorKey } from './sso-errors';

/**
 * "Sign in with SSO" under the sign-in form: asks the work e-mail, then sends the browser to the identity provider
 * of the organisation that claims its domain. Shows why an earlier SSO attempt failed (`/login?sso_error=<code>`).
 */
export function SsoSignIn() {
  const { t } = useTranslation('sso');
  const [error] = useState(() => new URLSearchParams(window.location.search).get('sso_error'));
  const [open, setOpen] = useState(error !== null);
  const fieldError = useFieldError();
  const form = useForm<SsoStartForm>({ resolver: zodResolver(SsoStartForm), defaultValues: { email: '' } });
  const start = useMutation({
    mutationFn: (address: string) => unwrap(client.POST('/api/v1/auth/sso/start', { body: { email: address } })),
    onSuccess: (answer) => window.location.assign(answer.redirect_url),
  });
  const failure =
    start.error instanceof ApiFailure && start.error.status === 404
      ? new ApiFailure(404, 'NotFound', t('signIn.unknownDomain'), null, null, null)
      : (start.error as ApiFailure | null);

  return (
    <div className="sso-sign-in">
      {error && (
        <div className="notice notice-error" role="alert" data-testid="sso-error">
          <p className="notice-title">{t('error.title')}</p>
          <p>{t(ssoErrorKey(error))}</p>
        </div>
      )}
      {!open ? (
        <>
          <p className="muted sso-or">{t('signIn.or')}</p>
          {/* A link, not a button: the page's one button named "Sign in" stays the password form's. */}
          <a
            href="#sso"
            className="btn btn-block"
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
          >
            {t('signIn.open')}
          </a>
        </>
      ) : (
        <form
          aria-labelledby="sso-heading"
          noValidate
          onSubmit={(e) => void form.handleSubmit(({ email }) => !start.isPending && start.mutate(email))(e)}
        >
          <h2 id="sso-heading">{t('signIn.heading')}</h2>
          <p className="muted small">{t('signIn.help')}</p>
          <Field
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            required
            error={fieldError(form.formState.errors.email)}
            {...form.register('email')}
          />
          {failure && <ErrorNotice error={failure} />}
          <button type="submit" className="btn btn-primary btn-block" aria-disabled={start.isPending || undefined}>
            {start.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </button>
          <a
            href="#password"
            className="muted small"
            onClick={(e) => {
              e.preventDefault();
              setOpen(false);
            }}
          >
            {t('signIn.cancel')}
          </a>
        </form>
      )}
    </div>
  );
}
