import { useEffect, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { canDraw, cssVar, inTurn, loadUPlot, watchTheme } from './chart/load';
import { isolated } from './chart/options';
import './chart/chart.css';

/**
 * A tiny trend line of the last values on uPlot (no axes, no cursor); nulls (failed polls) break the line and the
 * newest value gets a dot. The label is its accessible name: the numbers themselves are in the row beside it.
 */
export function Sparkline(props: { values: (number | null)[]; width?: number; height?: number; label: string }) {
  const w = props.width ?? 84;
  const h = props.height ?? 24;
  const el = useRef<HTMLSpanElement>(null);
  const plot = useRef<uPlot | null>(null);
  const drawable = useMemo(canDraw, []);
  const data = useMemo((): uPlot.AlignedData => [props.values.map((_, i) => i), props.values], [props.values]);
  const enough = props.values.filter((v) => v !== null).length >= 2;
  const dataRef = useRef(data);
  dataRef.current = data;

  useEffect(() => {
    const root = el.current;
    if (!drawable || !root || !enough) return;
    let alive = true;
    let u: uPlot | null = null;
    const stroke = () => cssVar(root, 'color', 'currentColor');
    // Without uPlot (the chunk failed to load) the row keeps its numbers; the trend line is left out.
    loadUPlot().then(
      (UPlot) =>
        inTurn(() => {
          if (!alive) return;
          u = new UPlot(
            {
              width: w,
              height: h,
              legend: { show: false },
              cursor: { show: false },
              select: { show: false, left: 0, top: 0, width: 0, height: 0 },
              axes: [{ show: false }, { show: false }],
              scales: {
                x: { time: false },
                y: { range: (_u, min, max) => [min - (max - min || 1) * 0.1, max + (max - min || 1) * 0.1] },
              },
              padding: [3, 3, 3, 3],
              series: [
                {},
                {
                  stroke,
                  width: 1.5,
                  spanGaps: false,
                  points: {
                    size: 4,
                    fill: stroke,
                    stroke,
                    // Only the newest value (and lone values between gaps, which a line cannot show).
                    filter: (self, si) => {
                      const ys = self.data[si]!;
                      const last = ys.length - 1;
                      const lone = isolated(ys, 0, last);
                      return ys[last] == null || lone.includes(last) ? lone : [...lone, last];
                    },
                  },
                },
              ],
            },
            dataRef.current,
            root,
          );
          plot.current = u;
        }),
      () => undefined,
    );
    const unwatch = watchTheme(() => u?.redraw(false));
    return () => {
      alive = false;
      unwatch();
      u?.destroy();
      plot.current = null;
    };
  }, [drawable, enough, w, h]);

  useEffect(() => plot.current?.setData(data), [data]);

  if (!enough) return <span className="sparkline-empty" aria-hidden="true" />;
  return (
    <span
      ref={el}
      className="sparkline sparkline-plot"
      role="img"
      aria-label={props.label}
      style={{ width: w, height: h }}
    />
  );
}
