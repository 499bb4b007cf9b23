// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { api } from '../../lib/api';
import { Link } from '../../lib/router';
import { ConfirmButton, Table, Time } from '../../components/ui';
import { useApi } from '../../lib/useApi';
import type { Rule, Silence } from './model';
import { recurrenceText } from './silenceTime';

function RuleName({ serverId, ruleId }: { serverId: string; ruleId: string }) {
  const rules = useApi<Rule[]>(`/api/v1/servers/${serverId}/alert-rules`);
  const rule = rules.data?.find((r) => r.id === ruleId);
  return <strong>“{rule?.name ?? (rules.data ? 'removed rule' : '…')}”</strong>;
}

/** The silences: what each applies to, when, why, whether it mutes now, and (for writers) "End". */
export function SilenceList(p: {
  list: Silence[];
  writer: boolean;
  serverName: (id: string) => string;
  /** The silence was ended (deleted) through the API. */
  onEnded: (s: Silence) => void;
}) {
  const { writer, serverName } = p;
  return (
    <Table label="Silences" head={['Applies to', 'When', 'Reason', 'Status', 'Created', ...(writer ? [''] : [])]}>
      {p.list.map((s) => {
        const ended = !s.recurrence && s.ends_at !== null && Date.parse(s.ends_at) <= Date.now();
        const scope = s.rule_id ? (
          <>
            Rule{' '}
            {s.server_id ? (
              <>
                <RuleName serverId={s.server_id} ruleId={s.rule_id} /> on{' '}
                <Link to={`/servers/${s.server_id}/alerts`}>{serverName(s.server_id)}</Link>
              </>
            ) : (
              <code>{s.rule_id.slice(0, 8)}</code>
            )}
          </>
        ) : s.server_id ? (
          <>
            Server <Link to={`/servers/${s.server_id}`}>{serverName(s.server_id)}</Link>
          </>
        ) : (
          'Everything'
        );
        return (
          <tr
            key={s.id}
            data-testid="silence-row"
            data-silence-id={s.id}
            data-active={s.active_now}
            data-weekly={s.recurrence !== null}
          >
            <td data-label="Applies to" data-testid="silence-scope">
              {scope}
            </td>
            <td data-label="When" data-testid="silence-when">
              {s.recurrence ? (
                recurrenceText(s.recurrence)
              ) : (
                <>
                  {Date.parse(s.starts_at) > Date.now() && (
                    <>
                      From <Time iso={s.starts_at} />{' '}
                    </>
                  )}
                  until <Time iso={s.ends_at} none="ended" />
                </>
              )}
            </td>
            <td data-label="Reason">{s.reason || <span className="muted">—</span>}</td>
            <td data-label="Status">
              {s.active_now ? (
                <span className="pill pill-warn" data-testid="silence-active">
                  active now
                </span>
              ) : ended ? (
                <span className="pill">ended</span>
              ) : (
                <span className="pill pill-info">{s.recurrence ? 'waiting for the window' : 'upcoming'}</span>
              )}
            </td>
            <td data-label="Created">
              <Time iso={s.created_at} />
            </td>
            {writer && (
              <td data-label="">
                {!ended && (
                  <ConfirmButton
                    target="silence"
                    question="End this silence now?"
                    detail={<p>Alerts it muted are sent again from now on.</p>}
                    confirm="End silence"
                    action={async () => {
                      await api('DELETE', `/api/v1/silences/${s.id}`);
                      p.onEnded(s);
                    }}
                  >
                    End
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
