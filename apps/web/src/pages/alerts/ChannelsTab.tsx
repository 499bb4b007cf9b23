import { Fragment, useId, useState, type FormEvent } from 'react';
import { api, type ApiFailure } from '../../api';
import { Dialog } from '../../components/Dialog';
import { ConfirmButton, ErrorNote, Loadable, Notice, OnceSecret, Table, Time } from '../settings/ui';
import { toFailure, useAction, useApi } from '../settings/useApi';
import type { TabProps } from './Alerts';
import { CHANNEL_KINDS, ChannelKindLabel, DeliveryStatusPill, fieldErrors, kindInfo, Switch } from './common';
import type { Channel, ChannelKind, ChannelTest, CreatedChannel } from './model';

type TestState = { pending: true } | { pending: false; result: ChannelTest } | { pending: false; error: ApiFailure };

/** Where alerts go: the list, a per-kind add form, "Send test", rename, switch off, delete. */
export function ChannelsTab({ writer }: TabProps) {
  const channels = useApi<Channel[]>('/api/v1/notification-channels');
  const change = useAction();
  const [created, setCreated] = useState<CreatedChannel | null>(null);
  const [secretTitle, setSecretTitle] = useState('');
  const [notice, setNotice] = useState('');
  const [tests, setTests] = useState<Record<string, TestState>>({});
  const [editing, setEditing] = useState<Channel | null>(null);

  const replace = (c: Channel) => channels.update((l) => l.map((x) => (x.id === c.id ? { ...x, ...c } : x)));

  const sendTest = async (c: Channel) => {
    if (tests[c.id]?.pending) return;
    setTests((t) => ({ ...t, [c.id]: { pending: true } }));
    let next: TestState;
    try {
      next = { pending: false, result: await api<ChannelTest>('POST', `/api/v1/notification-channels/${c.id}/test`) };
    } catch (e) {
      next = { pending: false, error: toFailure(e) };
    }
    setTests((t) => ({ ...t, [c.id]: next }));
    // The test shows up as the channel's last delivery only for real alerts; refresh anyway for the current state.
    channels.reload();
  };

  const toggle = (c: Channel, enabled: boolean) =>
    void change.run(async () => {
      replace(await api<Channel>('PATCH', `/api/v1/notification-channels/${c.id}`, { enabled }));
      setNotice(`Channel “${c.name}” switched ${enabled ? 'on' : 'off'}.`);
    });

  return (
    <>
      <p>
        Alerts of every server go to the channels here (a rule can narrow that to some of them). Discord comes with the
        Hobby plan; Slack, Microsoft Teams, webhooks, e-mail and Telegram with Pro.
      </p>
      {writer && (
        <AddChannel
          onCreated={(c) => {
            const { signing_secret: _secret, ...row } = c;
            channels.update((l) => [...l, row]);
            setNotice(`Channel “${c.name}” added. Press “Send test” to check it.`);
            if (c.signing_secret) {
              setCreated(c);
              setSecretTitle(`Signing secret of “${c.name}”`);
            } else setCreated(null);
          }}
        />
      )}
      {created?.signing_secret && (
        <OnceSecret
          title={secretTitle}
          value={created.signing_secret}
          label="signing secret"
          testId="channel-signing-secret"
          warning="This signing secret is shown only now: copy it to your receiver, which checks the x-gsm-signature header with it. It will not be shown again."
          onDone={() => setCreated(null)}
        />
      )}
      <h3>Channels</h3>
      <Notice text={notice} />
      {change.error && <ErrorNote error={change.error} />}
      <Loadable state={channels} what="notification channels">
        {(list) =>
          list.length === 0 ? (
            <p data-testid="no-channels">
              No channels yet: alerts are only shown here and on the dashboards.
              {writer ? ' Add one above to be notified.' : ''}
            </p>
          ) : (
            <Table
              label="Notification channels"
              head={['Kind', 'Name', 'Sends to', 'Enabled', 'Last delivery', ...(writer ? [''] : [])]}
            >
              {list.map((c) => {
                const test = tests[c.id];
                return (
                  <Fragment key={c.id}>
                    <tr data-testid="channel-row" data-channel-id={c.id} data-channel-name={c.name} data-kind={c.kind}>
                      <td data-label="Kind">
                        <ChannelKindLabel kind={c.kind} />
                      </td>
                      <td data-label="Name" data-testid="channel-name">
                        {c.name}
                      </td>
                      <td data-label="Sends to" className="settings-details">
                        <code>{c.target}</code>
                      </td>
                      <td data-label="Enabled">
                        <Switch
                          checked={c.enabled}
                          label={`Channel “${c.name}” enabled`}
                          busy={change.pending}
                          testId="channel-enabled"
                          onChange={writer ? (on) => toggle(c, on) : undefined}
                        />
                      </td>
                      <td data-label="Last delivery">
                        {c.last_delivery ? (
                          <>
                            <DeliveryStatusPill status={c.last_delivery.status} />
                            <div className="muted small">
                              <Time iso={c.last_delivery.at} />
                            </div>
                            {c.last_delivery.error && <div className="bad-text small">{c.last_delivery.error}</div>}
                          </>
                        ) : (
                          <span className="muted">Nothing sent yet</span>
                        )}
                      </td>
                      {writer && (
                        <td data-label="">
                          <div className="alerts-actions">
                            <button
                              type="button"
                              className="btn btn-small"
                              aria-busy={test?.pending || undefined}
                              onClick={() => void sendTest(c)}
                            >
                              {test?.pending ? 'Sending…' : 'Send test'}
                              <span className="sr-only"> to “{c.name}”</span>
                            </button>
                            <button type="button" className="btn btn-small" onClick={() => setEditing(c)}>
                              Edit<span className="sr-only"> “{c.name}”</span>
                            </button>
                            {c.kind === 'webhook' && (
                              <ConfirmButton
                                danger={false}
                                target={`of “${c.name}”`}
                                question={`Make a new signing secret for “${c.name}”?`}
                                detail={<p>The current secret stops working at once: update your receiver.</p>}
                                confirm="Make a new secret"
                                action={async () => {
                                  const r = await api<CreatedChannel>(
                                    'PATCH',
                                    `/api/v1/notification-channels/${c.id}`,
                                    { rotate_secret: true },
                                  );
                                  const { signing_secret: _s, ...row } = r;
                                  replace(row);
                                  setSecretTitle(`New signing secret of “${c.name}”`);
                                  setCreated(r);
                                }}
                              >
                                New secret
                              </ConfirmButton>
                            )}
                            <ConfirmButton
                              target={`channel “${c.name}”`}
                              question={`Delete the channel “${c.name}”?`}
                              detail={<p>Alerts stop going there. This cannot be undone.</p>}
                              confirm="Delete channel"
                              action={async () => {
                                await api('DELETE', `/api/v1/notification-channels/${c.id}`);
                                channels.update((l) => l.filter((x) => x.id !== c.id));
                                setNotice(`Channel “${c.name}” deleted.`);
                              }}
                            >
                              Delete
                            </ConfirmButton>
                          </div>
                        </td>
                      )}
                    </tr>
                    {test && !test.pending && (
                      <tr className="alerts-test-row">
                        <td colSpan={6} data-label="">
                          <TestResult channel={c} state={test} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </Table>
          )
        }
      </Loadable>
      <Dialog open={editing !== null} title={`Edit “${editing?.name ?? ''}”`} onClose={() => setEditing(null)}>
        {editing && (
          <EditChannel
            channel={editing}
            onSaved={(c) => {
              replace(c);
              setNotice(`Channel “${c.name}” saved.`);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </>
  );
}

/** What the receiver's status code usually means, in words. */
function statusHint(status: number | null): string | null {
  if (status === null) return 'The receiver could not be reached: check the address, and that it accepts requests.';
  if (status === 401 || status === 403)
    return 'The receiver refused the request: the token in the URL is wrong or was revoked. Copy a fresh URL.';
  if (status === 404) return 'The receiver does not know this address (the webhook was deleted?): create a new one.';
  if (status === 400 || status === 422) return 'The receiver rejected the message itself; its answer is above.';
  if (status === 413) return 'The receiver found the message too large.';
  if (status === 429) return 'The receiver is rate limiting: wait a minute and try again.';
  if (status >= 500) return 'The receiver had a problem of its own; try again later.';
  return null;
}

function ReceiverAnswer({ status, answer }: { status: number | null; answer: string | undefined }) {
  if (!answer) return <p className="small">The receiver answered {status ?? 'OK'}, without content.</p>;
  return (
    <p className="small">
      The receiver answered {status ?? 'OK'}:{' '}
      <code className="alerts-answer">{answer.length > 300 ? `${answer.slice(0, 299)}…` : answer}</code>
    </p>
  );
}

function TestResult({ channel, state }: { channel: Channel; state: TestState }) {
  if (state.pending) return null;
  if ('error' in state)
    return (
      <div data-testid="channel-test-result" data-delivered="false">
        <ErrorNote error={state.error} />
      </div>
    );
  const r = state.result;
  const answer = r.receiver_answer?.trim();
  if (r.delivered)
    return (
      <div className="notice notice-ok" role="status" data-testid="channel-test-result" data-delivered="true">
        <p className="notice-title">
          Delivered: the test message reached {kindInfo(channel.kind)?.label ?? channel.kind} in {r.duration_ms} ms.
        </p>
        <ReceiverAnswer status={r.receiver_status} answer={answer} />
      </div>
    );
  const hint = statusHint(r.receiver_status);
  return (
    <div className="notice notice-error" role="alert" data-testid="channel-test-result" data-delivered="false">
      <p className="notice-title">Not delivered: {r.error ?? 'the receiver did not accept the message'}.</p>
      {r.receiver_status !== null && <ReceiverAnswer status={r.receiver_status} answer={answer} />}
      {hint && <p className="remedy">{hint}</p>}
    </div>
  );
}

interface ConfigForm {
  url: string;
  to: string;
  bot_token: string;
  chat_id: string;
}
const EMPTY_CONFIG: ConfigForm = { url: '', to: '', bot_token: '', chat_id: '' };

const configOf = (kind: ChannelKind, f: ConfigForm): Record<string, unknown> =>
  kind === 'email'
    ? {
        to: f.to
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      }
    : kind === 'telegram'
      ? { bot_token: f.bot_token.trim(), chat_id: f.chat_id.trim() }
      : { url: f.url.trim() };

const configEmpty = (kind: ChannelKind, f: ConfigForm) =>
  kind === 'email' ? !f.to.trim() : kind === 'telegram' ? !f.bot_token.trim() && !f.chat_id.trim() : !f.url.trim();

/** The settings fields of one kind of channel, with the API's problems next to them. */
function ConfigFields(p: {
  kind: ChannelKind;
  value: ConfigForm;
  onChange: (v: ConfigForm) => void;
  errors: Record<string, string>;
  required: boolean;
}) {
  const id = useId();
  const info = kindInfo(p.kind);
  const set = (k: keyof ConfigForm) => (e: { target: { value: string } }) =>
    p.onChange({ ...p.value, [k]: e.target.value });
  const err = (k: string) =>
    p.errors[`config.${k}`] ? (
      <span className="field-error" id={`${id}-${k}-err`}>
        {p.errors[`config.${k}`]}
      </span>
    ) : null;
  const described = (k: string) => [`${id}-help`, p.errors[`config.${k}`] ? `${id}-${k}-err` : ''].join(' ').trim();
  return (
    <>
      <p className="field-help alerts-help" id={`${id}-help`} data-testid="channel-kind-help">
        {info?.help}
        {info?.example && (
          <>
            {' '}
            It looks like <code>{info.example}</code>.
          </>
        )}
      </p>
      <div className="settings-fields">
        {p.kind === 'email' ? (
          <label className="settings-field alerts-wide">
            Recipients
            <textarea
              value={p.value.to}
              onChange={set('to')}
              rows={2}
              required={p.required}
              placeholder="ops@example.com, me@example.com"
              aria-describedby={described('to')}
              aria-invalid={!!p.errors['config.to'] || undefined}
            />
            {err('to')}
          </label>
        ) : p.kind === 'telegram' ? (
          <>
            <label className="settings-field">
              Bot token
              <input
                value={p.value.bot_token}
                onChange={set('bot_token')}
                required={p.required}
                autoComplete="off"
                spellCheck={false}
                placeholder="123456789:AAE…"
                aria-describedby={described('bot_token')}
                aria-invalid={!!p.errors['config.bot_token'] || undefined}
              />
              {err('bot_token')}
            </label>
            <label className="settings-field">
              Chat id
              <input
                value={p.value.chat_id}
                onChange={set('chat_id')}
                required={p.required}
                autoComplete="off"
                placeholder="-1001234567890 or @mychannel"
                aria-describedby={described('chat_id')}
                aria-invalid={!!p.errors['config.chat_id'] || undefined}
              />
              {err('chat_id')}
            </label>
          </>
        ) : (
          <label className="settings-field alerts-wide">
            {p.kind === 'webhook' ? 'Endpoint URL' : 'Webhook URL'}
            <input
              type="url"
              value={p.value.url}
              onChange={set('url')}
              required={p.required}
              autoComplete="off"
              spellCheck={false}
              placeholder={info?.example}
              aria-describedby={described('url')}
              aria-invalid={!!p.errors['config.url'] || undefined}
            />
            {err('url')}
          </label>
        )}
      </div>
    </>
  );
}

function AddChannel({ onCreated }: { onCreated: (c: CreatedChannel) => void }) {
  const act = useAction();
  const [kind, setKind] = useState<ChannelKind>('discord');
  const [name, setName] = useState('');
  const [config, setConfig] = useState<ConfigForm>(EMPTY_CONFIG);
  const errors = fieldErrors(act.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act.run(async () => {
      const label = kindInfo(kind)?.label ?? kind;
      const body = { kind, name: name.trim() || label, config: configOf(kind, config) };
      onCreated(await api<CreatedChannel>('POST', '/api/v1/notification-channels', body));
      setName('');
      setConfig(EMPTY_CONFIG);
    });
  };

  return (
    <form className="card settings-form" onSubmit={submit} aria-labelledby="add-channel-heading" noValidate>
      <h3 id="add-channel-heading">Add a channel</h3>
      <fieldset className="settings-checks alerts-kinds">
        <legend>Kind</legend>
        {CHANNEL_KINDS.map((k) => (
          <label key={k.kind}>
            <input
              type="radio"
              name="channel-kind"
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => {
                setKind(k.kind);
                act.clear();
              }}
            />{' '}
            <ChannelKindLabel kind={k.kind} />
            <span className="muted small">({k.plan}+)</span>
          </label>
        ))}
      </fieldset>
      <div className="settings-fields">
        <label className="settings-field">
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder={`${kindInfo(kind)?.label ?? ''} alerts`}
          />
          {errors.name && <span className="field-error">{errors.name}</span>}
        </label>
      </div>
      <ConfigFields kind={kind} value={config} onChange={setConfig} errors={errors} required />
      {act.error && <ErrorNote error={act.error} />}
      <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
        {act.pending ? 'Adding…' : 'Add channel'}
      </button>
    </form>
  );
}

/** Rename, and optionally replace the settings (a new webhook URL); empty settings keep the current ones. */
function EditChannel(p: { channel: Channel; onSaved: (c: Channel) => void; onCancel: () => void }) {
  const act = useAction();
  const [name, setName] = useState(p.channel.name);
  const [config, setConfig] = useState<ConfigForm>(EMPTY_CONFIG);
  const errors = fieldErrors(act.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    if (name.trim() && name.trim() !== p.channel.name) body.name = name.trim();
    if (!configEmpty(p.channel.kind, config)) body.config = configOf(p.channel.kind, config);
    if (Object.keys(body).length === 0) return p.onCancel();
    void act.run(async () => {
      const { signing_secret: _s, ...row } = await api<CreatedChannel>(
        'PATCH',
        `/api/v1/notification-channels/${p.channel.id}`,
        body,
      );
      p.onSaved(row);
    });
  };
  return (
    <form onSubmit={submit} className="settings-form" noValidate>
      <div className="settings-fields">
        <label className="settings-field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          {errors.name && <span className="field-error">{errors.name}</span>}
        </label>
      </div>
      <p className="muted small">
        Sends to <code>{p.channel.target}</code>. To send somewhere else, enter the new settings; leave them empty to
        keep the current ones.
      </p>
      <ConfigFields kind={p.channel.kind} value={config} onChange={setConfig} errors={errors} required={false} />
      {act.error && <ErrorNote error={act.error} />}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={act.pending}>
          {act.pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={p.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
