import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { Loadable, Notice, OnceSecret, Table } from '../../components/ui';
import { AddChannel, EditChannel } from './ChannelForms';
import { ChannelRow } from './ChannelRow';
import type { Channel, SavedChannel } from './model';
import { channelsQuery } from './queries';
import type { TabProps } from './tab-props';

/** Where alerts go: the list, a per-kind add form, "Send test", rename, language, switch off, delete. */
export function ChannelsTab({ writer }: TabProps) {
  const { t } = useTranslation('alerts');
  const channels = useQuery(channelsQuery);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<Channel | null>(null);

  const created = (c: SavedChannel) => {
    setNotice(t('channels.added', { name: c.name }));
    setSecret(
      c.signing_secret ? { title: t('channels.secretTitle', { name: c.name }), value: c.signing_secret } : null,
    );
  };
  const head = [
    t('channels.col.kind'),
    t('channels.col.name'),
    t('channels.col.target'),
    t('channels.col.language'),
    t('channels.col.enabled'),
    t('channels.col.lastDelivery'),
    ...(writer ? [''] : []),
  ];

  return (
    <>
      <p>{t('channels.intro')}</p>
      {writer && <AddChannel onCreated={created} />}
      {secret && (
        <OnceSecret
          title={secret.title}
          value={secret.value}
          label={t('channels.secretLabel')}
          testId="channel-signing-secret"
          warning={t('channels.secretWarning')}
          onDone={() => setSecret(null)}
        />
      )}
      <h3>{t('channels.heading')}</h3>
      <Notice text={notice} />
      <Loadable state={channels} what={t('channels.what')}>
        {(list) =>
          list.length === 0 ? (
            <p data-testid="no-channels">
              {t('channels.none')}
              {writer ? ` ${t('channels.noneWriter')}` : ''}
            </p>
          ) : (
            <Table label={t('channels.tableLabel')} head={head}>
              {list.map((c) => (
                <ChannelRow
                  key={c.id}
                  channel={c}
                  writer={writer}
                  head={head}
                  columns={head.length}
                  onEdit={() => setEditing(c)}
                  onSecret={(title, saved) => saved.signing_secret && setSecret({ title, value: saved.signing_secret })}
                  onNotice={setNotice}
                />
              ))}
            </Table>
          )
        }
      </Loadable>
      <Dialog
        open={editing !== null}
        title={t('channels.editTitle', { name: editing?.name ?? '' })}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <EditChannel
            channel={editing}
            onSaved={(c) => {
              if (c) setNotice(t('channels.saved', { name: c.name }));
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </>
  );
}
