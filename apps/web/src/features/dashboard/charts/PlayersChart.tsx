import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart';
import type { SeriesSpec } from '../../../components/chart/series';
import { dateTime, formatSpan, num } from '../../../lib/format';
import { OnlineAt } from '../../players';
import { PlayerMap } from '../PlayerMap';
import { playersData } from './chart-data';
import { ChartPanel } from './ChartPanel';
import type { ChartsContext } from './charts-context';
import { useChartRange } from './RangePicker';
import { chartHistoryQuery } from './chart-history';
import { pollsOfTrailRows, trailsOf } from './trails';
import { useChartRows } from './use-chart-rows';

/**
 * Players online over time, and the map with each player's trail over the chosen range: from `/players/trails` (the
 * average position per bucket), then the positions the page saw live after its last bucket.
 */
export function PlayersChart(props: ChartsContext) {
  const { t } = useTranslation('dashboard');
  const { ctx, log } = props;
  const interval = ctx.intervals.players;
  const range = useChartRange(interval);
  // The time under the cursor: "who was online" then (signed-in dashboards; share links have no player history).
  const [hoverAt, setHoverAt] = useState<number | null>(null);
  const chart = useChartRows({ src: ctx.src, route: '/players/history', range, log, kind: 'players', interval });
  const data = useMemo(() => playersData(chart.rows), [chart.rows]);
  const trailHistory = useQuery(chartHistoryQuery(ctx.src, '/players/trails', {}, range.id, range.hours, range.step));
  const trails = useMemo(() => {
    const stored = pollsOfTrailRows(trailHistory.data?.rows ?? []);
    const last = stored.at(-1)?.t ?? 0;
    const polls = [...stored, ...log.polls.players.filter((p) => p.t > last)];
    // A bucket stands for `step` seconds: a trail breaks only where more than about three are missing.
    return trailsOf(polls, chart.from, chart.to, Math.max(interval, trailHistory.data?.stepSeconds ?? 0));
  }, [trailHistory.data, log.polls.players, chart.from, chart.to, interval]);
  const series = useMemo(
    (): SeriesSpec[] => [
      { id: 'online', label: t('charts.players.online'), color: '--s-players', format: (v) => num(v, v % 1 ? 1 : 0) },
    ],
    [t],
  );
  const rangeText = formatSpan(range.hours * 3600);
  const players = ctx.live.kinds.players?.data ?? [];

  return (
    <ChartPanel
      ctx={ctx}
      id="chart-players"
      title={t('charts.players.title')}
      kind="players"
      interval={interval}
      range={range}
      retentionHours={props.retentionHours ?? chart.retentionHours}
      planName={props.planName}
      error={chart.error}
      changes={chart.changes}
    >
      <div className="charts">
        <figure>
          <figcaption>{t('charts.players.caption')}</figcaption>
          <TimeSeriesChart
            key={range.id}
            label={t('charts.players.label', { range: rangeText })}
            series={series}
            data={data}
            from={chart.from}
            to={chart.to}
            yMin={0}
            yMaxAtLeast={4}
            onHover={ctx.src.auth ? setHoverAt : undefined}
          />
          {ctx.src.auth && <OnlineAt serverId={ctx.src.key} time={hoverAt} />}
        </figure>
        <div>
          <PlayerMap
            players={players}
            trails={trails}
            trailsNote={
              !trailHistory.data && log.since > 0
                ? t('charts.players.trailsNote', { since: dateTime(log.since) })
                : undefined
            }
          />
        </div>
      </div>
    </ChartPanel>
  );
}
