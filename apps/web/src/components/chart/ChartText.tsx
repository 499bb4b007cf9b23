import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlignedData, SeriesSpec } from './series';
import { summarize, tableRows } from './summary';
import { pointTime } from './time-axis';

interface TextProps {
  label: string;
  series: readonly SeriesSpec[];
  data: AlignedData;
  from: number;
  to: number;
  language: string;
}

/** The chart in words, for screen readers: per series lowest, average, highest and newest value over the range. */
export const ChartSummary = memo(function ChartSummary(props: TextProps & { id: string }) {
  const { t } = useTranslation('dashboard');
  const stats = summarize(props.data, props.from, props.to);
  const span = props.to - props.from;
  const when = (time: number) => pointTime(time, span, props.language);
  const parts = props.series.map((s, i) => {
    const st = stats[i];
    if (!st || st.count === 0) return t('chart.seriesEmpty', { series: s.label });
    return t('chart.seriesSummary', {
      series: s.label,
      min: s.format(st.min!),
      avg: s.format(st.avg!),
      max: s.format(st.max!),
      latest: s.format(st.latest!),
    });
  });
  return (
    <p id={props.id} className="sr-only" data-testid="chart-summary">
      {t('chart.summary', { label: props.label, from: when(props.from), to: when(props.to) })} {parts.join(' ')}
    </p>
  );
});

/** "Show as table": every sample of the shown range, one row per time; a gap is a row saying so. */
export const ChartTable = memo(function ChartTable(props: TextProps & { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const span = props.to - props.from;
  const rows = props.open ? tableRows(props.data, props.from, props.to) : [];
  return (
    <div className="ts-table">
      <button
        type="button"
        className="btn btn-small btn-ghost"
        aria-expanded={props.open}
        aria-controls={id}
        onClick={props.onToggle}
      >
        {props.open ? t('chart.hideTable') : t('chart.showTable')}
      </button>
      <div
        id={id}
        hidden={!props.open}
        className="table-wrap ts-table-wrap"
        tabIndex={props.open ? 0 : undefined}
        role="region"
        aria-label={t('chart.tableRegion', { label: props.label })}
      >
        {props.open && (
          <table className="table">
            <caption className="sr-only">{props.label}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.time')}</th>
                {props.series.map((s) => (
                  <th scope="col" className="num" key={s.id}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={props.series.length + 1} className="muted">
                    {t('chart.noData')}
                  </td>
                </tr>
              )}
              {rows.map((r) => (
                <tr key={r.t} data-testid="chart-row">
                  <th scope="row" className="mono small">
                    {pointTime(r.t, span, props.language)}
                  </th>
                  {r.cells.map((v, i) => (
                    <td className="num" key={props.series[i]!.id}>
                      {v === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{t('chart.gap')}</span>
                        </>
                      ) : (
                        props.series[i]!.format(v)
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
});
