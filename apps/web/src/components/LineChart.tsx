// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** A sample on a chart; `span` is how many seconds it stands for (a poll interval or a history bucket). */
export interface ChartPoint {
  t: number;
  v: number | null;
  span: number;
}

export interface ChartSeries {
  name: string;
  className: string;
  points: ChartPoint[];
  format: (v: number) => string;
}

interface Props {
  label: string;
  series: ChartSeries[];
  from: number;
  to: number;
  yMin?: number;
  /** The y axis reaches at least this far. */
  yMaxAtLeast?: number;
  threshold?: { value: number; label: string };
  height?: number;
}

const PAD = { left: 40, right: 10, top: 10, bottom: 22 };

/**
 * Splits a series where a value is missing or where samples are further apart than about two of their spans:
 * a gap in the data is drawn as a gap, never interpolated.
 */
export function segmentsOf(points: ChartPoint[]): ChartPoint[][] {
  const out: ChartPoint[][] = [];
  let cur: ChartPoint[] = [];
  let prev: ChartPoint | null = null;
  for (const p of points) {
    const gap = prev !== null && p.t - prev.t > 2.2 * Math.max(prev.span, p.span) * 1000 + 1000;
    if (p.v === null || gap) {
      if (cur.length) out.push(cur);
      cur = [];
    }
    if (p.v !== null) cur.push(p);
    prev = p;
  }
  if (cur.length) out.push(cur);
  return out;
}

function niceStep(range: number, ticks: number): number {
  const raw = range / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

function timeLabel(t: number, span: number): string {
  const d = new Date(t);
  if (span <= 36 * 3600_000) return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** An SVG time-series chart sized to its container, with a keyboard- and pointer-driven readout. */
export function LineChart(props: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [cursor, setCursor] = useState<number | null>(null);
  const height = props.height ?? 170;

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const visible = useMemo(
    () => props.series.map((s) => ({ ...s, points: s.points.filter((p) => p.t >= props.from && p.t <= props.to) })),
    [props.series, props.from, props.to],
  );
  const values = visible.flatMap((s) => s.points.map((p) => p.v)).filter((v): v is number => v !== null);
  const yMin = props.yMin ?? Math.min(0, ...values);
  const yMax0 = Math.max(props.yMaxAtLeast ?? 1, ...values, props.threshold?.value ?? 0);
  const step = niceStep(yMax0 - yMin || 1, 4);
  const yMax = Math.ceil(yMax0 / step) * step;

  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const span = Math.max(1, props.to - props.from);
  const x = (t: number) => PAD.left + ((t - props.from) / span) * plotW;
  const y = (v: number) => PAD.top + plotH - ((v - yMin) / (yMax - yMin || 1)) * plotH;

  const yTicks: number[] = [];
  for (let v = yMin; v <= yMax + 1e-9; v += step) yTicks.push(v);
  const xTickCount = Math.max(2, Math.min(6, Math.floor(plotW / 110)));
  const xTicks = Array.from({ length: xTickCount + 1 }, (_, i) => props.from + (span * i) / xTickCount);

  // The readout: the samples nearest the cursor time.
  const allTimes = useMemo(
    () =>
      [...new Set(visible.flatMap((s) => s.points.filter((p) => p.v !== null).map((p) => p.t)))].sort((a, b) => a - b),
    [visible],
  );
  const cursorT = cursor !== null ? allTimes[Math.min(cursor, allTimes.length - 1)] : undefined;
  const readout =
    cursorT !== undefined
      ? visible.map((s) => {
          let best: ChartPoint | null = null;
          for (const p of s.points)
            if (p.v !== null && (!best || Math.abs(p.t - cursorT) < Math.abs(best.t - cursorT))) best = p;
          return { s, p: best };
        })
      : [];

  const nearestIndex = (t: number) => {
    let lo = 0;
    let hi = allTimes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (allTimes[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && Math.abs(allTimes[lo - 1]! - t) < Math.abs(allTimes[lo]! - t)) lo--;
    return lo;
  };

  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    if (allTimes.length === 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const t = props.from + ((e.clientX - rect.left - PAD.left) / plotW) * span;
    setCursor(nearestIndex(t));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (allTimes.length === 0) return;
    const last = allTimes.length - 1;
    if (e.key === 'ArrowLeft') setCursor((c) => Math.max(0, (c ?? last + 1) - 1));
    else if (e.key === 'ArrowRight') setCursor((c) => Math.min(last, (c ?? -1) + 1));
    else if (e.key === 'Home') setCursor(0);
    else if (e.key === 'End') setCursor(last);
    else if (e.key === 'Escape') setCursor(null);
    else return;
    e.preventDefault();
  };

  const summary = visible
    .map((s) => {
      const vs = s.points.map((p) => p.v).filter((v): v is number => v !== null);
      if (vs.length === 0) return `${s.name}: no data`;
      return `${s.name}: latest ${s.format(vs[vs.length - 1]!)}, min ${s.format(Math.min(...vs))}, max ${s.format(Math.max(...vs))}`;
    })
    .join('; ');

  return (
    <div
      className="chart"
      ref={wrap}
      tabIndex={0}
      onKeyDown={onKey}
      onBlur={() => setCursor(null)}
      aria-label={`${props.label}. ${summary}. Use the arrow keys to read values.`}
      role="group"
    >
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        onPointerMove={onMove}
        onPointerLeave={() => setCursor(null)}
        aria-hidden="true"
      >
        {yTicks.map((v) => (
          <g key={v}>
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} />
            <text className="axis" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
              {Number.isInteger(v) ? v : v.toFixed(1)}
            </text>
          </g>
        ))}
        {xTicks.map((t, i) => (
          <text
            key={t}
            className="axis"
            x={x(t)}
            y={height - 6}
            textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
          >
            {timeLabel(t, span)}
          </text>
        ))}
        {props.threshold && (
          <g>
            <line
              className="threshold"
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(props.threshold.value)}
              y2={y(props.threshold.value)}
            />
            <text
              className="axis threshold-label"
              x={width - PAD.right - 4}
              y={y(props.threshold.value) - 4}
              textAnchor="end"
            >
              {props.threshold.label}
            </text>
          </g>
        )}
        {visible.map((s) =>
          segmentsOf(s.points).map((seg, i) =>
            seg.length === 1 ? (
              <circle
                key={`${s.name}${i}`}
                className={`series ${s.className}`}
                cx={x(seg[0]!.t)}
                cy={y(seg[0]!.v!)}
                r="2.5"
              />
            ) : (
              <path
                key={`${s.name}${i}`}
                className={`series ${s.className}`}
                d={seg.map((p, j) => `${j ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.v!).toFixed(1)}`).join('')}
              />
            ),
          ),
        )}
        {cursorT !== undefined && (
          <line className="cursor" x1={x(cursorT)} x2={x(cursorT)} y1={PAD.top} y2={PAD.top + plotH} />
        )}
        {readout.map(({ s, p }) =>
          p ? <circle key={s.name} className={`series-dot ${s.className}`} cx={x(p.t)} cy={y(p.v!)} r="3.5" /> : null,
        )}
      </svg>
      {cursorT !== undefined && (
        <div
          className="chart-tip"
          style={{ left: Math.min(Math.max(x(cursorT) + 8, 0), width - 170) }}
          role="status"
          aria-live="polite"
        >
          <div className="muted small">{new Date(cursorT).toLocaleString()}</div>
          {readout.map(({ s, p }) => (
            <div key={s.name}>
              <span className={`key ${s.className}`} aria-hidden="true" /> {s.name}: {p ? s.format(p.v!) : '—'}
            </div>
          ))}
        </div>
      )}
      {values.length === 0 && <p className="chart-empty muted">No samples in this range.</p>}
    </div>
  );
}
