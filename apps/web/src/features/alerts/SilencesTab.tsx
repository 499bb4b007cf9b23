import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Loadable, Notice } from '../../components/ui';
import { failureOf, serversQuery, silencesQuery } from './queries';
import { CreateSilence } from './SilenceForm';
import { SilenceList } from './SilenceList';
import type { TabProps } from './tab-props';

/** Mutes until a time and weekly maintenance windows, for everything, one server or one rule. */
export function SilencesTab({ writer }: TabProps) {
  const { t } = useTranslation('alerts');
  const [showEnded, setShowEnded] = useState(false);
  const silences = useQuery(silencesQuery(showEnded));
  const servers = useQuery(serversQuery);
  const [notice, setNotice] = useState('');
  const serverName = (id: string) => servers.data?.find((s) => s.id === id)?.name ?? t('silences.removedServer');

  return (
    <>
      <p>{t('silences.intro')}</p>
      {writer && <CreateSilence servers={servers.data ?? []} onCreated={() => setNotice(t('silences.created'))} />}
      <div className="alerts-head">
        <h3>{t('silences.heading')}</h3>
        <label className="alerts-inline-check">
          <input type="checkbox" checked={showEnded} onChange={(e) => setShowEnded(e.target.checked)} />{' '}
          {t('silences.showEnded')}
        </label>
      </div>
      <Notice text={notice} />
      {servers.error && <ErrorNote error={failureOf(servers.error)} retry={() => void servers.refetch()} />}
      <Loadable state={silences} what={t('silences.what')}>
        {(list) =>
          list.length === 0 ? (
            <p data-testid="no-silences">{t('silences.none')}</p>
          ) : (
            <SilenceList
              list={list}
              writer={writer}
              serverName={serverName}
              onEnded={() => setNotice(t('silences.endedNotice'))}
            />
          )
        }
      </Loadable>
    </>
  );
}
