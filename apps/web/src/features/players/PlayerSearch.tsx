import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ago } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { searchQuery } from './api';

/** Finds a player by part of their name on every server of the organisation. */
export function PlayerSearch() {
  const { t } = useTranslation('players');
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const hits = useQuery(searchQuery(deferred));
  const now = useNow();
  return (
    <section aria-labelledby={`${id}-h`} className="pl-section">
      <h2 id={`${id}-h`}>{t('search')}</h2>
      <label htmlFor={id}>{t('searchLabel')}</label>{' '}
      <input id={id} type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
      {deferred.length >= 2 && hits.data && (
        <ul className="pl-hits" data-testid="player-search-results">
          {hits.data.length === 0 && <li className="muted">{t('searchEmpty')}</li>}
          {hits.data.map((h) => (
            <li key={`${h.server_id}:${h.player_id}`}>
              <Link to="/servers/$id/players/$playerId" params={{ id: h.server_id, playerId: h.player_id }}>
                {h.player_name}
              </Link>{' '}
              <span className="muted small">
                {t('searchOn', { server: h.server_name })} ·{' '}
                {h.online ? t('online') : ago(Date.parse(h.last_seen_at), now)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
