// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { session } from '../../lib/api';
import { canWrite, reloadAccount, useAccount } from '../../lib/account';
import { Link } from '../../lib/router';
import { ErrorNote, PANEL_HEADING, SectionTabs } from '../../components/ui';
import { toFailure } from '../../lib/useApi';
import { ChannelsTab } from './ChannelsTab';
import { DeliveriesTab } from './DeliveriesTab';
import { IncidentsTab } from './IncidentsTab';
import { SilencesTab } from './SilencesTab';
import type { TabProps } from './tab-props';
import '../../components/ui.css';
import './alerts.css';

const TABS: { id: string; label: string; Panel: ComponentType<TabProps> }[] = [
  { id: 'incidents', label: 'Incidents', Panel: IncidentsTab },
  { id: 'channels', label: 'Channels', Panel: ChannelsTab },
  { id: 'silences', label: 'Silences', Panel: SilencesTab },
  { id: 'deliveries', label: 'Delivery log', Panel: DeliveriesTab },
];

/** `/alerts/:tab`: incidents, notification channels, silences and the delivery log of the organisation. */
export function Alerts({ tab }: { tab: string }) {
  const orgId = useSyncExternalStore(session.subscribe, session.orgId) ?? 'personal';
  const account = useAccount();
  const current = TABS.find((t) => t.id === tab);

  useEffect(() => {
    document.title = `${current?.label ?? 'Alerts'} · Alerts`;
    return () => {
      document.title = 'Ficsit Monitor';
    };
  }, [current]);

  const me = account.me;
  return (
    <div className="page settings alerts">
      <h1>Alerts</h1>
      {me && me.role === 'viewer' && (
        <p className="muted small" data-testid="alerts-read-only">
          Your role is viewer: you can look at everything here; operators and admins change it.
        </p>
      )}
      <SectionTabs label="Alerts sections" base="/alerts" tabs={TABS} current={tab} />
      <section className="settings-panel" aria-labelledby={PANEL_HEADING}>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          {current?.label ?? 'Section not found'}
        </h2>
        {!current ? (
          <p>
            There is no alerts section “{tab}”. <Link to="/alerts/incidents">Go to the incidents</Link>.
          </p>
        ) : account.error && !me ? (
          <ErrorNote error={toFailure(account.error)} retry={() => void reloadAccount()} />
        ) : !me ? (
          <p className="muted small" role="status">
            Loading your account…
          </p>
        ) : (
          <current.Panel key={orgId} writer={canWrite(account)} />
        )}
      </section>
    </div>
  );
}
