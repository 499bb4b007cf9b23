// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { Dialog } from '../../components/Dialog';
import { canWrite, useAccount } from '../../lib/account';
import { Link } from '../../lib/router';
import { ConfirmButton, ErrorNote, Loadable, Notice, PANEL_HEADING, Table, Time } from '../../components/ui';
import { useAction, useApi } from '../../lib/useApi';
import { RuleStateBadge, seconds, SeverityPill, Switch, useEvery } from './common';
import type { Channel, Rule, RuleInput, RuleKind, ServerRef } from './model';
import { RuleForm } from './RuleForm';
import '../../components/ui.css';
import './alerts.css';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The thresholds of a rule in words, from its kind's parameters ("Tick rate below 15 /s"). */
export function thresholds(rule: Rule, kind: RuleKind | undefined): string {
  const specs = kind?.params ?? Object.keys(rule.params).map((name) => ({ name, label: name, unit: null }));
  if (specs.length === 0) return '—';
  return specs.map((s) => `${s.label} ${rule.params[s.name] ?? '—'}${s.unit ? ` ${s.unit}` : ''}`).join(', ');
}

export function pendingText(rule: Rule): string {
  return `${seconds(rule.pending_seconds)} · ${plural(rule.pending_polls, 'poll')}`;
}

type Editing = { kind: RuleKind; rule?: Rule } | null;

/** `/servers/:id/alerts`: the server's alert rules with their state; Operators and Admins change them. */
export function ServerRules({ serverId }: { serverId: string }) {
  const account = useAccount();
  const writer = canWrite(account);
  const server = useApi<ServerRef>(`/api/v1/servers/${serverId}`);
  const rules = useApi<Rule[]>(`/api/v1/servers/${serverId}/alert-rules`);
  const kinds = useApi<RuleKind[]>('/api/v1/alert-rule-kinds');
  const channels = useApi<Channel[]>('/api/v1/notification-channels');
  const toggle = useAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [newKind, setNewKind] = useState('');
  const [notice, setNotice] = useState('');
  useEvery(15_000, rules.reload);

  const name = server.data?.name;
  useEffect(() => {
    document.title = `Alert rules · ${name ?? 'Server'}`;
    return () => {
      document.title = 'Ficsit Monitor';
    };
  }, [name]);

  const kindOf = (k: string) => kinds.data?.find((x) => x.kind === k);
  const channelNames = (ids: string[] | null) => {
    if (ids === null) return 'All channels';
    if (ids.length === 0) return 'None';
    return ids.map((id) => channels.data?.find((c) => c.id === id)?.name ?? 'a deleted channel').join(', ');
  };
  const replace = (r: Rule) => rules.update((l) => l.map((x) => (x.id === r.id ? r : x)));

  if (server.error?.status === 404)
    return (
      <div className="page">
        <div className="empty">
          <h1>Server not found</h1>
          <p>It may have been deleted, or it belongs to another organisation.</p>
          <Link to="/servers">Back to your servers</Link>
        </div>
      </div>
    );

  return (
    <div className="page settings alerts">
      <p className="crumbs">
        <Link to="/servers">Servers</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/servers/${serverId}`}>{name ?? 'Server'}</Link> <span aria-hidden="true">›</span> Alert rules
      </p>
      <h1>Alert rules{name ? ` of ${name}` : ''}</h1>
      {server.error && <ErrorNote error={server.error} retry={server.reload} />}
      <p>
        A rule watches this server and opens an incident when its condition holds for the pending period; the incident
        is sent to the <Link to="/alerts/channels">notification channels</Link>. Every server comes with three preset
        rules: change them or switch them off. To mute alerts for a while, use a{' '}
        <Link to="/alerts/silences">silence</Link>.
      </p>
      <section className="settings-panel alerts-rules" aria-labelledby={PANEL_HEADING}>
        <h2 id={PANEL_HEADING} tabIndex={-1}>
          Rules
        </h2>
        <Notice text={notice} />
        {toggle.error && <ErrorNote error={toggle.error} />}
        {kinds.error && <ErrorNote error={kinds.error} retry={kinds.reload} />}
        {channels.error && <ErrorNote error={channels.error} retry={channels.reload} />}
        <Loadable state={rules} what="the alert rules">
          {(list) =>
            list.length === 0 ? (
              <p data-testid="no-rules">This server has no alert rules.</p>
            ) : (
              <Table
                label="Alert rules"
                head={[
                  'Rule',
                  'Severity',
                  'State',
                  'Enabled',
                  'Thresholds',
                  'Pending period',
                  'Remind',
                  'Channels',
                  ...(writer ? [''] : []),
                ]}
              >
                {list.map((r) => {
                  const kind = kindOf(r.kind);
                  return (
                    <tr
                      key={r.id}
                      data-testid="alert-rule-row"
                      data-rule-id={r.id}
                      data-rule-kind={r.kind}
                      data-preset={r.preset}
                      data-state={r.state}
                    >
                      <td data-label="Rule">
                        <strong data-testid="rule-name">{r.name}</strong>
                        {r.preset && <span className="pill">preset</span>}
                        {(kind?.title ?? r.kind) !== r.name && (
                          <div className="muted small">{kind?.title ?? r.kind}</div>
                        )}
                      </td>
                      <td data-label="Severity">
                        <SeverityPill severity={r.severity} />
                      </td>
                      <td data-label="State">
                        {r.enabled ? (
                          <RuleStateBadge state={r.state} />
                        ) : (
                          <span className="badge" data-testid="rule-state" data-state="off">
                            <span className="dot" aria-hidden="true" />
                            Off
                          </span>
                        )}
                        {r.firing.map((f) => (
                          <div key={`${f.instance}${f.since}`} className="muted small">
                            {f.instance ? `${/^\d+$/.test(f.instance) ? `#${f.instance}` : f.instance} ` : ''}since{' '}
                            <Time iso={f.since} />
                          </div>
                        ))}
                      </td>
                      <td data-label="Enabled">
                        <Switch
                          checked={r.enabled}
                          label={`Rule “${r.name}” enabled`}
                          busy={toggle.pending}
                          testId="rule-enabled"
                          onChange={
                            writer
                              ? (on) =>
                                  void toggle.run(async () => {
                                    replace(
                                      await api<Rule>('PATCH', `/api/v1/servers/${serverId}/alert-rules/${r.id}`, {
                                        enabled: on,
                                      }),
                                    );
                                    setNotice(`Rule “${r.name}” switched ${on ? 'on' : 'off'}.`);
                                  })
                              : undefined
                          }
                        />
                      </td>
                      <td data-label="Thresholds" data-testid="rule-thresholds">
                        {thresholds(r, kind)}
                      </td>
                      <td
                        data-label="Pending period"
                        data-testid="rule-pending"
                        data-pending-seconds={r.pending_seconds}
                        className="settings-nowrap"
                      >
                        {kind?.event ? '—' : pendingText(r)}
                      </td>
                      <td data-label="Remind" data-testid="rule-repeat">
                        {r.repeat_seconds === 0 ? 'Never' : `Every ${seconds(r.repeat_seconds)}`}
                        {r.notify_on_recovery && !kind?.event && <div className="muted small">+ recovery notice</div>}
                      </td>
                      <td data-label="Channels" data-testid="rule-channels" className="settings-details">
                        {channelNames(r.channel_ids)}
                      </td>
                      {writer && (
                        <td data-label="">
                          <div className="alerts-actions">
                            <button
                              type="button"
                              className="btn btn-small"
                              aria-disabled={!kind}
                              onClick={() => kind && setEditing({ kind, rule: r })}
                            >
                              Edit<span className="sr-only"> rule “{r.name}”</span>
                            </button>
                            {!r.preset && (
                              <ConfirmButton
                                target={`rule “${r.name}”`}
                                question={`Delete the rule “${r.name}”?`}
                                detail={<p>Its open incident is closed without a notice. This cannot be undone.</p>}
                                confirm="Delete rule"
                                action={async () => {
                                  await api('DELETE', `/api/v1/servers/${serverId}/alert-rules/${r.id}`);
                                  rules.update((l) => l.filter((x) => x.id !== r.id));
                                  setNotice(`Rule “${r.name}” deleted.`);
                                }}
                              >
                                Delete
                              </ConfirmButton>
                            )}
                          </div>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </Table>
            )
          }
        </Loadable>
        {writer && kinds.data && (
          <form
            className="card settings-form"
            aria-labelledby="add-rule-heading"
            onSubmit={(e) => {
              e.preventDefault();
              const kind = kindOf(newKind || kinds.data![0]!.kind);
              if (kind) setEditing({ kind });
            }}
          >
            <h3 id="add-rule-heading">Add a rule</h3>
            <div className="settings-fields">
              <label className="settings-field">
                Kind
                <select value={newKind} onChange={(e) => setNewKind(e.target.value)} data-testid="new-rule-kind">
                  {kinds.data.map((k) => (
                    <option key={k.kind} value={k.kind}>
                      {k.title}
                      {k.requires_addon ? ' (add-on)' : ''}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn btn-primary">
                Set up…
              </button>
            </div>
            <p className="muted small">{kindOf(newKind || kinds.data[0]?.kind || '')?.description}</p>
          </form>
        )}
        {!writer && account.me && (
          <p className="notice notice-info">Your role is {account.me.role}: operators and admins change the rules.</p>
        )}
      </section>
      <Dialog
        open={editing !== null}
        title={editing?.rule ? `Edit “${editing.rule.name}”` : `New rule: ${editing?.kind.title ?? ''}`}
        onClose={() => setEditing(null)}
        wide
      >
        {editing && (
          <RuleForm
            kind={editing.kind}
            rule={editing.rule}
            channels={channels.data ?? []}
            onCancel={() => setEditing(null)}
            onSave={async (body: Partial<RuleInput>) => {
              if (editing.rule) {
                replace(await api<Rule>('PATCH', `/api/v1/servers/${serverId}/alert-rules/${editing.rule.id}`, body));
                setNotice(`Rule “${body.name ?? editing.rule.name}” saved.`);
              } else {
                const created = await api<Rule>('POST', `/api/v1/servers/${serverId}/alert-rules`, body);
                rules.update((l) => [...l, created]);
                setNotice(`Rule “${created.name}” added.`);
              }
              setEditing(null);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

/** The dashboard's way to the rules: a link that also says how many are firing. */
export function AlertRulesLink({ serverId }: { serverId: string }) {
  const rules = useApi<Rule[]>(`/api/v1/servers/${serverId}/alert-rules`);
  useEvery(30_000, rules.reload);
  const firing = rules.data?.filter((r) => r.enabled && r.state === 'firing').length ?? 0;
  return (
    <Link to={`/servers/${serverId}/alerts`} className="btn" data-testid="alert-rules-link">
      Alert rules
      {firing > 0 && <span className="pill pill-bad">{firing} firing</span>}
    </Link>
  );
}
