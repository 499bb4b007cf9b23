import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { ErrorNote, Loadable, Notice, PANEL_HEADING } from '../../components/ui';
import { ApiFailure } from '../../lib/api';
import { canWrite, useAccount } from '../../lib/account';
import { AddRule } from './AddRule';
import type { RuleKind } from './model';
import { useRuleMutations } from './mutations';
import { channelsQuery, failureOf, REFRESH_MS, ruleKindsQuery, serverQuery, serverRulesQuery } from './queries';
import { RuleForm } from './RuleForm';
import { RulesTable } from './RulesTable';
import { kindTitle } from './ruleText';
import '../../components/ui.css';
import './alerts.css';

type Editing = { kind: RuleKind; ruleId?: string } | null;

/** `/servers/:id/alerts`: the server's alert rules with their state; Operators and Admins change them. */
export function ServerRules({ serverId }: { serverId: string }) {
  const { t } = useTranslation('alerts');
  const account = useAccount();
  const writer = canWrite(account);
  const server = useQuery(serverQuery(serverId));
  const rules = useQuery({ ...serverRulesQuery(serverId), refetchInterval: REFRESH_MS });
  const kinds = useQuery(ruleKindsQuery);
  const channels = useQuery(channelsQuery);
  const { update } = useRuleMutations(serverId);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState('');

  const name = server.data?.name;
  useEffect(() => {
    document.title = `${t('rules.title')} · ${name ?? t('rules.server')}`;
    return () => {
      document.title = t('common:app.name');
    };
  }, [name, t]);

  if (server.error instanceof ApiFailure && server.error.status === 404)
    return (
      <div className="page">
        <div className="empty">
          <h1>{t('rules.notFound.title')}</h1>
          <p>{t('rules.notFound.text')}</p>
          <Link to="/servers">{t('rules.notFound.back')}</Link>
        </div>
      </div>
    );

  const editedRule = editing?.ruleId ? rules.data?.find((r) => r.id === editing.ruleId) : undefined;
  const close = (said: string | null) => {
    if (said) setNotice(said);
    setEditing(null);
  };
  return (
    <div className="page settings alerts">
      <p className="crumbs">
        <Link to="/servers">{t('rules.crumbServers')}</Link> <span aria-hidden="true">›</span>{' '}
        <Link to="/servers/$id" params={{ id: serverId }}>
          {name ?? t('rules.server')}
        </Link>{' '}
        <span aria-hidden="true">›</span> {t('rules.title')}
      </p>
      <h1>{name ? t('rules.titleOf', { name }) : t('rules.title')}</h1>
      {server.error && <ErrorNote error={failureOf(server.error)} retry={() => void server.refetch()} />}
      <p>
        <Trans
          t={t}
          i18nKey="rules.intro"
          components={{
            channels: <Link to="/alerts/$tab" params={{ tab: 'channels' }} />,
            silences: <Link to="/alerts/$tab" params={{ tab: 'silences' }} />,
          }}
        />
      </p>
      <section className="settings-panel alerts-rules" aria-labelledby={PANEL_HEADING}>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          {t('rules.heading')}
        </h2>
        <Notice text={notice} />
        {update.error && <ErrorNote error={failureOf(update.error)} />}
        {kinds.error && <ErrorNote error={failureOf(kinds.error)} retry={() => void kinds.refetch()} />}
        {channels.error && <ErrorNote error={failureOf(channels.error)} retry={() => void channels.refetch()} />}
        <Loadable state={rules} what={t('rules.what')}>
          {(list) =>
            list.length === 0 ? (
              <p data-testid="no-rules">{t('rules.none')}</p>
            ) : (
              <RulesTable
                serverId={serverId}
                rules={list}
                kinds={kinds.data ?? []}
                channels={channels.data ?? []}
                writer={writer}
                busy={update.isPending}
                onToggle={(r, enabled) =>
                  update.mutate(
                    { ruleId: r.id, changes: { enabled } },
                    {
                      onSuccess: () =>
                        setNotice(t(enabled ? 'rules.switchedOn' : 'rules.switchedOff', { name: r.name })),
                    },
                  )
                }
                onEdit={(kind, r) => setEditing({ kind, ruleId: r.id })}
                onNotice={setNotice}
              />
            )
          }
        </Loadable>
        {writer && kinds.data && kinds.data.length > 0 && (
          <AddRule kinds={kinds.data} onChoose={(kind) => setEditing({ kind })} />
        )}
        {!writer && account.me && (
          <p className="notice notice-info">{t('rules.readOnly', { role: t(`role.${account.me.role}`) })}</p>
        )}
      </section>
      <Dialog
        open={editing !== null}
        title={
          editedRule
            ? t('rules.editTitle', { name: editedRule.name })
            : t('rules.newTitle', { kind: editing ? kindTitle(t, editing.kind) : '' })
        }
        onClose={() => setEditing(null)}
        wide
      >
        {editing && (!editing.ruleId || editedRule) && (
          <RuleForm
            key={editing.ruleId ?? editing.kind.kind}
            serverId={serverId}
            kind={editing.kind}
            rule={editedRule}
            channels={channels.data ?? []}
            onDone={close}
          />
        )}
      </Dialog>
    </div>
  );
}
