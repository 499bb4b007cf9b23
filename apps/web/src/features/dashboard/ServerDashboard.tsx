import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../lib/api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { canWrite, intervalsOf, useAccount } from '../../lib/account';
import { useLive, useWatch } from '../../live/hooks';
import { liveStore } from '../../live/store';
import { AlertRulesLink, PlayerHistoryLink } from '../../components/ServerLinks';
import { ChartPanels } from './charts/ChartPanels';
import { Dashboard } from './Dashboard';
import { ServerActions } from './ServerActions';
import { serverQuery, serverSource } from './server-queries';

/** `/servers/:id`: the live dashboard of one server, with Edit / Delete for operators and admins. */
export function ServerDashboard(props: { serverId: string }) {
  const { t } = useTranslation('dashboard');
  const account = useAccount();
  const live = useLive();
  const query = useQuery(serverQuery(props.serverId));
  const server = query.data ?? null;
  const src = useMemo(() => serverSource(props.serverId), [props.serverId]);

  // The row fills what the socket has not told yet (the store keeps the newer of the two).
  useEffect(() => {
    if (server) liveStore.seedServer(server.id, server);
  }, [server]);

  useWatch(live, server ? [server.id] : []);

  const name = server?.name;
  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = t('docTitle', { name });
    return () => {
      document.title = before;
    };
  }, [name, t]);

  if (query.error) {
    const notFound = query.error instanceof ApiFailure && query.error.status === 404;
    return (
      <div className="page">
        <nav className="crumbs" aria-label={t('crumbs.trail')}>
          <Link to="/servers">{t('crumbs.servers')}</Link>
        </nav>
        {notFound ? (
          <div className="empty">
            <h1>{t('notFound.title')}</h1>
            <p>{t('notFound.text')}</p>
            <Link to="/servers">{t('notFound.back')}</Link>
          </div>
        ) : (
          <ErrorNotice error={query.error} title={t('loadFailed')} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }
  if (!server)
    return (
      // The same frame as the loaded page (wide, tall), so the page does not jump when the server arrives.
      <div className="page page-wide panels-pending">
        <p className="muted" role="status">
          {t('loading')}
        </p>
      </div>
    );

  const writer = canWrite(account);
  const sub = account.subscription;
  const retentionHours = sub?.limits.retention_hours ?? account.me?.plan.retention_hours ?? null;
  const planName = sub?.plan.name ?? null;
  return (
    <div className="page page-wide">
      <nav className="crumbs" aria-label={t('crumbs.trail')}>
        <Link to="/servers">{t('crumbs.servers')}</Link> <span aria-hidden="true">›</span> {server.name}
      </nav>
      <Dashboard
        src={src}
        name={server.name}
        subtitle={`${server.host}:${server.port}`}
        readOnly={!writer}
        intervals={intervalsOf(sub)}
        retentionHours={retentionHours}
        planName={planName}
        addonHttpPort={server.addon_http_port}
        addonWsPort={server.addon_ws_port}
        morePanels={(ctx) => (
          <ChartPanels
            ctx={ctx}
            retentionHours={retentionHours}
            planName={planName}
            pollIntervals={sub?.plan.polling_intervals_seconds ?? null}
          />
        )}
        actions={
          <span className="dash-buttons">
            <AlertRulesLink serverId={server.id} />
            <PlayerHistoryLink serverId={server.id} />
            <ServerActions server={server} canWrite={writer} />
          </span>
        }
      />
    </div>
  );
}
