import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Table, Time } from '../../components/ui';
import { formatDuration } from '../../lib/format';
import type { PlayerSession } from './api';
import { playerLabel } from './names';

/** Sessions as a table: player (linked to their page), joined, left, duration, save, why it ended. */
export function SessionsTable(props: { serverId: string; sessions: readonly PlayerSession[]; showPlayer?: boolean }) {
  const { t } = useTranslation('players');
  const showPlayer = props.showPlayer ?? true;
  const head = [
    ...(showPlayer ? [t('col.player')] : []),
    t('col.joined'),
    t('col.left'),
    t('col.duration'),
    t('col.save'),
    t('col.reason'),
  ];
  return (
    <Table label={t('sessions')} head={head}>
      {props.sessions.map((s) => (
        <tr key={`${s.player_id}:${s.joined_at}`} data-testid="session-row">
          {showPlayer && (
            <td data-label={t('col.player')}>
              <Link to="/servers/$id/players/$playerId" params={{ id: props.serverId, playerId: s.player_id }}>
                {playerLabel(t, s)}
              </Link>
            </td>
          )}
          <td data-label={t('col.joined')}>
            <Time iso={s.joined_at} />
          </td>
          <td data-label={t('col.left')}>
            {s.left_at ? <Time iso={s.left_at} /> : <span className="pill pill-ok">{t('online')}</span>}
          </td>
          <td data-label={t('col.duration')}>{formatDuration(s.duration_seconds)}</td>
          <td data-label={t('col.save')}>{s.session_name ?? '—'}</td>
          <td data-label={t('col.reason')}>{s.close_reason ? t(`reason.${s.close_reason}`) : '—'}</td>
        </tr>
      ))}
    </Table>
  );
}
