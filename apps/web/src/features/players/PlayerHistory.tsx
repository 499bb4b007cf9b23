import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../../components/ui';
import { serverNow } from '../../lib/hooks';
import { downloadCsv, heatmapQuery, localZone, sessionsQuery } from './api';
import { Heatmap } from './Heatmap';
import { PlayerSearch } from './PlayerSearch';
import { ServerCrumbs, useServerName } from './ServerCrumbs';
import { SessionsTable } from './SessionsTable';
import { SessionTimeline } from './SessionTimeline';
import './players.css';

const RANGES = { day: 24, week: 7 * 24 } as const;
type RangeId = keyof typeof RANGES;

/** `/servers/:id/players`: the sessions timeline and table, a CSV export, the heat map and the player search. */
export function PlayerHistory({ serverId }: { serverId: string }) {
  const { t } = useTranslation('players');
  const name = useServerName(serverId);
  const [range, setRange] = useState<RangeId>('day');
  // The range's end is fixed when the range is picked (and moves with each refetch's key), not at every render.
  const [now, setNow] = useState(() => serverNow());
  const hours = RANGES[range];
  const sessions = useQuery(sessionsQuery(serverId, hours, now));
  const heatmap = useQuery(heatmapQuery(serverId, localZone()));
  const [csvError, setCsvError] = useState(false);

  useEffect(() => {
    document.title = `${t('title')} · ${name ?? t('server')}`;
    return () => {
      document.title = t('common:app.name');
    };
  }, [name, t]);

  return (
    <div className="page players">
      <ServerCrumbs serverId={serverId} name={name} here={t('title')} />
      <h1>{name ? t('titleOf', { name }) : t('title')}</h1>
      <PlayerSearch />
      <section aria-labelledby="pl-timeline-h" className="pl-section">
        <h2 id="pl-timeline-h">{t('timeline')}</h2>
        <div className="pl-controls">
          <label>
            {t('range')}{' '}
            <select
              value={range}
              onChange={(e) => {
                setRange(e.target.value as RangeId);
                setNow(serverNow());
              }}
            >
              {(Object.keys(RANGES) as RangeId[]).map((r) => (
                <option key={r} value={r}>
                  {t(`ranges.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setCsvError(false);
              downloadCsv(serverId, hours, now).catch(() => setCsvError(true));
            }}
          >
            {t('downloadCsv')}
          </button>
          {csvError && <span role="alert">{t('downloadFailed')}</span>}
        </div>
        <Loadable state={sessions} what={t('loading')}>
          {(answer) => (
            <>
              <SessionTimeline
                serverId={serverId}
                sessions={answer.sessions}
                from={Date.parse(answer.from)}
                to={Date.parse(answer.to)}
              />
              {answer.sessions.some((s) => s.anonymous) && <p className="muted small">{t('anonymousNote')}</p>}
              {answer.sessions.length > 0 && <SessionsTable serverId={serverId} sessions={answer.sessions} />}
            </>
          )}
        </Loadable>
      </section>
      <section aria-labelledby="pl-heatmap-h" className="pl-section">
        <h2 id="pl-heatmap-h">{t('heatmap')}</h2>
        <Loadable state={heatmap} what={t('loading')}>
          {(data) => <Heatmap data={data} />}
        </Loadable>
      </section>
    </div>
  );
}
