// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useMemo, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LineChart, type ChartPoint } from '../../components/LineChart';
import { Panel } from '../../components/Panel';
import { fixed } from '../../lib/format';
import { serverNow, useNow } from '../../lib/hooks';
import { useConnection, useLive } from '../../live/hooks';
import { loadHistory, type History } from '../../live/seed';
import type { PanelContext } from './common';

const RANGES = [
  { id: '15m', label: '15 min', hours: 0.25 },
  { id: '1h', label: '1 h', hours: 1 },
  { id: '6h', label: '6 h', hours: 6 },
  { id: '24h', label: '24 h', hours: 24 },
  { id: '7d', label: '7 d', hours: 168 },
  { id: '30d', label: '30 d', hours: 720 },
  { id: '90d', label: '90 d', hours: 2160 },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const STEPS = [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** Bucket size: about 250 buckets, never finer than the polling interval (finer would be all gaps). */
export function stepFor(hours: number, intervalSeconds: number): number {
  const want = Math.max(intervalSeconds, (hours * 3600) / 250);
  return STEPS.find((s) => s >= want) ?? 86400;
}

function retentionText(hours: number): string {
  return hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hours`;
}

/** Tick rate and players over time: history from the API plus the live polls, gaps drawn as gaps. */
export function HistoryPanel(props: { ctx: PanelContext; retentionHours: number | null; planName: string | null }) {
  const { src, live, intervals } = props.ctx;
  const conn = useConnection(useLive());
  const now = useNow();
  const [range, setRange] = useState<RangeId>('1h');
  const [history, setHistory] = useState<History | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [retention, setRetention] = useState<number | null>(props.retentionHours);
  const hours = RANGES.find((r) => r.id === range)!.hours;
  const step = stepFor(hours, intervals.health);

  useEffect(() => setRetention((r) => props.retentionHours ?? r), [props.retentionHours]);

  // Loaded when the range changes, after every reconnect (to fill what was missed), and every few minutes.
  useEffect(() => {
    let cancelled = false;
    const load = () => {
      const to = serverNow();
      loadHistory(src, to - hours * 3600_000, to, step)
        .then((h) => {
          if (cancelled) return;
          setHistory(h);
          setRetention((r) => r ?? h.retentionHours);
          setError(null);
        })
        .catch((e: unknown) => !cancelled && setError(e));
    };
    load();
    const t = setInterval(load, Math.max(60_000, step * 10_000));
    return () => {
      cancelled = true;
      clearInterval(t);
    };
  }, [src, hours, step, conn.connects]);

  const to = now;
  const from = to - hours * 3600_000;
  const { tick, players } = useMemo(() => {
    const t: ChartPoint[] = [];
    const p: ChartPoint[] = [];
    const fetchedTo = history ? history.buckets.reduce((m, b) => Math.max(m, b.t + history.stepSeconds * 1000), 0) : 0;
    for (const b of history?.buckets ?? []) {
      t.push({ t: b.t, v: b.tick, span: history!.stepSeconds });
      p.push({ t: b.t, v: b.players, span: history!.stepSeconds });
    }
    // Live polls after the last bucket; they stand for one polling interval each.
    for (const pt of live.points)
      if (pt.t >= fetchedTo) {
        t.push({ t: pt.t, v: pt.tick, span: intervals.health });
        p.push({ t: pt.t, v: pt.players, span: intervals.health });
      }
    return { tick: t, players: p };
  }, [history, live.points, intervals.health]);

  const lastTick = live.kinds.health?.time ?? null;

  return (
    <Panel
      id="history"
      title="Tick rate and players"
      time={lastTick}
      interval={intervals.health}
      className="panel-wide"
      actions={
        <div className="range-picker" role="group" aria-label="Time range">
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
                    ? `The ${props.planName ?? 'current'} plan keeps ${retentionText(retention!)} of history`
                    : undefined
                }
                onClick={() => setRange(r.id)}
              >
                {r.label}
              </button>
            );
          })}
        </div>
      }
    >
      {retention !== null && (
        <p className="muted small">
          {props.planName ? `The ${props.planName} plan keeps` : 'This plan keeps'} {retentionText(retention)} of
          history; longer ranges need a larger plan. Gaps are periods without samples (server offline or not polled).
        </p>
      )}
      {error !== null && <ErrorNotice error={error} title="History could not be loaded" />}
      <div className="charts">
        <figure>
          <figcaption>Tick rate (ticks/s)</figcaption>
          <LineChart
            label={`Tick rate over the last ${RANGES.find((r) => r.id === range)!.label}`}
            series={[{ name: 'Tick rate', className: 's-tick', points: tick, format: (v) => fixed(v) }]}
            from={from}
            to={to}
            yMin={0}
            yMaxAtLeast={30}
            threshold={{ value: 15, label: 'degraded below 15' }}
          />
        </figure>
        <figure>
          <figcaption>Players online</figcaption>
          <LineChart
            label={`Players online over the last ${RANGES.find((r) => r.id === range)!.label}`}
            series={[
              { name: 'Players', className: 's-players', points: players, format: (v) => fixed(v, v % 1 ? 1 : 0) },
            ]}
            from={from}
            to={to}
            yMin={0}
            yMaxAtLeast={4}
          />
        </figure>
      </div>
    </Panel>
  );
}
