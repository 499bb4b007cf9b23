import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../lib/api';
import { useAccount } from '../lib/account';
import { meQuery } from '../lib/server-queries';
import { useResendVerification } from '../lib/verification';

/**
 * The banner of a signed-in user whose e-mail is not verified: what it blocks (API tokens, e-mail alerts) and a
 * resend of the verification mail.
 */
export function EmailBanner() {
  const { t } = useTranslation('account');
  const { me } = useAccount();
  // While it shows, the account is read again when it appears and every 15 s: an unverified account read before the
  // link was opened (another tab, another device, a read that crossed the verification) must not keep it up.
  useQuery({
    ...meQuery,
    enabled: me !== null && !me.email_verified, // an account is read only while signed in
    staleTime: 0,
    refetchInterval: 15_000,
  });
  const resend = useResendVerification();
  if (!me || me.email_verified) return null;
  const failure = resend.error instanceof ApiFailure ? resend.error : null;
  return (
    <div
      className="notice notice-info email-banner"
      role="region"
      aria-label={t('banner.label')}
      data-testid="verify-banner"
    >
      <p>
        <strong>{t('banner.title')}</strong> {t('banner.text', { email: me.email })}
      </p>
      {resend.isSuccess && <p role="status">{t('banner.resent')}</p>}
      {failure && <p role="alert">{failure.code === 'TooManyRequests' ? t('errors.throttled') : failure.message}</p>}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => !resend.isPending && resend.mutate()}
        aria-disabled={resend.isPending || undefined}
      >
        {resend.isPending ? t('banner.resending') : t('banner.resend')}
      </button>
    </div>
  );
}
