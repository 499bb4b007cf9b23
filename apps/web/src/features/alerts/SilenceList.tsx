import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmButton, Table, Time } from '../../components/ui';
import { dateTime } from '../../lib/format';
import type { Silence } from './model';
import { useSilenceMutations } from './mutations';
import { serverRulesQuery } from './queries';
import { nextWindow, recurrenceText } from './silenceTime';

function RuleName({ serverId, ruleId }: { serverId: string; ruleId: string }) {
  const { t } = useTranslation('alerts');
  const rules = useQuery(serverRulesQuery(serverId));
  const rule = rules.data?.find((r) => r.id === ruleId);
  return <strong>“{rule?.name ?? (rules.data ? t('silences.removedRule') : '…')}”</strong>;
}

/** What a silence applies to: everything, a server, or a rule on a server. */
function Scope({ s, serverName }: { s: Silence; serverName: (id: string) => string }) {
  const { t } = useTranslation('alerts');
  if (s.rule_id)
    return (
      <>
        {t('silences.rule')}{' '}
        {s.server_id ? (
          <>
            <RuleName serverId={s.server_id} ruleId={s.rule_id} /> {t('silences.on')}{' '}
            <Link to="/servers/$id/alerts" params={{ id: s.server_id }}>
              {serverName(s.server_id)}
            </Link>
          </>
        ) : (
          <code>{s.rule_id.slice(0, 8)}</code>
        )}
      </>
    );
  if (s.server_id)
    return (
      <>
        {t('silences.server')}{' '}
        <Link to="/servers/$id" params={{ id: s.server_id }}>
          {serverName(s.server_id)}
        </Link>
      </>
    );
  return <>{t('silences.everything')}</>;
}

/** The silences: what each applies to, when, why, whether it mutes now, and (for writers) "End". */
export function SilenceList(p: {
  list: Silence[];
  writer: boolean;
  serverName: (id: string) => string;
  onEnded: () => void;
}) {
  const { t } = useTranslation('alerts');
  const { end } = useSilenceMutations();
  const { writer, serverName } = p;
  const now = Date.now();
  const head = [
    t('silences.col.appliesTo'),
    t('silences.col.when'),
    t('silences.col.reason'),
    t('silences.col.status'),
    t('silences.col.created'),
    ...(writer ? [''] : []),
  ];
  return (
    <Table label={t('silences.tableLabel')} head={head}>
      {p.list.map((s) => {
        const ended = !s.recurrence && s.ends_at !== null && Date.parse(s.ends_at) <= now;
        const next = s.recurrence && !s.active_now ? nextWindow(s.recurrence, now) : null;
        return (
          <tr
            key={s.id}
            data-testid="silence-row"
            data-silence-id={s.id}
            data-active={s.active_now}
            data-weekly={s.recurrence !== null}
          >
            <td data-label={head[0]} data-testid="silence-scope">
              <Scope s={s} serverName={serverName} />
            </td>
            <td data-label={head[1]} data-testid="silence-when">
              {s.recurrence ? (
                <>
                  {recurrenceText(t, s.recurrence)}
                  {next && <div className="muted small">{t('silences.nextAt', { at: dateTime(next.start) })}</div>}
                </>
              ) : (
                <>
                  {Date.parse(s.starts_at) > now && (
                    <>
                      {t('silences.from')} <Time iso={s.starts_at} />{' '}
                    </>
                  )}
                  {t('silences.until')} <Time iso={s.ends_at} none={t('silences.endedWord')} />
                </>
              )}
            </td>
            <td data-label={head[2]}>{s.reason || <span className="muted">—</span>}</td>
            <td data-label={head[3]}>
              {s.active_now ? (
                <span className="pill pill-warn" data-testid="silence-active">
                  {t('silences.activeNow')}
                </span>
              ) : ended ? (
                <span className="pill">{t('silences.ended')}</span>
              ) : (
                <span className="pill pill-info">{s.recurrence ? t('silences.waiting') : t('silences.upcoming')}</span>
              )}
            </td>
            <td data-label={head[4]}>
              <Time iso={s.created_at} />
            </td>
            {writer && (
              <td data-label="">
                {!ended && (
                  <ConfirmButton
                    target={t('silences.target')}
                    question={t('silences.endQuestion')}
                    detail={<p>{t('silences.endDetail')}</p>}
                    confirm={t('silences.endConfirm')}
                    action={async () => {
                      await end.mutateAsync(s.id);
                      p.onEnded();
                    }}
                  >
                    {t('silences.end')}
                  </ConfirmButton>
                )}
              </td>
            )}
          </tr>
        );
      })}
    </Table>
  );
}
