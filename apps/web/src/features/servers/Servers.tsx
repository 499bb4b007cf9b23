// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isStale } from '../../components/Panel';
import { Sparkline } from '../../components/Sparkline';
import { StatusBadge } from '../../components/StatusBadge';
import { canWrite, intervalsOf, useAccount } from '../../lib/account';
import { ago, fixed } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { useLive, useServerLive, useWatch } from '../../live/hooks';
import { seedLatest, seedRecentPoints, type DataSource } from '../../live/seed';
import { liveStore } from '../../live/store';
import { Link, navigate } from '../../lib/router';

/** GET /api/v1/servers (server-views.ts). */
export interface ServerView {
  id: string;
  name: string;
  host: string;
  port: number;
  addon_http_port: number;
  addon_ws_port: number;
  status: 'unknown' | 'online' | 'degraded' | 'offline' | 'loading';
  addon_status: 'unknown' | 'available' | 'unavailable';
  last_seen_at: string | null;
  created_at: string;
}

export const serverSource = (id: string): DataSource => ({ key: id, base: `/api/v1/servers/${id}`, auth: true });

const SPARK_POINTS = 20;

function ServerRow(props: { server: ServerView; healthInterval: number }) {
  const s = props.server;
  const live = useServerLive(s.id);
  const now = useNow();
  if (live.removed) return null;
  const status = live.status ?? s.status;
  const health = live.kinds.health?.data ?? null;
  const down = status === 'offline' || status === 'unknown';
  const ticks = live.points.slice(-SPARK_POINTS).map((p) => p.tick);
  const lastSeen = live.lastSeenAt;
  return (
    <tr data-testid="server-row" data-server-id={s.id} data-server-name={s.name}>
      <th scope="row" data-label="Server">
        <Link to={`/servers/${s.id}`} className="server-link">
          {s.name}
        </Link>
        <div className="muted small mono">
          {s.host}:{s.port}
        </div>
      </th>
      <td data-label="Status">
        <StatusBadge status={status} />
      </td>
      <td data-label="Players" className="num">
        {down || !health || health.playerCount === null
          ? '—'
          : `${health.playerCount}${health.playerLimit ? ` / ${health.playerLimit}` : ''}`}
      </td>
      <td data-label="Tick rate" className="num">
        <span className="tick-cell">
          <span className={health && !down && (health.tickRate ?? 30) < 15 ? 'warn-text' : undefined}>
            {down || !health ? '—' : fixed(health.tickRate)}
          </span>
          <Sparkline values={ticks} label={`Tick rate trend of ${s.name}, last ${ticks.length} polls`} />
        </span>
      </td>
      <td data-label="Tech tier" className="num">
        {health?.techTier ?? '—'}
      </td>
      <td data-label="Game phase">{health?.gamePhaseName ?? (health?.gamePhase ? 'Not started' : '—')}</td>
      <td data-label="Last seen" title={lastSeen ? new Date(lastSeen).toLocaleString() : undefined}>
        {lastSeen ? ago(lastSeen, now) : 'never'}
        {isStale(live.kinds.health?.time, props.healthInterval, now) && (
          <span className="pill pill-warn" title="No new poll for more than three polling intervals">
            stale
          </span>
        )}
      </td>
    </tr>
  );
}

function PlanUsage(props: { used: number }) {
  const { subscription } = useAccount();
  if (!subscription) return null;
  const limit = subscription.limits.servers;
  const full = limit !== null && props.used >= limit;
  return (
    <span className={`usage${full ? ' usage-full' : ''}`} data-testid="plan-usage">
      {limit === null ? `${props.used} servers (unlimited)` : `${props.used} of ${limit} servers`}
      <span className="muted"> · {subscription.plan.name} plan</span>
    </span>
  );
}

/** The organisation's servers, live: status, players, tick rate trend, tier, phase, last seen. */
export function Servers() {
  const account = useAccount();
  const live = useLive();
  const [servers, setServers] = useState<ServerView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const intervals = intervalsOf(account.subscription);
  const writer = canWrite(account);

  const load = useCallback(async () => {
    try {
      const list = await api<ServerView[]>('GET', '/api/v1/servers');
      setError(null);
      setServers(list);
      for (const s of list) liveStore.seedServer(s.id, s);
    } catch (e) {
      setError(e);
    }
  }, []);

  useEffect(() => {
    void load();
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load]);

  const ids = servers?.map((s) => s.id) ?? [];
  useWatch(live, ids);

  // The newest health values and the sparkline's last polls over REST, until (or without) the socket's snapshot.
  const idKey = ids.join(',');
  useEffect(() => {
    if (idKey) for (const id of idKey.split(',')) void seedLatest(serverSource(id), false);
  }, [idKey]);
  useEffect(() => {
    if (idKey)
      for (const id of idKey.split(','))
        void seedRecentPoints(serverSource(id), intervals.health, SPARK_POINTS).catch(() => undefined);
  }, [idKey, intervals.health]);

  // A server deleted elsewhere disappears from the list.
  useEffect(
    () =>
      liveStore.subscribeAll(() =>
        setServers((list) =>
          list && list.some((s) => liveStore.get(s.id).removed)
            ? list.filter((s) => !liveStore.get(s.id).removed)
            : list,
        ),
      ),
    [],
  );

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>Servers</h1>
          {servers && <PlanUsage used={servers.length} />}
        </div>
        {writer && (
          <button type="button" className="btn btn-primary" onClick={() => navigate('/servers/new')}>
            Add server
          </button>
        )}
      </div>
      {account.subscription &&
        servers &&
        writer &&
        account.subscription.limits.servers !== null &&
        servers.length >= account.subscription.limits.servers && (
          <div className="notice notice-info">
            Your {account.subscription.plan.name} plan allows {account.subscription.limits.servers} server
            {account.subscription.limits.servers === 1 ? '' : 's'}. To add another, remove one or{' '}
            <Link to="/settings/plan">upgrade the plan</Link>.
          </div>
        )}
      {error !== null && (
        <ErrorNotice error={error} title="The servers could not be loaded" onRetry={() => void load()} />
      )}
      {servers === null && error === null && <p className="muted">Loading servers…</p>}
      {servers && servers.length === 0 && (
        <div className="empty">
          <h2>No servers yet</h2>
          {writer ? (
            <p>
              Add your Satisfactory dedicated server: its public address, port 7777 and the admin password. The platform
              checks that it can reach it, then starts polling.
            </p>
          ) : (
            <p>This organisation has no servers yet. An operator or admin can add one.</p>
          )}
        </div>
      )}
      {servers && servers.length > 0 && (
        <table className="table servers-table">
          <caption className="sr-only">Servers and their live status</caption>
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Players
              </th>
              <th scope="col" className="num">
                Tick rate
              </th>
              <th scope="col" className="num">
                Tech tier
              </th>
              <th scope="col">Game phase</th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((s) => (
              <ServerRow key={s.id} server={s} healthInterval={intervals.health} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
