import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Loadable } from '../../components/ui';
import { useChangePolicy, useOrgSecurity } from './queries';

/** The organisation's policy "two factors required": admins, on Team and Enterprise. */
export function PolicyCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('security');
  const policy = useOrgSecurity(isAdmin);
  const change = useChangePolicy();
  return (
    <section className="card security-card" aria-labelledby="policy-heading">
      <h3 id="policy-heading">{t('policy.heading')}</h3>
      {!isAdmin ? (
        <p className="muted">{t('policy.adminOnly')}</p>
      ) : (
        <Loadable state={policy} what={t('policy.what')}>
          {(p) =>
            !p.available ? (
              <p className="muted" data-testid="policy-not-in-plan">
                {t('policy.notInPlan')}
              </p>
            ) : (
              <>
                <label className="security-toggle">
                  <input
                    type="checkbox"
                    checked={p.require_two_factor}
                    onChange={(e) => change.mutate(e.target.checked)}
                    data-testid="policy-toggle"
                  />{' '}
                  {t('policy.label')}
                </label>
                <p className="muted small">{t('policy.help')}</p>
                {change.isError && <ErrorNotice error={change.error} />}
              </>
            )
          }
        </Loadable>
      )}
    </section>
  );
}
