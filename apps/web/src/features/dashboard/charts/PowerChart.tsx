import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart';
import type { SeriesSpec } from '../../../components/chart/series';
import { formatSpan, mw, percent } from '../../../lib/format';
import { powerData } from './chart-data';
import { ChartPanel } from './ChartPanel';
import type { ChartsContext } from './charts-context';
import { useChartRange } from './RangePicker';
import { useChartRows } from './use-chart-rows';

/** The circuits of the newest power poll, the one delivering the most first (the main grid). */
function circuitsOf(ctx: ChartsContext['ctx']): number[] {
  const circuits = ctx.live.kinds.power?.data ?? [];
  return [...circuits].sort((a, b) => b.powerProduction - a.powerProduction).map((c) => c.circuitGroupId);
}

/** Power of one circuit over time: production, consumption and capacity (MW); the battery charge (%) below. */
export function PowerChart(props: ChartsContext) {
  const { t } = useTranslation('dashboard');
  const { ctx, log } = props;
  const chooserId = useId();
  const interval = ctx.intervals.power;
  const range = useChartRange(interval);
  const circuits = circuitsOf(ctx);
  const [chosen, setChosen] = useState<number | null>(null);
  // A chosen circuit that is gone (rebuilt, merged) gives way to the main one.
  const circuit = chosen !== null && circuits.includes(chosen) ? chosen : (circuits[0] ?? null);
  const chart = useChartRows({
    src: ctx.src,
    route: '/power/history',
    filter: circuit === null ? {} : { circuit: String(circuit) },
    match: circuit === null ? undefined : { column: 'circuit_group_id', value: circuit },
    enabled: circuit !== null,
    range,
    log,
    kind: 'power',
    interval,
  });
  const data = useMemo(() => powerData(chart.rows, circuit ?? -1), [chart.rows, circuit]);
  const name = circuit === null ? '' : t('charts.power.circuit', { id: circuit });
  const { mwSeries, batterySeries } = useMemo(
    () => ({
      mwSeries: [
        { id: 'production', label: t('charts.power.production'), color: '--s-c0', format: mw },
        { id: 'consumption', label: t('charts.power.consumption'), color: '--s-c1', format: mw },
        { id: 'capacity', label: t('charts.power.capacity'), color: '--s-c2', format: mw, dashed: true },
      ] satisfies SeriesSpec[],
      batterySeries: [
        { id: 'battery', label: t('charts.power.battery'), color: '--s-c3', format: (v: number) => percent(v) },
      ] satisfies SeriesSpec[],
    }),
    [t],
  );
  const rangeText = formatSpan(range.hours * 3600);

  return (
    <ChartPanel
      ctx={ctx}
      id="chart-power"
      title={t('charts.power.title')}
      kind="power"
      interval={interval}
      range={range}
      retentionHours={props.retentionHours ?? chart.retentionHours}
      planName={props.planName}
      error={chart.error}
      changes={chart.changes}
      chooser={
        circuits.length > 0 && (
          <>
            <label htmlFor={chooserId}>{t('charts.power.chooser')}</label>
            <select id={chooserId} value={circuit ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
              {circuits.map((id) => (
                <option key={id} value={id}>
                  {t('charts.power.circuit', { id })}
                </option>
              ))}
            </select>
          </>
        )
      }
    >
      {circuit === null ? (
        <p className="muted">{t('charts.power.noCircuits')}</p>
      ) : (
        <div className="charts">
          <figure>
            <figcaption>{t('charts.power.mwCaption', { circuit: name })}</figcaption>
            <TimeSeriesChart
              key={`${range.id}|${circuit}`}
              label={t('charts.power.mwLabel', { circuit: name, range: rangeText })}
              series={mwSeries}
              data={data.mw}
              from={chart.from}
              to={chart.to}
              yMin={0}
            />
          </figure>
          <figure>
            <figcaption>{t('charts.power.batteryCaption', { circuit: name })}</figcaption>
            <TimeSeriesChart
              key={`${range.id}|${circuit}`}
              label={t('charts.power.batteryLabel', { circuit: name, range: rangeText })}
              series={batterySeries}
              data={data.battery}
              from={chart.from}
              to={chart.to}
              yMin={0}
              yMaxAtLeast={100}
            />
          </figure>
        </div>
      )}
    </ChartPanel>
  );
}
