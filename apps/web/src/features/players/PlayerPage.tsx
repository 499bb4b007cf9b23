import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable, Time } from '../../components/ui';
import { ApiFailure } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { playerQuery } from './api';
import { playerLabel } from './names';
import { ServerCrumbs, useServerName } from './ServerCrumbs';
import { SessionsTable } from './SessionsTable';
import './players.css';

/** `/servers/:id/players/:playerId`: a player's first and last seen, total playtime and sessions on a server. */
export function PlayerPage({ serverId, playerId }: { serverId: string; playerId: string }) {
  const { t } = useTranslation('players');
  const name = useServerName(serverId);
  const player = useQuery(playerQuery(serverId, playerId));
  // An anonymous player's slot is on its sessions (every session of one slot id has that slot).
  const who = (p: NonNullable<typeof player.data>) => playerLabel(t, { ...p, slot: p.sessions[0]?.slot ?? null });
  const label = player.data ? who(player.data) : undefined;

  useEffect(() => {
    document.title = `${label ?? t('col.player')} · ${name ?? t('server')}`;
    return () => {
      document.title = t('common:app.name');
    };
  }, [label, name, t]);

  const middle = (
    <Link to="/servers/$id/players" params={{ id: serverId }}>
      {t('title')}
    </Link>
  );
  if (player.error instanceof ApiFailure && player.error.status === 404)
    return (
      <div className="page players">
        <ServerCrumbs serverId={serverId} name={name} middle={middle} here={t('notFound.title')} />
        <div className="empty">
          <h1>{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
          <Link to="/servers/$id/players" params={{ id: serverId }}>
            {t('notFound.back')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className="page players">
      <ServerCrumbs serverId={serverId} name={name} middle={middle} here={label ?? t('col.player')} />
      <Loadable state={player} what={t('loading')}>
        {(p) => (
          <>
            <h1 data-testid="player-name">{who(p)}</h1>
            <dl className="pl-facts">
              <div>
                <dt>{t('player.status')}</dt>
                <dd>
                  {p.online ? (
                    <span className="pill pill-ok">{t('player.onlineNow')}</span>
                  ) : (
                    <span className="pill">{t('player.offlineNow')}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('player.firstSeen')}</dt>
                <dd data-testid="first-seen">
                  <Time iso={p.first_seen_at} />
                </dd>
              </div>
              <div>
                <dt>{t('player.lastSeen')}</dt>
                <dd data-testid="last-seen">
                  <Time iso={p.last_seen_at} />
                </dd>
              </div>
              <div>
                <dt>{t('player.playtime')}</dt>
                <dd data-testid="playtime">{formatDuration(p.total_playtime_seconds)}</dd>
              </div>
              <div>
                <dt>{t('player.sessionCount')}</dt>
                <dd data-testid="session-count">{p.session_count}</dd>
              </div>
            </dl>
            {p.anonymous && <p className="muted small">{t('anonymousNote')}</p>}
            <h2>{t('sessions')}</h2>
            <SessionsTable serverId={serverId} sessions={p.sessions} showPlayer={false} />
          </>
        )}
      </Loadable>
    </div>
  );
}
