// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { session } from '../../lib/api';
import { reloadAccount } from '../../lib/account';
import { Link } from '../../lib/router';
import { AcceptInvitation } from './AcceptInvitation';
import { AuditTab } from './AuditTab';
import { MembersTab } from './MembersTab';
import { PlanTab } from './PlanTab';
import { SharesTab } from './SharesTab';
import { TokensTab } from './TokensTab';
import { SettingsCtx, type Me } from './model';
import { Loadable, PANEL_HEADING, SectionTabs } from '../../components/ui';
import { useApi } from '../../lib/useApi';
import '../../components/ui.css';

const TABS: { id: string; label: string; Panel: ComponentType }[] = [
  { id: 'tokens', label: 'API tokens', Panel: TokensTab },
  { id: 'members', label: 'Members and roles', Panel: MembersTab },
  { id: 'plan', label: 'Plan and usage', Panel: PlanTab },
  { id: 'shares', label: 'Share links', Panel: SharesTab },
  { id: 'audit', label: 'Audit log', Panel: AuditTab },
];
/** Not in the tab bar: where an invitation link leads (`/settings/accept#token=gsm_i_...`). */
const ACCEPT = { id: 'accept', label: 'Accept an invitation', Panel: AcceptInvitation };

/** The settings of the current organisation: a tab bar of links, then the chosen tab's panel. */
export function Settings({ tab }: { tab: string }) {
  const orgId = useSyncExternalStore(session.subscribe, session.orgId) ?? 'personal';
  const me = useApi<Me>('/api/v1/me', orgId);
  const current = [...TABS, ACCEPT].find((t) => t.id === tab);
  // The layout keeps its own copy of the account (role, plan): refresh both after a change of role or plan.
  const reloadMe = () => {
    me.reload();
    void reloadAccount();
  };

  useEffect(() => {
    document.title = `${current?.label ?? 'Settings'} · Settings`;
  }, [current]);

  return (
    <div className="page settings">
      <h1>Settings</h1>
      {me.data && <OrgLine me={me.data} />}
      <SectionTabs label="Settings sections" base="/settings" tabs={TABS} current={tab} />
      <section className="settings-panel" aria-labelledby={PANEL_HEADING}>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          {current?.label ?? 'Section not found'}
        </h2>
        {current ? (
          <Loadable state={me} what="your account">
            {(data) => (
              <SettingsCtx value={{ me: data, role: data.role, reloadMe }}>
                <current.Panel key={orgId} />
              </SettingsCtx>
            )}
          </Loadable>
        ) : (
          <p>
            There is no settings section “{tab}”. <Link to="/settings/tokens">Go to API tokens</Link>.
          </p>
        )}
      </section>
    </div>
  );
}

function OrgLine({ me }: { me: Me }) {
  const org = me.organisations.find((o) => o.id === me.organisation_id);
  const name = org ? (org.personal ? `${org.name} (personal)` : org.name) : 'your organisation';
  return (
    <p className="muted small">
      Organisation <strong>{name}</strong> · your role: <strong>{me.role}</strong>
    </p>
  );
}
