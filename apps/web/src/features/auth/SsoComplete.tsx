import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../lib/api';
import { AuthFrame } from './AuthFrame';

/**
 * Where the platform sends the browser after a successful SSO sign-in: `/sso/complete#token=<session>&org=<id>`.
 * The session is stored like a password sign-in's (the organisation chosen), the fragment wiped from the address
 * bar and history, then the servers open. The token travels only in the fragment: no server ever logs it.
 */
export function SsoComplete() {
  const { t } = useTranslation('sso');
  const router = useRouter();
  const [found] = useState(() => {
    const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    return { token: fragment.get('token'), org: fragment.get('org') };
  });

  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
    if (!found.token) return;
    session.set(found.token);
    session.setOrg(found.org);
    router.history.replace('/servers');
  }, [found, router]);

  return (
    <AuthFrame title={t('signIn.heading')}>
      {found.token ? (
        <p role="status">{t('complete.working')}</p>
      ) : (
        <>
          <p className="notice notice-error" role="alert">
            {t('complete.missing')}
          </p>
          <Link to="/login">{t('complete.back')}</Link>
        </>
      )}
    </AuthFrame>
  );
}
