import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAccount } from '../../lib/account';
import { useResendVerification } from '../../lib/verification';
import { accountFailure } from '../../lib/account-forms';

/** After sign-up: "check your mail" with the address the link went to, a resend, and the way on. */
export function CheckEmail() {
  const { t } = useTranslation('account');
  const { me } = useAccount();
  const resend = useResendVerification();
  return (
    <div className="page">
      <h1>{t('checkMail.title')}</h1>
      {me?.email_verified ? (
        <p role="status">{t('checkMail.verified')}</p>
      ) : (
        <>
          <p data-testid="check-mail">{t('checkMail.text', { email: me?.email ?? '' })}</p>
          <p className="muted">{t('checkMail.why')}</p>
          {resend.isSuccess && <p role="status">{t('banner.resent')}</p>}
          {resend.isError && <ErrorNotice error={accountFailure(resend.error, t, 'verify')} />}
          <button
            type="button"
            className="btn"
            onClick={() => !resend.isPending && resend.mutate()}
            aria-disabled={resend.isPending || undefined}
          >
            {resend.isPending ? t('banner.resending') : t('banner.resend')}
          </button>
        </>
      )}
      <p>
        <Link to="/servers">{t('checkMail.continue')}</Link>
      </p>
    </div>
  );
}
