import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isStale } from '../../components/Panel';
import { Sparkline } from '../../components/Sparkline';
import { StatusBadge } from '../../components/StatusBadge';
import { ago, fixed, timeTooltip } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { useServerLive } from '../../live/hooks';
import type { ServerView } from './api';

/** How many recent polls the tick-rate sparkline shows. */
export const SPARK_POINTS = 20;

/** One server of the list, live: status, players, tick rate with its trend, tier, phase, last seen. */
function ServerRowView(props: { server: ServerView; healthInterval: number }) {
  const { t } = useTranslation('servers');
  const s = props.server;
  const live = useServerLive(s.id);
  const now = useNow();
  if (live.removed) return null;
  const status = live.status ?? s.status;
  const health = live.kinds.health?.data ?? null;
  const down = status === 'offline' || status === 'unknown';
  const ticks = live.points.slice(-SPARK_POINTS).map((p) => p.tick);
  const lastSeen = live.lastSeenAt;
  const players =
    down || !health || health.playerCount === null
      ? '—'
      : health.playerLimit
        ? t('list.playersOf', { players: health.playerCount, limit: health.playerLimit })
        : String(health.playerCount);
  return (
    <tr data-testid="server-row" data-server-id={s.id} data-server-name={s.name}>
      <th scope="row" data-label={t('list.columns.server')}>
        <Link to="/servers/$id" params={{ id: s.id }} className="server-link">
          {s.name}
        </Link>
        <div className="muted small mono">
          {s.host}:{s.port}
        </div>
      </th>
      <td data-label={t('list.columns.status')}>
        <StatusBadge status={status} />
      </td>
      <td data-label={t('list.columns.players')} className="num">
        {players}
      </td>
      <td data-label={t('list.columns.tickRate')} className="num">
        <span className="tick-cell">
          <span className={health && !down && (health.tickRate ?? 30) < 15 ? 'warn-text' : undefined}>
            {down || !health ? '—' : fixed(health.tickRate)}
          </span>
          <Sparkline values={ticks} label={t('list.sparkline', { name: s.name, count: ticks.length })} />
        </span>
      </td>
      <td data-label={t('list.columns.techTier')} className="num">
        {health?.techTier ?? '—'}
      </td>
      <td data-label={t('list.columns.gamePhase')}>
        {health?.gamePhaseName ?? (health?.gamePhase ? t('list.phaseNotStarted') : '—')}
      </td>
      <td data-label={t('list.columns.lastSeen')} {...timeTooltip(lastSeen)}>
        {ago(lastSeen, now)}
        {isStale(live.kinds.health?.time, props.healthInterval, now) && (
          <span className="pill pill-warn" title={t('list.staleHint')}>
            {t('list.stale')}
          </span>
        )}
      </td>
    </tr>
  );
}

/** Renders again only when its server's row or live state changed, not when the list does. */
export const ServerRow = memo(ServerRowView);
