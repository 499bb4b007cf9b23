import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart';
import type { SeriesSpec } from '../../../components/chart/series';
import { formatSpan, mw } from '../../../lib/format';
import { generatorsData } from './chart-data';
import { ChartPanel } from './ChartPanel';
import type { ChartsContext } from './charts-context';
import { useChartRange } from './RangePicker';
import { seriesColor } from './series-colors';
import { useChartRows } from './use-chart-rows';

/** Power delivered per fuel over time (one line per fuel) and the capacity of all generators. */
export function GeneratorsChart(props: ChartsContext) {
  const { t } = useTranslation('dashboard');
  const { ctx, log } = props;
  const interval = props.intervalOf('generators', 30);
  const range = useChartRange(interval);
  const chart = useChartRows({ src: ctx.src, route: '/generators/history', range, log, kind: 'generators', interval });
  const { fuels, data } = useMemo(() => generatorsData(chart.rows), [chart.rows]);
  const series = useMemo(
    (): SeriesSpec[] => [
      ...fuels.map((fuel, i) => ({
        id: `fuel:${fuel}`,
        label: fuel || t('charts.generators.noFuel'),
        color: seriesColor(i),
        format: mw,
      })),
      { id: 'capacity', label: t('charts.generators.capacity'), color: '--s-total', format: mw, dashed: true },
    ],
    [fuels, t],
  );

  return (
    <ChartPanel
      ctx={ctx}
      id="chart-generators"
      title={t('charts.generators.title')}
      kind="generators"
      interval={interval}
      range={range}
      retentionHours={props.retentionHours ?? chart.retentionHours}
      planName={props.planName}
      error={chart.error}
      changes={chart.changes}
    >
      <figure className="chart-single">
        <figcaption>{t('charts.generators.caption')}</figcaption>
        <TimeSeriesChart
          key={range.id}
          label={t('charts.generators.label', { range: formatSpan(range.hours * 3600) })}
          series={series}
          data={data}
          from={chart.from}
          to={chart.to}
          yMin={0}
        />
      </figure>
    </ChartPanel>
  );
}
