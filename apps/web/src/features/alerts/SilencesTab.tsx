// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState } from 'react';
import { ErrorNote, Loadable, Notice } from '../../components/ui';
import { useApi } from '../../lib/useApi';
import type { TabProps } from './tab-props';
import type { ServerRef, Silence } from './model';
import { CreateSilence } from './SilenceForm';
import { SilenceList } from './SilenceList';

export { browserTimeZone, recurrenceText } from './silenceTime';

/** Mutes until a time and weekly maintenance windows, for everything, one server or one rule. */
export function SilencesTab({ writer }: TabProps) {
  const [showEnded, setShowEnded] = useState(false);
  const silences = useApi<Silence[]>(`/api/v1/silences${showEnded ? '?include_expired=true' : ''}`);
  const servers = useApi<ServerRef[]>('/api/v1/servers');
  const [notice, setNotice] = useState('');
  const serverName = (id: string) => servers.data?.find((s) => s.id === id)?.name ?? 'a removed server';

  return (
    <>
      <p>
        A silence mutes notifications: incidents are still recorded (marked “silenced”), nobody is woken up. Mute now
        for a while, or set a weekly maintenance window, for everything, one server or one rule.
      </p>
      {writer && (
        <CreateSilence
          servers={servers.data ?? []}
          onCreated={(s) => {
            silences.update((l) => [s, ...l]);
            setNotice('Silence created.');
          }}
        />
      )}
      <div className="alerts-head">
        <h3>Silences</h3>
        <label className="alerts-inline-check">
          <input type="checkbox" checked={showEnded} onChange={(e) => setShowEnded(e.target.checked)} /> Show ended ones
        </label>
      </div>
      <Notice text={notice} />
      {servers.error && <ErrorNote error={servers.error} retry={servers.reload} />}
      <Loadable state={silences} what="silences">
        {(list) =>
          list.length === 0 ? (
            <p data-testid="no-silences">No silences: every alert is sent.</p>
          ) : (
            <SilenceList
              list={list}
              writer={writer}
              serverName={serverName}
              onEnded={(s) => {
                silences.update((l) => l.filter((x) => x.id !== s.id));
                setNotice('Silence ended.');
              }}
            />
          )
        }
      </Loadable>
    </>
  );
}
