// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState } from 'react';
import { api } from '../../lib/api';
import { Dialog } from '../../components/Dialog';
import { ErrorNote, Loadable, Notice, OnceSecret, Table } from '../../components/ui';
import { toFailure, useAction, useApi } from '../../lib/useApi';
import type { TabProps } from './tab-props';
import { AddChannel, EditChannel } from './ChannelForms';
import { ChannelRow } from './ChannelRow';
import type { TestState } from './ChannelTestResult';
import type { Channel, ChannelTest, CreatedChannel } from './model';

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
              {list.map((c) => (
                <ChannelRow
                  key={c.id}
                  channel={c}
                  writer={writer}
                  test={tests[c.id]}
                  busy={change.pending}
                  onToggle={(on) => toggle(c, on)}
                  onSendTest={() => void sendTest(c)}
                  onEdit={() => setEditing(c)}
                  onChanged={replace}
                  onSecret={(title, r) => {
                    setSecretTitle(title);
                    setCreated(r);
                  }}
                  onDeleted={() => {
                    channels.update((l) => l.filter((x) => x.id !== c.id));
                    setNotice(`Channel “${c.name}” deleted.`);
                  }}
                />
              ))}
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
