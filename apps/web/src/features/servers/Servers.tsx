import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../../components/ui';
import { canWrite, intervalsOf, useAccount } from '../../lib/account';
import { keys, queryClient } from '../../lib/query';
import { useLive, useWatch } from '../../live/hooks';
import { seedLatest, seedRecentPoints } from '../../live/seed';
import { liveStore } from '../../live/store';
import { serverSource, serversQuery, type ServerView } from './api';
import { PlanFullNotice, planFull, PlanUsage } from './plan';
import { ServerRow, SPARK_POINTS } from './ServerRow';

/**
 * The REST seeds of the live store for the listed servers: the newest health values and the sparkline's last
 * polls, until (or without) the socket's snapshot. Prefetched queries (fresh for the client's stale time), so a
 * return to the page within a few seconds does not fetch them again; nothing renders on their progress (they
 * write into the live store, which the rows read), where observed queries rendered the whole list once per
 * request state.
 */
function useSeeds(ids: string[], healthInterval: number): void {
  const key = ids.join(',');
  useEffect(() => {
    // A server per task, the first after the commit's task too: starting a request costs the page a few
    // milliseconds, a long list's at once a long task.
    const ids = key ? key.split(',') : [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (i: number) => {
      const id = ids[i];
      if (id === undefined) return;
      void queryClient.prefetchQuery({
        queryKey: [...keys.server(id), 'seed', 'latest'],
        queryFn: () => seedLatest(serverSource(id), false),
      });
      void queryClient.prefetchQuery({
        queryKey: [...keys.server(id), 'seed', 'recent', healthInterval],
        queryFn: () => seedRecentPoints(serverSource(id), healthInterval, SPARK_POINTS).then(() => true),
      });
      timer = setTimeout(() => next(i + 1), 0);
    };
    timer = setTimeout(() => next(0), 0);
    return () => clearTimeout(timer);
  }, [key, healthInterval]);
}

/** A server deleted elsewhere (the socket says so) leaves the cached list, and the plan's usage is asked again. */
function useRemovals(): void {
  useEffect(
    () =>
      liveStore.subscribeAll(() => {
        const list = queryClient.getQueryData<ServerView[]>(keys.servers);
        if (!list?.some((s) => liveStore.get(s.id).removed)) return;
        queryClient.setQueryData(
          keys.servers,
          list.filter((s) => !liveStore.get(s.id).removed),
        );
        void queryClient.invalidateQueries({ queryKey: keys.subscription });
      }),
    [],
  );
}

/** The organisation's servers, live: status, players, tick rate trend, tier, phase, last seen. */
export function Servers() {
  const { t } = useTranslation('servers');
  const account = useAccount();
  const live = useLive();
  const servers = useQuery(serversQuery);
  const intervals = intervalsOf(account.subscription);
  const writer = canWrite(account);
  const list = servers.data;

  // The REST row is the live store's starting point; the socket's snapshot and deltas win from then on.
  useEffect(() => {
    for (const s of list ?? []) liveStore.seedServer(s.id, s);
  }, [list]);
  const ids = list?.map((s) => s.id) ?? [];
  useWatch(live, ids);
  useSeeds(ids, intervals.health);
  useRemovals();

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('list.title')}</h1>
          {list && account.subscription && <PlanUsage used={list.length} subscription={account.subscription} />}
        </div>
        {writer && (
          <Link to="/servers/new" className="btn btn-primary">
            {t('list.add')}
          </Link>
        )}
      </div>
      {writer && list && planFull(account.subscription, list.length) && (
        <PlanFullNotice subscription={account.subscription!} />
      )}
      <Loadable state={servers} what={t('list.what')}>
        {(data) =>
          data.length === 0 ? (
            <div className="empty">
              <h2>{t('empty.title')}</h2>
              {account.me && <p>{writer ? t('empty.writer') : t('empty.viewer')}</p>}
              {writer && (
                <p>
                  <Link to="/servers/new">{t('empty.addFirst')}</Link>
                </p>
              )}
            </div>
          ) : (
            <table className="table servers-table">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('list.columns.server')}</th>
                  <th scope="col">{t('list.columns.status')}</th>
                  <th scope="col" className="num">
                    {t('list.columns.players')}
                  </th>
                  <th scope="col" className="num">
                    {t('list.columns.tickRate')}
                  </th>
                  <th scope="col" className="num">
                    {t('list.columns.techTier')}
                  </th>
                  <th scope="col">{t('list.columns.gamePhase')}</th>
                  <th scope="col">{t('list.columns.lastSeen')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((s) => (
                  <ServerRow key={s.id} server={s} healthInterval={intervals.health} />
                ))}
              </tbody>
            </table>
          )
        }
      </Loadable>
    </div>
  );
}
