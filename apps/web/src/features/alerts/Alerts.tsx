import { Link } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, PANEL_HEADING, SectionTabs } from '../../components/ui';
import { session } from '../../lib/api';
import { canWrite, reloadAccount, useAccount } from '../../lib/account';
import { ChannelsTab } from './ChannelsTab';
import { DeliveriesTab } from './DeliveriesTab';
import { IncidentsTab } from './IncidentsTab';
import { failureOf } from './queries';
import { SilencesTab } from './SilencesTab';
import type { TabProps } from './tab-props';
import '../../components/ui.css';
import './alerts.css';

const TABS: { id: string; Panel: ComponentType<TabProps> }[] = [
  { id: 'incidents', Panel: IncidentsTab },
  { id: 'channels', Panel: ChannelsTab },
  { id: 'silences', Panel: SilencesTab },
  { id: 'deliveries', Panel: DeliveriesTab },
];

/** `/alerts/:tab`: incidents, notification channels, silences and the delivery log of the organisation. */
export function Alerts({ tab }: { tab: string }) {
  const { t } = useTranslation('alerts');
  const orgId = useSyncExternalStore(session.subscribe, session.orgId) ?? 'personal';
  const account = useAccount();
  const current = TABS.find((x) => x.id === tab);
  const label = current ? t(`tabs.${current.id}`) : t('page.notFoundHeading');

  useEffect(() => {
    document.title = `${label} · ${t('page.title')}`;
    return () => {
      document.title = t('common:app.name');
    };
  }, [label, t]);

  const me = account.me;
  return (
    <div className="page settings alerts">
      <h1>{t('page.title')}</h1>
      {me && me.role === 'viewer' && (
        <p className="muted small" data-testid="alerts-read-only">
          {t('page.viewer')}
        </p>
      )}
      <SectionTabs
        label={t('page.sections')}
        base="/alerts"
        tabs={TABS.map((x) => ({ id: x.id, label: t(`tabs.${x.id}`) }))}
        current={tab}
      />
      <section className="settings-panel" aria-labelledby={PANEL_HEADING}>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          {label}
        </h2>
        {!current ? (
          <p>
            {t('page.notFound', { tab })}{' '}
            <Link to="/alerts/$tab" params={{ tab: 'incidents' }}>
              {t('page.toIncidents')}
            </Link>
          </p>
        ) : account.error && !me ? (
          <ErrorNote error={failureOf(account.error)} retry={() => void reloadAccount()} />
        ) : !me ? (
          <p className="muted small" role="status">
            {t('page.loadingAccount')}
          </p>
        ) : (
          <current.Panel key={orgId} writer={canWrite(account)} />
        )}
      </section>
    </div>
  );
}
