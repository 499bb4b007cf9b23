import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart';
import type { SeriesSpec } from '../../../components/chart/series';
import { cubicPerMinute, formatSpan, perMinute } from '../../../lib/format';
import { productionData } from './chart-data';
import { ChartPanel } from './ChartPanel';
import type { ChartsContext } from './charts-context';
import { useChartRange } from './RangePicker';
import { useChartRows } from './use-chart-rows';

/** One item over time: produced and consumed per minute, and the most its producers could make. */
export function ProductionChart(props: ChartsContext) {
  const { t } = useTranslation('dashboard');
  const { ctx, log } = props;
  const chooserId = useId();
  const interval = ctx.intervals.production;
  const range = useChartRange(interval);
  // The items of the newest poll: listed by name, the one made most of first chosen.
  const items = useMemo(() => {
    const list = ctx.live.kinds.production?.data ?? [];
    return {
      byName: [...list].sort((a, b) => a.itemName.localeCompare(b.itemName)),
      top: [...list].sort((a, b) => b.currentProd - a.currentProd)[0] ?? null,
    };
  }, [ctx.live.kinds.production?.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const item = items.byName.find((i) => i.itemClass === chosen) ?? items.top;
  const itemClass = item?.itemClass ?? null;
  const chart = useChartRows({
    src: ctx.src,
    route: '/production/history',
    filter: itemClass === null ? {} : { item: itemClass },
    match: itemClass === null ? undefined : { column: 'item_class', value: itemClass },
    enabled: itemClass !== null,
    range,
    log,
    kind: 'production',
    interval,
  });
  const data = useMemo(() => productionData(chart.rows, itemClass ?? ''), [chart.rows, itemClass]);
  const fluid = item?.itemForm === 'Liquid' || item?.itemForm === 'Gas';
  const series = useMemo((): SeriesSpec[] => {
    const format = (v: number) => (fluid ? cubicPerMinute(v) : perMinute(v));
    return [
      { id: 'produced', label: t('charts.production.produced'), color: '--s-c0', format },
      { id: 'consumed', label: t('charts.production.consumed'), color: '--s-c1', format },
      { id: 'max', label: t('charts.production.max'), color: '--s-c2', format, dashed: true },
    ];
  }, [t, fluid]);

  return (
    <ChartPanel
      ctx={ctx}
      id="chart-production"
      title={t('charts.production.title')}
      kind="production"
      interval={interval}
      range={range}
      retentionHours={props.retentionHours ?? chart.retentionHours}
      planName={props.planName}
      error={chart.error}
      changes={chart.changes}
      chooser={
        items.byName.length > 0 && (
          <>
            <label htmlFor={chooserId}>{t('charts.production.chooser')}</label>
            <select id={chooserId} value={itemClass ?? ''} onChange={(e) => setChosen(e.target.value)}>
              {items.byName.map((i) => (
                <option key={i.itemClass} value={i.itemClass}>
                  {i.itemName}
                </option>
              ))}
            </select>
          </>
        )
      }
    >
      {item === null ? (
        <p className="muted">{t('charts.production.noItems')}</p>
      ) : (
        <figure className="chart-single">
          <figcaption>{t('charts.production.caption', { item: item.itemName })}</figcaption>
          <TimeSeriesChart
            key={`${range.id}|${item.itemClass}`}
            label={t('charts.production.label', { item: item.itemName, range: formatSpan(range.hours * 3600) })}
            series={series}
            data={data}
            from={chart.from}
            to={chart.to}
            yMin={0}
          />
        </figure>
      )}
    </ChartPanel>
  );
}
