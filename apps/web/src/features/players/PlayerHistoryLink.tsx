import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The server page's link to its player history. */
export function PlayerHistoryLink({ serverId }: { serverId: string }) {
  const { t } = useTranslation('players');
  return (
    <Link to="/servers/$id/players" params={{ id: serverId }} className="btn" data-testid="player-history-link">
      {t('link')}
    </Link>
  );
}
