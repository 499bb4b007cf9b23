import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { num } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ChartSummary, ChartTable } from './ChartText';
import { decimate } from './decimate';
import { canDraw, inTurn, loadUPlot, watchTheme } from './load';
import { plotOptions, type PlotConfig, type PlotHandlers } from './options';
import type { AlignedData, SeriesSpec } from './series';
import { pointTime } from './time-axis';
import './chart.css';

export interface TimeSeriesChartProps {
  /** What the chart shows: its accessible name and the table's caption. */
  label: string;
  series: readonly SeriesSpec[];
  /** Every series aligned to one time axis (`alignSeries`), gaps as `null`. */
  data: AlignedData;
  /** The range shown when not zoomed (ms). */
  from: number;
  to: number;
  yMin?: number;
  yMaxAtLeast?: number;
  threshold?: { value: number; label: string };
  height?: number;
  /** Told the time (ms) under the cursor as it moves, and null when it leaves (e.g. "who was online"). */
  onHover?: (time: number | null) => void;
}

type Range = { min: number; max: number };
const MIN_ZOOM_MS = 20_000;

const toUPlot = (d: AlignedData): uPlot.AlignedData => [d.t, ...d.values] as uPlot.AlignedData;

/**
 * A time-series chart on uPlot: several series, drag to zoom (double-click resets), Shift + drag or the buttons to
 * pan, a crosshair tooltip, a legend whose buttons show and hide series, and a text alternative (a summary for
 * screen readers and "Show as table"). Long ranges are decimated to the plot's width; colours follow the theme.
 */
export const TimeSeriesChart = memo(function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  const summaryId = useId();
  const plotEl = useRef<HTMLDivElement>(null);
  const uRef = useRef<uPlot | null>(null);
  const [ready, setReady] = useState(0);
  const [width, setWidth] = useState(600);
  const [zoom, setZoom] = useState<Range | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<{ idx: number; left: number } | null>(null);
  const [table, setTable] = useState(false);
  const drawable = useMemo(canDraw, []);
  const toggleTable = useCallback(() => setTable((v) => !v), []);

  const from = zoom?.min ?? props.from;
  const to = zoom?.max ?? props.to;
  const plotData = useMemo(() => decimate(props.data, from, to, width), [props.data, from, to, width]);
  // The series shown (legend toggles) and their data: memoised, so moving the cursor does not re-render the table.
  const shown = useMemo(
    () => props.series.map((s, i) => ({ s, i })).filter(({ s }) => !hidden.has(s.id)),
    [props.series, hidden],
  );
  const shownSeries = useMemo(() => shown.map(({ s }) => s), [shown]);
  const shownData = useMemo(
    (): AlignedData => ({ t: props.data.t, values: shown.map(({ i }) => props.data.values[i]!) }),
    [props.data, shown],
  );

  const clamp = (r: Range): Range => {
    const w = Math.min(r.max - r.min, props.to - props.from);
    const min = Math.max(props.from, Math.min(r.min, props.to - w));
    return { min, max: min + w };
  };
  const handlers: PlotHandlers = {
    zoom: (min, max) => max - min >= MIN_ZOOM_MS && setZoom(clamp({ min, max })),
    reset: () => setZoom(null),
    pan: (min, max) => setZoom(clamp({ min, max })),
    cursor: (idx, left) => {
      const off = idx === null || left === null || left < 0;
      setCursor(off ? null : { idx, left: left + (uRef.current?.over.offsetLeft ?? 0) });
      props.onHover?.(off ? null : (plotDataRef.current.t[idx] ?? null));
    },
  };
  const handlerRef = useRef(handlers);
  handlerRef.current = handlers;
  // One object for the plot's lifetime: its callbacks read it when they run, so later renders' values apply.
  const config = useRef({} as PlotConfig);
  Object.assign(config.current, {
    series: props.series,
    width,
    height: props.height ?? 200,
    language,
    yMin: props.yMin,
    yMaxAtLeast: props.yMaxAtLeast,
    threshold: props.threshold,
    yFormat: (v: number) => num(v, 1),
    handlers: handlerRef,
  });
  const plotDataRef = useRef(plotData);
  plotDataRef.current = plotData;

  // The plot itself: created once uPlot is loaded, again when the series or the language change.
  const seriesKey = `${props.series.map((s) => `${s.id}:${s.color}:${s.label}:${s.dashed ?? ''}`).join('|')}|${language}|${props.threshold?.label ?? ''}`;
  useEffect(() => {
    const el = plotEl.current;
    if (!drawable || !el) return;
    let alive = true;
    let u: uPlot | null = null;
    // Without uPlot (the chunk failed to load) the chart keeps its text alternative.
    loadUPlot().then(
      (UPlot) =>
        inTurn(() => {
          if (!alive) return;
          const w = el.clientWidth || 600;
          const c = Object.assign(config.current, { width: w, el });
          // Built in one task (options, axes, legend), first drawn in the next (scales, paths, canvas): together
          // they were one task of 60-100 ms on a slow machine (Total Blocking Time).
          new UPlot(plotOptions(c), toUPlot(plotDataRef.current), (plot, init) => {
            el.appendChild(plot.root);
            inTurn(() => {
              if (!alive) {
                plot.destroy();
                return;
              }
              init();
              u = plot;
              uRef.current = plot;
              setWidth(w);
              setReady((r) => r + 1);
            });
          });
        }),
      () => undefined,
    );
    const resize = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (!u || w === 0) return;
      u.setSize({ width: w, height: config.current.height });
      setWidth(w);
    });
    resize.observe(el);
    const unwatch = watchTheme(() => u?.redraw(false));
    return () => {
      alive = false;
      resize.disconnect();
      unwatch();
      u?.destroy();
      uRef.current = null;
    };
  }, [drawable, seriesKey, props.height]);

  useEffect(() => {
    const u = uRef.current;
    if (!u) return;
    u.setData(toUPlot(plotData), false);
    u.setScale('x', { min: from, max: to });
  }, [ready, plotData, from, to]);

  useEffect(() => {
    const u = uRef.current;
    if (!u) return;
    props.series.forEach((s, i) => {
      const show = !hidden.has(s.id);
      if (u.series[i + 1]?.show !== show) u.setSeries(i + 1, { show });
    });
  }, [ready, hidden, props.series]);

  /** Arrow keys move the crosshair from sample to sample; Escape hides it. */
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const u = uRef.current;
    const n = plotData.t.length;
    if (!u || n === 0) return;
    const cur = cursor?.idx ?? -1;
    const next =
      e.key === 'ArrowLeft'
        ? Math.max(0, cur < 0 ? n - 1 : cur - 1)
        : e.key === 'ArrowRight'
          ? Math.min(n - 1, cur + 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : e.key === 'Escape'
                ? -1
                : null;
    if (next === null) return;
    e.preventDefault();
    if (next < 0) u.setCursor({ left: -10, top: -10 });
    else u.setCursor({ left: u.valToPos(plotData.t[next]!, 'x'), top: u.over.clientHeight / 2 });
  };

  const at = cursor && cursor.idx < plotData.t.length ? cursor.idx : null;
  const span = to - from;
  const toggle = (id: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const empty = !props.data.values.some((c) =>
    c.some((v, i) => v != null && props.data.t[i]! >= from && props.data.t[i]! <= to),
  );

  return (
    <div className="ts-chart">
      <ul className="ts-legend" aria-label={t('chart.legend')}>
        {props.series.map((s, i) => {
          const v = at !== null ? plotData.values[i]?.[at] : undefined;
          return (
            <li key={s.id}>
              <button
                type="button"
                className="ts-legend-item"
                aria-pressed={!hidden.has(s.id)}
                onClick={() => toggle(s.id)}
              >
                <span
                  className={`ts-key${s.dashed ? ' ts-key-dashed' : ''}`}
                  style={{ color: `var(${s.color})` }}
                  aria-hidden="true"
                />
                {s.label}
                {at !== null && (
                  <span className="ts-legend-value">{v === null || v === undefined ? '—' : s.format(v)}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div
        className="ts-plot"
        tabIndex={0}
        role="group"
        aria-label={`${props.label}. ${t('chart.keys')}`}
        aria-describedby={summaryId}
        onKeyDown={onKey}
        onBlur={() => uRef.current?.setCursor({ left: -10, top: -10 })}
        style={{ minHeight: props.height ?? 200 }}
      >
        <div ref={plotEl} className="ts-canvas" />
        {at !== null && cursor && (
          <div
            className="ts-tooltip"
            role="status"
            data-testid="chart-tooltip"
            style={{ left: Math.max(0, Math.min(cursor.left + 12, width - 190)) }}
          >
            <div className="muted small">{pointTime(plotData.t[at]!, span, language)}</div>
            {shown.map(({ s, i }) => {
              const v = plotData.values[i]?.[at];
              return (
                <div key={s.id}>
                  <span className="ts-key" style={{ color: `var(${s.color})` }} aria-hidden="true" /> {s.label}:{' '}
                  <strong>{v === null || v === undefined ? t('chart.gap') : s.format(v)}</strong>
                </div>
              );
            })}
          </div>
        )}
        {empty && <p className="ts-empty muted">{t('chart.noData')}</p>}
      </div>
      <div className="ts-controls">
        <span className="muted small" data-testid="chart-range">
          {t(zoom ? 'chart.rangeZoomed' : 'chart.range', {
            from: pointTime(from, span, language),
            to: pointTime(to, span, language),
          })}
        </span>
        {zoom && (
          <span className="ts-zoom">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => handlers.pan(from - span / 2, to - span / 2)}
            >
              {t('chart.earlier')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => handlers.pan(from + span / 2, to + span / 2)}
            >
              {t('chart.later')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setZoom(null)}>
              {t('chart.resetZoom')}
            </button>
          </span>
        )}
        <ChartTable
          label={props.label}
          series={shownSeries}
          data={shownData}
          from={from}
          to={to}
          language={language}
          open={table}
          onToggle={toggleTable}
        />
      </div>
      <ChartSummary
        id={summaryId}
        label={props.label}
        series={shownSeries}
        data={shownData}
        from={from}
        to={to}
        language={language}
      />
    </div>
  );
});
