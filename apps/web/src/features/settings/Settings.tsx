import { Link } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Loadable, PANEL_HEADING, SectionTabs } from '../../components/ui';
import { reloadAccount, useAccount, type Me } from '../../lib/account';
import { session } from '../../lib/api';
import { AccountTab } from './AccountTab';
import { AuditTab } from './AuditTab';
import { MembersTab } from './MembersTab';
import { SettingsCtx } from './model';
import { PlanTab } from './PlanTab';
import { SessionsTab } from './SessionsTab';
import { SecurityTab } from './SecurityTab';
import { SharesTab } from './SharesTab';
import { SsoTab } from './SsoTab';
import { StatusPagesTab } from './statuspage';
import { TokensTab } from './TokensTab';
import '../../components/ui.css';
import './settings.css';

/** `label`: the tab's i18n key when it is not `settings:tabs.<id>` (a tab of another namespace). */
const TABS: { id: string; Panel: ComponentType; label?: string }[] = [
  { id: 'tokens', Panel: TokensTab },
  { id: 'members', Panel: MembersTab },
  { id: 'plan', Panel: PlanTab },
  { id: 'shares', Panel: SharesTab },
  { id: 'audit', Panel: AuditTab },
  { id: 'account', Panel: AccountTab, label: 'account:settingsTab' },
  { id: 'sessions', Panel: SessionsTab, label: 'sessions:tab' },
  { id: 'security', Panel: SecurityTab },
  { id: 'sso', Panel: SsoTab },
  { id: 'status-pages', Panel: StatusPagesTab, label: 'statuspage:tab' },
];

/** The settings of the current organisation: a tab bar of links, then the chosen tab's panel. */
export function Settings({ tab }: { tab: string }) {
  const { t } = useTranslation('settings');
  const orgId = useSyncExternalStore(session.subscribe, session.orgId) ?? 'personal';
  const account = useAccount();
  const current = TABS.find((x) => x.id === tab);
  const labelOf = (x: { id: string; label?: string }) => t(x.label ?? `tabs.${x.id}`);
  const title = current ? labelOf(current) : t('notFound');

  useEffect(() => {
    document.title = t('pageTitle', { section: title });
  }, [t, title]);

  return (
    <div className="page settings">
      <h1>{t('heading')}</h1>
      {account.me && <OrgLine me={account.me} />}
      <SectionTabs
        label={t('tabsLabel')}
        base="/settings"
        tabs={TABS.map((x) => ({ id: x.id, label: labelOf(x) }))}
        current={tab}
      />
      <section className="settings-panel" aria-labelledby={PANEL_HEADING}>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          {title}
        </h2>
        {current ? (
          <Loadable
            state={{ data: account.me ?? undefined, error: account.error, refetch: reloadAccount }}
            what={t('accountWhat')}
          >
            {(me) => (
              <SettingsCtx value={{ me, role: me.role }}>
                <current.Panel key={orgId} />
              </SettingsCtx>
            )}
          </Loadable>
        ) : (
          <p>
            {t('noSuchSection', { tab })}{' '}
            <Link to="/settings/$tab" params={{ tab: 'tokens' }}>
              {t('goToTokens')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

function OrgLine({ me }: { me: Me }) {
  const { t } = useTranslation('settings');
  const org = me.organisations.find((o) => o.id === me.organisation_id);
  const name = org ? (org.personal ? t('org.personal', { name: org.name }) : org.name) : t('org.yours');
  return (
    <p className="muted small">
      <Trans
        t={t}
        i18nKey="org.line"
        values={{ name, role: t(`roles.${me.role}`) }}
        components={{ strong: <strong /> }}
      />
    </p>
  );
}
