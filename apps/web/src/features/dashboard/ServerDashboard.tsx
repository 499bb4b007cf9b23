// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useMemo, useState } from 'react';
import { api, ApiFailure } from '../../lib/api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { canWrite, intervalsOf, useAccount } from '../../lib/account';
import { useLive, useWatch } from '../../live/hooks';
import { liveStore } from '../../live/store';
import { Link } from '../../lib/router';
import { AlertRulesLink } from '../alerts';
import { Dashboard } from './Dashboard';
import { ServerActions } from './ServerActions';
import { serverSource, type ServerView } from '../servers';

/** `/servers/:id`: the live dashboard of one server, with Edit / Delete for operators and admins. */
export function ServerDashboard(props: { serverId: string }) {
  const account = useAccount();
  const live = useLive();
  const [server, setServer] = useState<ServerView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const src = useMemo(() => serverSource(props.serverId), [props.serverId]);

  useEffect(() => {
    let cancelled = false;
    setServer(null);
    setError(null);
    api<ServerView>('GET', `/api/v1/servers/${props.serverId}`)
      .then((s) => {
        if (cancelled) return;
        setServer(s);
        liveStore.seedServer(s.id, s);
      })
      .catch((e: unknown) => !cancelled && setError(e));
    return () => {
      cancelled = true;
    };
  }, [props.serverId]);

  useWatch(live, server ? [server.id] : []);

  useEffect(() => {
    if (server) document.title = `${server.name} · Ficsit Monitor`;
    return () => {
      document.title = 'Ficsit Monitor';
    };
  }, [server]);

  if (error !== null) {
    const notFound = error instanceof ApiFailure && error.status === 404;
    return (
      <div className="page">
        <p className="crumbs">
          <Link to="/servers">Servers</Link>
        </p>
        {notFound ? (
          <div className="empty">
            <h1>Server not found</h1>
            <p>It may have been deleted, or it belongs to another organisation.</p>
            <Link to="/servers">Back to your servers</Link>
          </div>
        ) : (
          <ErrorNotice error={error} title="The server could not be loaded" />
        )}
      </div>
    );
  }
  if (!server)
    return (
      <div className="page">
        <p className="muted">Loading the server…</p>
      </div>
    );

  const writer = canWrite(account);
  const sub = account.subscription;
  return (
    <div className="page page-wide">
      <p className="crumbs">
        <Link to="/servers">Servers</Link> <span aria-hidden="true">›</span> {server.name}
      </p>
      <Dashboard
        src={src}
        name={server.name}
        subtitle={`${server.host}:${server.port}`}
        readOnly={!writer}
        intervals={intervalsOf(sub)}
        retentionHours={sub?.limits.retention_hours ?? account.me?.plan.retention_hours ?? null}
        planName={sub?.plan.name ?? null}
        addonHttpPort={server.addon_http_port}
        addonWsPort={server.addon_ws_port}
        actions={
          <span className="dash-buttons">
            <AlertRulesLink serverId={server.id} />
            <ServerActions
              server={server}
              canWrite={writer}
              onChanged={(s) => {
                setServer(s);
                liveStore.setName(s.id, s.name);
              }}
            />
          </span>
        }
      />
    </div>
  );
}
