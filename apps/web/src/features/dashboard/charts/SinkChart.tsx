import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart';
import type { SeriesSpec } from '../../../components/chart/series';
import { formatSpan, num } from '../../../lib/format';
import { scaled, scaleFor, sinkData } from './chart-data';
import { ChartPanel } from './ChartPanel';
import type { ChartsContext } from './charts-context';
import { useChartRange } from './RangePicker';
import { useChartRows } from './use-chart-rows';

/** The AWESOME Sink over time: points per minute, and the points earned in the save (each on its own axis). */
export function SinkChart(props: ChartsContext) {
  const { t } = useTranslation('dashboard');
  const { ctx, log } = props;
  const interval = props.intervalOf('resource_sink', 60);
  const range = useChartRange(interval);
  const chart = useChartRows({
    src: ctx.src,
    route: '/resource-sink/history',
    range,
    log,
    kind: 'resource_sink',
    interval,
  });
  // The total runs into the millions: drawn in thousands or millions (the axis's labels stay short), read in full.
  const { data, scale } = useMemo(() => {
    const d = sinkData(chart.rows);
    const s = scaleFor(d.total);
    return { data: { ...d, total: scaled(d.total, s) }, scale: s };
  }, [chart.rows]);
  const { perMinute, total } = useMemo(
    () => ({
      perMinute: [
        {
          id: 'perMinute',
          label: t('charts.sink.perMinute'),
          color: '--s-c0',
          format: (v: number) => t('charts.sink.perMinuteValue', { value: num(v, 0) }),
        },
      ] satisfies SeriesSpec[],
      total: [
        {
          id: 'total',
          label: t('charts.sink.total'),
          color: '--s-c2',
          format: (v: number) => t('charts.sink.pointsValue', { value: num(v * scale.divisor, 0) }),
        },
      ] satisfies SeriesSpec[],
    }),
    [t, scale.divisor],
  );
  const rangeText = formatSpan(range.hours * 3600);

  return (
    <ChartPanel
      ctx={ctx}
      id="chart-sink"
      title={t('charts.sink.title')}
      kind="resource_sink"
      interval={interval}
      range={range}
      retentionHours={props.retentionHours ?? chart.retentionHours}
      planName={props.planName}
      error={chart.error}
      changes={chart.changes}
    >
      <div className="charts">
        <figure>
          <figcaption>{t('charts.sink.perMinuteCaption')}</figcaption>
          <TimeSeriesChart
            key={range.id}
            label={t('charts.sink.perMinuteLabel', { range: rangeText })}
            series={perMinute}
            data={data.perMinute}
            from={chart.from}
            to={chart.to}
            yMin={0}
          />
        </figure>
        <figure>
          <figcaption>{t(`charts.sink.totalCaption.${scale.unit}`)}</figcaption>
          <TimeSeriesChart
            key={range.id}
            label={t('charts.sink.totalLabel', { range: rangeText })}
            series={total}
            data={data.total}
            from={chart.from}
            to={chart.to}
          />
        </figure>
      </div>
    </ChartPanel>
  );
}
