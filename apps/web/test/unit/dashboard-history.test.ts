import { describe, expect, it } from 'vitest';
import { historyCharts, stepFor } from '../../src/features/dashboard/history-series';
import type { History } from '../../src/live/seed';

/** The history chart's data: API buckets, then the live polls after them, on one time axis with gaps as gaps. */
const S = 1000;
const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

const bucket = (s: number, tick: number, players: number) => ({
  t: T0 + s * S,
  tick,
  tickMin: tick - 2,
  tickMax: tick + 1,
  players,
  playersMax: players + 1,
});

describe('history chart data', () => {
  const history: History = {
    from: T0,
    to: T0 + 120 * S,
    stepSeconds: 15,
    retentionHours: 24,
    buckets: [bucket(0, 29, 2), bucket(15, 28, 2), bucket(90, 20, 3)],
  };

  it('puts the buckets and the later live polls on one axis; a missing stretch is a gap', () => {
    const live = [
      { t: T0 + 20 * S, tick: 27, players: 2 }, // inside a fetched bucket: the bucket stands for it
      { t: T0 + 110 * S, tick: 25, players: 4 },
      { t: T0 + 120 * S, tick: null, players: null }, // a failed poll
      { t: T0 + 130 * S, tick: 26, players: 4 },
    ];
    const { tick, players } = historyCharts(history, live, 10);
    expect(tick.t.map((t) => (t - T0) / S)).toEqual([0, 15, 52.5, 90, 110, 120, 130]);
    expect(tick.values).toEqual([
      [29, 28, null, 20, 25, null, 26],
      [27, 26, null, 18, 25, null, 26],
    ]);
    expect(players.values).toEqual([
      [2, 2, null, 3, 4, null, 4],
      [3, 3, null, 4, 4, null, 4],
    ]);
  });

  it('without history yet, the live polls alone make the chart', () => {
    const { tick } = historyCharts(undefined, [{ t: T0, tick: 30, players: 1 }], 10);
    expect(tick).toEqual({ t: [T0], values: [[30], [30]] });
  });

  it('asks for about 250 buckets, never finer than the polling interval', () => {
    expect(stepFor(0.25, 10)).toBe(10);
    expect(stepFor(1, 10)).toBe(15);
    expect(stepFor(24, 10)).toBe(600);
    expect(stepFor(2160, 10)).toBe(43200);
    expect(stepFor(1, 60)).toBe(60);
  });
});
