import type uPlot from 'uplot';
import { cssVar } from './load';
import type { SeriesSpec } from './series';
import { timeTicks } from './time-axis';

/** What the chart component lets the plot call back (read through a ref, so the latest closures are used). */
export interface PlotHandlers {
  zoom(min: number, max: number): void;
  reset(): void;
  pan(min: number, max: number): void;
  cursor(index: number | null, left: number | null): void;
}

export interface PlotConfig {
  series: readonly SeriesSpec[];
  width: number;
  height: number;
  language: string;
  yMin?: number;
  yMaxAtLeast?: number;
  threshold?: { value: number; label: string };
  yFormat: (v: number) => string;
  /** Where the CSS custom properties are read (the chart's own element). */
  el: Element;
  handlers: { current: PlotHandlers };
}

const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** A round step for about `ticks` intervals over `range` (1, 2, 5 x 10^n). */
export function niceStep(range: number, ticks: number): number {
  const raw = range / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  const norm = raw / mag;
  return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

/** The y range: from `yMin` (else 0 or the lowest value), up to a round number above the data and the threshold. */
export function yRange(
  dataMin: number | null,
  dataMax: number | null,
  c: Pick<PlotConfig, 'yMin' | 'yMaxAtLeast' | 'threshold'>,
): [number, number] {
  const lo = c.yMin ?? Math.min(0, dataMin ?? 0);
  const hi = Math.max(c.yMaxAtLeast ?? 1, dataMax ?? 0, c.threshold?.value ?? 0);
  const step = niceStep(hi - lo || 1, 4);
  return [lo, Math.ceil(hi / step) * step];
}

/** Indices of samples with no neighbour on either side (a line needs two points; these get a dot). */
export function isolated(values: ArrayLike<number | null | undefined>, i0: number, i1: number): number[] {
  const out: number[] = [];
  const has = (i: number) => values[i] !== null && values[i] !== undefined;
  for (let i = i0; i <= i1; i++) {
    if (!has(i)) continue;
    let before = i - 1;
    while (before >= 0 && values[before] === undefined) before--;
    let after = i + 1;
    while (after < values.length && values[after] === undefined) after++;
    if (!(before >= 0 && has(before)) && !(after < values.length && has(after))) out.push(i);
  }
  return out;
}

/** uPlot's options for a time-series chart: ms timestamps, no built-in legend, colours from the theme. */
export function plotOptions(c: PlotConfig): uPlot.Options {
  const color = (name: string) => () => cssVar(c.el, name);
  const axis = {
    font: FONT,
    stroke: color('--text-muted'),
    grid: { stroke: color('--border'), width: 1 },
    ticks: { stroke: color('--border'), width: 1, size: 4 },
  };
  let panFrom: { x: number; min: number; max: number } | null = null;
  const onPanMove = (e: MouseEvent, u: uPlot) => {
    if (!panFrom) return;
    const px = u.over.clientWidth || 1;
    const dt = ((e.clientX - panFrom.x) / px) * (panFrom.max - panFrom.min);
    c.handlers.current.pan(panFrom.min - dt, panFrom.max - dt);
  };
  return {
    width: c.width,
    height: c.height,
    ms: 1,
    legend: { show: false },
    scales: { x: { time: true }, y: { range: (_u, min, max) => yRange(min, max, c) } },
    axes: [
      { ...axis, space: 70, values: (_u, splits, _i, _s, incr) => timeTicks(splits, incr, c.language) },
      { ...axis, size: 48, values: (_u, splits) => splits.map((v) => c.yFormat(v)) },
    ],
    series: [
      {},
      ...c.series.map((s): uPlot.Series => ({
        label: s.label,
        stroke: color(s.color),
        width: 2,
        dash: s.dashed ? [5, 4] : undefined,
        spanGaps: false,
        points: {
          size: 5,
          fill: color(s.color),
          filter: (u, si, show) => (show ? null : isolated(u.data[si]!, 0, u.data[si]!.length - 1)),
        },
      })),
    ],
    cursor: {
      drag: { x: true, y: false, setScale: false },
      points: { size: 8, fill: (u, si) => cssVar(c.el, c.series[si - 1]?.color ?? '--text') },
      bind: {
        dblclick: () => () => {
          c.handlers.current.reset();
          return null;
        },
        // Shift + drag pans the zoomed range; a plain drag selects a range to zoom into.
        mousedown: (u, _target, handler) => (e) => {
          if (!e.shiftKey) return handler(e);
          panFrom = { x: e.clientX, min: u.scales.x.min ?? 0, max: u.scales.x.max ?? 0 };
          const move = (ev: MouseEvent) => onPanMove(ev, u);
          const up = () => {
            panFrom = null;
            window.removeEventListener('mousemove', move);
            window.removeEventListener('mouseup', up);
          };
          window.addEventListener('mousemove', move);
          window.addEventListener('mouseup', up);
          return null;
        },
      },
    },
    hooks: {
      setSelect: [
        (u) => {
          const { left, width } = u.select;
          if (width > 3) c.handlers.current.zoom(u.posToVal(left, 'x'), u.posToVal(left + width, 'x'));
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
      setCursor: [(u) => c.handlers.current.cursor(u.cursor.idx ?? null, u.cursor.left ?? null)],
      draw: [(u) => drawThreshold(u, c)],
    },
  };
}

/** The dashed line of a threshold ("degraded below 15") with its label, over the plot. */
function drawThreshold(u: uPlot, c: PlotConfig): void {
  if (!c.threshold) return;
  const y = Math.round(u.valToPos(c.threshold.value, 'y', true));
  const { left, width } = u.bbox;
  const ctx = u.ctx;
  const warn = cssVar(c.el, '--warn');
  ctx.save();
  ctx.strokeStyle = warn;
  ctx.fillStyle = warn;
  ctx.lineWidth = devicePixelRatio;
  ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();
  ctx.font = FONT.replace('11px', `${11 * devicePixelRatio}px`);
  ctx.textAlign = 'right';
  ctx.fillText(c.threshold.label, left + width - 4 * devicePixelRatio, y - 4 * devicePixelRatio);
  ctx.restore();
}
