import { useTranslation } from 'react-i18next';
import { Loadable } from '../../components/ui';
import { PasskeysCard } from './PasskeysCard';
import { PolicyCard } from './PolicyCard';
import { TotpCard } from './TotpCard';
import { useTwoFactorStatus } from './queries';
import './security.css';

/** Settings -> Security: the user's second factors, and the organisation's policy. */
export function SecurityPanel({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  const { t } = useTranslation('security');
  const status = useTwoFactorStatus();
  return (
    <div className="security">
      <p>{t('intro')}</p>
      <Loadable state={status} what={t('what')}>
        {(s) => (
          <>
            {s.required_by.length > 0 && !s.totp_enabled && s.passkeys === 0 && (
              <div className="notice notice-warning" role="alert" data-testid="two-factor-required">
                <p>{t('requiredBy', { names: s.required_by.map((o) => o.name).join(', ') })}</p>
              </div>
            )}
            <TotpCard status={s} email={email} />
          </>
        )}
      </Loadable>
      <PasskeysCard />
      <PolicyCard isAdmin={isAdmin} />
    </div>
  );
}
