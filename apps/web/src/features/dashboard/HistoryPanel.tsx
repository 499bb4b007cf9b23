import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Panel } from '../../components/Panel';
import { TimeSeriesChart } from '../../components/chart/TimeSeriesChart';
import { loadUPlot } from '../../components/chart/load';
import type { SeriesSpec } from '../../components/chart/series';
import { fixed, formatSpan, num } from '../../lib/format';
import { serverNow } from '../../lib/hooks';
import { queryClient } from '../../lib/query';
import { historyQuery } from '../../live/history';
import type { PanelContext } from './common';
import { historyCharts, RANGES, stepFor, type RangeId } from './history-series';
import { OnlineAt } from '../players';
import { livePanel } from './live-panel';

/** The range the panel opens on. */
const FIRST_RANGE: RangeId = '1h';

/**
 * Starts what the panel's first chart needs, before the panel is built: the history of its first range and the
 * chart library (the dashboard calls it with its first data; the panel's own query then finds the answer).
 */
export function prefetchHistory(src: PanelContext['src'], healthIntervalSeconds: number): void {
  const hours = RANGES.find((r) => r.id === FIRST_RANGE)!.hours;
  void queryClient.prefetchQuery(historyQuery(src, FIRST_RANGE, hours, stepFor(hours, healthIntervalSeconds)));
  void loadUPlot().catch(() => undefined);
}

/** Tick rate and players over time: history from the API plus the live polls, gaps drawn as gaps. */
function HistoryPanelView(props: { ctx: PanelContext; retentionHours: number | null; planName: string | null }) {
  const { t } = useTranslation('dashboard');
  const { src, live, intervals } = props.ctx;
  const [range, setRange] = useState<RangeId>(FIRST_RANGE);
  // The time under the players chart's cursor: "who was online" then (signed-in dashboards; share links have no
  // player history).
  const [hoverAt, setHoverAt] = useState<number | null>(null);
  const hours = RANGES.find((r) => r.id === range)!.hours;
  const step = stepFor(hours, intervals.health);
  const history = useQuery(historyQuery(src, range, hours, step));
  const retention = props.retentionHours ?? history.data?.retentionHours ?? null;
  const retentionText = retention !== null ? formatSpan(retention * 3600) : '';
  const rangeText = formatSpan(hours * 3600);

  const charts = useMemo(
    () => historyCharts(history.data, live.points, intervals.health),
    [history.data, live.points, intervals.health],
  );
  // The shown window ends at the newest data (or now): it moves with each poll, not with every clock tick.
  const to = useMemo(() => Math.max(serverNow(), charts.tick.t[charts.tick.t.length - 1] ?? 0), [charts]);
  const from = to - hours * 3600_000;

  // Stable between renders (the dashboard re-renders every second for its clocks; the charts need not).
  const { tickSeries, playerSeries, threshold } = useMemo(() => {
    const playerFormat = (v: number) => num(v, v % 1 ? 1 : 0);
    return {
      tickSeries: [
        { id: 'tick', label: t('history.tickAvg'), color: '--s-tick', format: (v: number) => fixed(v) },
        {
          id: 'tickMin',
          label: t('history.tickMin'),
          color: '--s-tick-min',
          format: (v: number) => fixed(v),
          dashed: true,
        },
      ] satisfies SeriesSpec[],
      playerSeries: [
        { id: 'players', label: t('history.players'), color: '--s-players', format: playerFormat },
        {
          id: 'playersMax',
          label: t('history.playersMax'),
          color: '--s-players-max',
          format: playerFormat,
          dashed: true,
        },
      ] satisfies SeriesSpec[],
      threshold: { value: 15, label: t('history.degraded', { value: num(15, 0) }) },
    };
  }, [t]);

  return (
    <Panel
      id="history"
      title={t('history.title')}
      time={live.kinds.health?.time ?? null}
      interval={intervals.health}
      className="panel-wide"
      actions={
        <div className="range-picker" role="group" aria-label={t('history.ranges')}>
          {RANGES.map((r) => {
            const tooLong = retention !== null && r.hours > retention;
            return (
              <button
                key={r.id}
                type="button"
                className="btn btn-small btn-seg"
                aria-pressed={range === r.id}
                disabled={tooLong}
                title={
                  tooLong
                    ? props.planName
                      ? t('history.tooLong', { plan: props.planName, retention: retentionText })
                      : t('history.tooLongNoPlan', { retention: retentionText })
                    : undefined
                }
                onClick={() => setRange(r.id)}
              >
                {formatSpan(r.hours * 3600)}
              </button>
            );
          })}
        </div>
      }
    >
      {retention !== null && (
        <p className="muted small">
          {props.planName
            ? t('history.retention', { plan: props.planName, retention: retentionText })
            : t('history.retentionNoPlan', { retention: retentionText })}
        </p>
      )}
      {history.error !== null && <ErrorNotice error={history.error} title={t('history.loadFailed')} />}
      <div className="charts">
        <figure>
          <figcaption>{t('history.tickCaption')}</figcaption>
          <TimeSeriesChart
            key={range}
            label={t('history.tickLabel', { range: rangeText })}
            series={tickSeries}
            data={charts.tick}
            from={from}
            to={to}
            yMin={0}
            yMaxAtLeast={30}
            threshold={threshold}
          />
        </figure>
        <figure>
          <figcaption>{t('history.playersCaption')}</figcaption>
          <TimeSeriesChart
            key={range}
            label={t('history.playersLabel', { range: rangeText })}
            series={playerSeries}
            data={charts.players}
            from={from}
            to={to}
            yMin={0}
            yMaxAtLeast={4}
            onHover={src.auth ? setHoverAt : undefined}
          />
          {src.auth && <OnlineAt serverId={src.key} time={hoverAt} />}
        </figure>
      </div>
    </Panel>
  );
}

export const HistoryPanel = livePanel(HistoryPanelView, { kinds: ['health'], fields: ['points'] });
