import { describe, expect, it } from 'vitest';
import { currentSession, record, type LiveLog } from '../../src/features/dashboard/charts/live-log';
import type { ServerLive } from '../../src/live/store';

/** The live log: each logged kind's new polls kept once, tagged with the save loaded then. */
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const empty: LiveLog = {
  since: T0,
  polls: { power: [], production: [], generators: [], resource_sink: [], players: [] },
};
const entry = <T>(t: number, data: T) => ({ time: t, dataTime: t, data, error: null });
const sink = (points: number) => ({
  track: 'Default',
  totalPoints: points,
  coupons: 0,
  couponProgress: 0,
  pointsToCoupon: 100,
  pointsPerMinute: 10,
});
const health = (sessionName: string) =>
  ({ sessionName }) as unknown as NonNullable<ServerLive['kinds']['health']>['data'];
const session = (sessionName: string) => ({
  sessionName,
  isPaused: false,
  passedDays: 1,
  dayHours: 1,
  dayMinutes: 1,
  isDay: true,
  totalPlaySeconds: 1,
});
const live = (kinds: ServerLive['kinds']) => ({ kinds }) as ServerLive;

describe('the live log', () => {
  it('tags a poll with the save of the newer of the health and session polls', () => {
    expect(currentSession(live({}))).toBeNull();
    expect(currentSession(live({ health: entry(T0, health('Alpha')) }))).toBe('Alpha');
    expect(
      currentSession(live({ health: entry(T0, health('Alpha')), session: entry(T0 + 10_000, session('Beta')) })),
    ).toBe('Beta');
    expect(
      currentSession(
        live({ health: entry(T0 + 20_000, health('Gamma')), session: entry(T0 + 10_000, session('Beta')) }),
      ),
    ).toBe('Gamma');
  });

  it('keeps each new poll once, in order, and leaves the log as it is without news', () => {
    const one = record(empty, live({ health: entry(T0, health('Alpha')), resource_sink: entry(T0, sink(1)) }));
    expect(one.polls.resource_sink).toEqual([{ t: T0, session: 'Alpha', data: sink(1) }]);
    const same = record(one, live({ health: entry(T0, health('Alpha')), resource_sink: entry(T0, sink(1)) }));
    expect(same).toBe(one);
    const two = record(
      one,
      live({ health: entry(T0 + 60_000, health('Beta')), resource_sink: entry(T0 + 60_000, sink(2)) }),
    );
    expect(two.polls.resource_sink.map((p) => [p.t - T0, p.session])).toEqual([
      [0, 'Alpha'],
      [60_000, 'Beta'],
    ]);
    expect(two.polls.power).toEqual([]);
  });
});
