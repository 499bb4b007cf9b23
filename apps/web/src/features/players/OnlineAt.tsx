import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clock } from '../../lib/format';
import { onlineAtQuery } from './api';
import { playerLabel } from './names';

/**
 * "Who was online" at the instant the players chart's cursor points at (null: not hovering). A polite live region,
 * so keyboard users moving the chart's cursor hear it too.
 */
export function OnlineAt(props: { serverId: string; time: number | null }) {
  const { t } = useTranslation('players');
  const query = useQuery({ ...onlineAtQuery(props.serverId, props.time ?? 0), enabled: props.time !== null });
  let body;
  if (props.time === null) body = <span className="muted">{t('onlineAt.hover')}</span>;
  else if (!query.data) body = <span className="muted">{t('onlineAt.loading')}</span>;
  else if (query.data.players.length === 0) body = t('onlineAt.nobody', { time: clock(props.time) });
  else
    body = (
      <>
        {t('onlineAt.at', { time: clock(props.time) })}{' '}
        {query.data.players.map((p, i) => (
          <span key={p.player_id}>
            {i > 0 && ', '}
            <Link to="/servers/$id/players/$playerId" params={{ id: props.serverId, playerId: p.player_id }}>
              {playerLabel(t, p)}
            </Link>
          </span>
        ))}
      </>
    );
  return (
    <p className="small pl-online-at" role="status" data-testid="online-at">
      {body}
    </p>
  );
}
