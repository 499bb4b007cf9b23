import { useTranslation } from 'react-i18next';
import { ConfirmButton, Table, Time } from '../../components/ui';
import { RuleStateBadge, SeverityPill, Switch } from './common';
import type { Channel, Rule, RuleKind } from './model';
import { useRuleMutations } from './mutations';
import { kindTitle, pendingText, repeatText, thresholds } from './ruleText';

/** A server's rules: kind, severity, state (with what fires since when), switch, thresholds, timing, channels. */
export function RulesTable(p: {
  serverId: string;
  rules: Rule[];
  kinds: RuleKind[];
  channels: Channel[];
  writer: boolean;
  /** A switch is on its way. */
  busy: boolean;
  onToggle: (rule: Rule, enabled: boolean) => void;
  onEdit: (kind: RuleKind, rule: Rule) => void;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('alerts');
  const { remove } = useRuleMutations(p.serverId);
  const kindOf = (k: string) => p.kinds.find((x) => x.kind === k);
  const channelNames = (ids: string[] | null) => {
    if (ids === null) return t('rules.allChannels');
    if (ids.length === 0) return t('rules.noChannels');
    return ids.map((id) => p.channels.find((c) => c.id === id)?.name ?? t('rules.deletedChannel')).join(', ');
  };
  const head = [
    t('rules.col.rule'),
    t('rules.col.severity'),
    t('rules.col.state'),
    t('rules.col.enabled'),
    t('rules.col.thresholds'),
    t('rules.col.pending'),
    t('rules.col.remind'),
    t('rules.col.channels'),
    ...(p.writer ? [''] : []),
  ];
  return (
    <Table label={t('rules.tableLabel')} head={head}>
      {p.rules.map((r) => {
        const kind = kindOf(r.kind);
        const title = kind ? kindTitle(t, kind) : r.kind;
        return (
          <tr
            key={r.id}
            data-testid="alert-rule-row"
            data-rule-id={r.id}
            data-rule-kind={r.kind}
            data-preset={r.preset}
            data-state={r.state}
          >
            <td data-label={head[0]}>
              <strong data-testid="rule-name">{r.name}</strong>
              {r.preset && <span className="pill">{t('rules.preset')}</span>}
              {title !== r.name && <div className="muted small">{title}</div>}
            </td>
            <td data-label={head[1]}>
              <SeverityPill severity={r.severity} />
            </td>
            <td data-label={head[2]}>
              {r.enabled ? (
                <RuleStateBadge state={r.state} />
              ) : (
                <span className="badge" data-testid="rule-state" data-state="off">
                  <span className="dot" aria-hidden="true" />
                  {t('switch.off')}
                </span>
              )}
              {r.firing.map((f) => (
                <div key={`${f.instance}${f.since}`} className="muted small">
                  {f.instance ? `${/^\d+$/.test(f.instance) ? `#${f.instance}` : f.instance} ` : ''}
                  {t('rules.since')} <Time iso={f.since} />
                </div>
              ))}
            </td>
            <td data-label={head[3]}>
              <Switch
                checked={r.enabled}
                label={t('rules.enabledLabel', { name: r.name })}
                busy={p.busy}
                testId="rule-enabled"
                onChange={p.writer ? (on) => p.onToggle(r, on) : undefined}
              />
            </td>
            <td data-label={head[4]} data-testid="rule-thresholds">
              {thresholds(t, r, kind)}
            </td>
            <td
              data-label={head[5]}
              data-testid="rule-pending"
              data-pending-seconds={r.pending_seconds}
              className="settings-nowrap"
            >
              {kind?.event ? '—' : pendingText(t, r)}
            </td>
            <td data-label={head[6]} data-testid="rule-repeat">
              {repeatText(t, r.repeat_seconds)}
              {r.notify_on_recovery && !kind?.event && <div className="muted small">{t('rules.recoveryNotice')}</div>}
            </td>
            <td data-label={head[7]} data-testid="rule-channels" className="settings-details">
              {channelNames(r.channel_ids)}
            </td>
            {p.writer && (
              <td data-label="">
                <div className="alerts-actions">
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-disabled={!kind}
                    onClick={() => kind && p.onEdit(kind, r)}
                  >
                    {t('rules.edit')}
                    <span className="sr-only"> {t('rules.editTarget', { name: r.name })}</span>
                  </button>
                  {!r.preset && (
                    <ConfirmButton
                      target={t('rules.deleteTarget', { name: r.name })}
                      question={t('rules.deleteQuestion', { name: r.name })}
                      detail={<p>{t('rules.deleteDetail')}</p>}
                      confirm={t('rules.deleteConfirm')}
                      action={async () => {
                        await remove.mutateAsync(r.id);
                        p.onNotice(t('rules.deleted', { name: r.name }));
                      }}
                    >
                      {t('rules.delete')}
                    </ConfirmButton>
                  )}
                </div>
              </td>
            )}
          </tr>
        );
      })}
    </Table>
  );
}
