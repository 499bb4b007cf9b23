import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../lib/api';
import { useAccount } from '../lib/account';
import { useResendVerification } from '../lib/verification';

/**
 * The banner of a signed-in user whose e-mail is not verified: what it blocks (API tokens, e-mail alerts) and a
 * resend of the verification mail.
 */
export function EmailBanner() {
  const { t } = useTranslation('account');
  const { me } = useAccount();
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
