import { describe, expect, it } from 'vitest';
import type { LoggedPoll } from '../../src/features/dashboard/charts/live-log';
import { pollsOfTrailRows, trailsOf } from '../../src/features/dashboard/charts/trails';

/** Player trails from the live positions: a line per stretch, broken where the player could have gone anywhere. */
const S = 1000;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const player = (playerId: string, name: string, x: number, online = true, isDead = false) => ({
  playerId,
  frmId: name,
  name,
  isOnline: online,
  health: 100,
  speed: 0,
  isDead,
  posX: x,
  posY: 0,
  posZ: 0,
});
const poll = (
  s: number,
  players: ReturnType<typeof player>[],
  session: string | null = 'Alpha',
): LoggedPoll<'players'> => ({
  t: T0 + s * S,
  session,
  data: players,
});

describe('player trails', () => {
  it('draws where each online player went; a player who stood still has no line', () => {
    const polls = [
      poll(0, [player(ADA, 'Ada', 0), player(BO, 'Bo', 500)]),
      poll(30, [player(ADA, 'Ada', 1000), player(BO, 'Bo', 500)]),
      poll(60, [player(ADA, 'Ada', 2000), player(BO, 'Bo', 500)]),
    ];
    expect(trailsOf(polls, T0, T0 + 60 * S, 30)).toEqual([
      {
        playerId: ADA,
        name: 'Ada',
        stretches: [
          [
            [0, 0],
            [1000, 0],
            [2000, 0],
          ],
        ],
      },
    ]);
  });

  it('breaks the line when the player goes offline, polls are missing, or another save is loaded', () => {
    const polls = [
      poll(0, [player(ADA, 'Ada', 0)]),
      poll(30, [player(ADA, 'Ada', 100)]),
      poll(60, [player(ADA, 'Ada', 100, false)]), // offline
      poll(90, [player(ADA, 'Ada', 200)]),
      poll(120, [player(ADA, 'Ada', 300)]),
      poll(600, [player(ADA, 'Ada', 400)]), // nine minutes without a poll
      poll(630, [player(ADA, 'Ada', 500)]),
      poll(660, [player(ADA, 'Ada', 90_000)], 'Beta'), // another save
      poll(690, [player(ADA, 'Ada', 91_000)], 'Beta'),
    ];
    const [ada] = trailsOf(polls, T0, T0 + 700 * S, 30);
    expect(ada!.stretches.map((s) => s.map(([x]) => x))).toEqual([
      [0, 100],
      [200, 300],
      [400, 500],
      [90_000, 91_000],
    ]);
  });

  it('keeps to the chosen range', () => {
    const polls = [0, 30, 60, 90].map((s) => poll(s, [player(ADA, 'Ada', s * 10)]));
    const [ada] = trailsOf(polls, T0 + 30 * S, T0 + 60 * S, 30);
    expect(ada!.stretches).toEqual([
      [
        [300, 0],
        [600, 0],
      ],
    ]);
  });
});

describe('trails from the stored positions (/players/trails)', () => {
  it('turns the buckets into one poll per bucket, so a trail spans the chosen range', () => {
    const row = (s: number, id: string, name: string, x: number, session = 'Alpha') => ({
      t: T0 + s * S,
      span: 60,
      session,
      row: { time: new Date(T0 + s * S).toISOString(), id, name, pos_x: x, pos_y: 5, session_name: session },
    });
    const polls = pollsOfTrailRows([row(60, ADA, 'Ada', 2), row(0, ADA, 'Ada', 1), row(0, BO, 'Bo', 7)]);
    expect(polls.map((p) => [p.t - T0, p.data.map((d) => [d.playerId, d.posX, d.posY, d.isOnline])])).toEqual([
      [
        0,
        [
          [ADA, 1, 5, true],
          [BO, 7, 5, true],
        ],
      ],
      [60 * S, [[ADA, 2, 5, true]]],
    ]);
    // Buckets a minute apart are one line at a one-minute step, not broken as missing polls.
    const trails = trailsOf(polls, T0, T0 + 120 * S, 60);
    expect(trails.map((t) => [t.name, t.stretches])).toEqual([
      [
        'Ada',
        [
          [
            [1, 5],
            [2, 5],
          ],
        ],
      ],
    ]);
  });
});
