import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { serverRulesQuery } from '../lib/server-queries';

/**
 * A server page's links into other features (its alert rules, its player history). Shared here, not in those
 * features, so the server page does not load the alerting or player pages' code to show two buttons.
 */

/** The way to a server's rules: a link that also says how many are firing. */
export function AlertRulesLink({ serverId }: { serverId: string }) {
  const { t } = useTranslation('alerts');
  const rules = useQuery({ ...serverRulesQuery(serverId), refetchInterval: 30_000 });
  const firing = rules.data?.filter((r) => r.enabled && r.state === 'firing').length ?? 0;
  return (
    <Link to="/servers/$id/alerts" params={{ id: serverId }} className="btn" data-testid="alert-rules-link">
      {t('rules.title')}
      {firing > 0 && <span className="pill pill-bad">{t('rules.firingCount', { count: firing })}</span>}
    </Link>
  );
}

/** The way to a server's player history. */
export function PlayerHistoryLink({ serverId }: { serverId: string }) {
  const { t } = useTranslation('players');
  return (
    <Link to="/servers/$id/players" params={{ id: serverId }} className="btn" data-testid="player-history-link">
      {t('players:link')}
    </Link>
  );
}
