import { EMPTY_CURSOR, planSessions, slotPlayerId, type OpenSession, type SessionCursor } from './session-planner';

const SERVER = '6f1f4d1e-1c2b-4f3a-9e8d-7c6b5a493827';
const T = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s));
const alice = { playerId: '11111111-1111-4111-8111-111111111111', name: 'Alice', isOnline: true };
const bob = { playerId: '22222222-2222-4222-8222-222222222222', name: 'Bob', isOnline: true };

/** Applies inputs one after the other, as the repository would, and returns the open sessions and every change. */
function run(inputs: Parameters<typeof planSessions>[3][], cursor: SessionCursor = EMPTY_CURSOR) {
  let open: OpenSession[] = [];
  const log: string[] = [];
  for (const input of inputs) {
    const plan = planSessions(SERVER, cursor, open, input);
    if (!plan) {
      log.push(`skip ${input.source}@${input.time.getUTCSeconds()}`);
      continue;
    }
    cursor = plan.cursor;
    const gone = new Set([...plan.closes, ...plan.drops].map((c) => `${c.playerId}|${c.joinedAt.getTime()}`));
    open = open.filter((s) => !gone.has(`${s.playerId}|${s.joinedAt.getTime()}`));
    for (const c of plan.closes) log.push(`close ${c.playerId.slice(0, 2)} ${c.reason}`);
    for (const d of plan.drops) log.push(`drop ${d.playerId.slice(0, 2)}`);
    for (const o of plan.opens) {
      log.push(`open ${o.playerName ?? `slot ${o.slot}`}`);
      open.push({ playerId: o.playerId, joinedAt: o.joinedAt, anonymous: o.anonymous, slot: o.slot });
    }
  }
  return { open, log, cursor };
}

describe('planSessions', () => {
  it('opens a session when a player appears and closes it when they leave', () => {
    const { log } = run([
      { source: 'players', time: T(0), players: [alice] },
      { source: 'players', time: T(10), players: [alice, bob] },
      { source: 'players', time: T(20), players: [{ ...alice, isOnline: false }, bob] },
    ]);
    expect(log).toEqual(['open Alice', 'open Bob', 'close 11 left']);
  });

  it('skips an input that is not newer than the last of its source (a replay), and one older than a status change', () => {
    const first = { source: 'players' as const, time: T(0), players: [alice] };
    const { log } = run([
      first,
      first,
      { source: 'status', time: T(30), up: false },
      { source: 'players', time: T(20), players: [alice] },
    ]);
    expect(log).toEqual(['open Alice', 'skip players@0', 'close 11 offline', 'skip players@20']);
  });

  it('closes everything on another save, and sessions carry the save they began in', () => {
    const { log, cursor } = run([
      { source: 'health', time: T(0), ok: true, playerCount: 1, sessionName: 'A' },
      { source: 'players', time: T(1), players: [alice] },
      { source: 'session', time: T(5), sessionName: 'B' },
    ]);
    expect(log).toEqual([
      'open slot 1',
      'drop ' + slotPlayerId(SERVER, 1).slice(0, 2),
      'open Alice',
      'close 11 save_changed',
    ]);
    expect(cursor.sessionName).toBe('B');
  });

  it('counts anonymous slots without the add-on: lowest free slot opens, highest closes', () => {
    const { open, log } = run([
      { source: 'health', time: T(0), ok: true, playerCount: 2, sessionName: null },
      { source: 'health', time: T(10), ok: true, playerCount: 1, sessionName: null },
      { source: 'health', time: T(20), ok: true, playerCount: 3, sessionName: null },
    ]);
    expect(log.filter((l) => l.startsWith('open'))).toEqual([
      'open slot 1',
      'open slot 2',
      'open slot 2',
      'open slot 3',
    ]);
    expect(open.map((s) => s.slot).sort()).toEqual([1, 2, 3]);
    expect(slotPlayerId(SERVER, 2)).toBe(slotPlayerId(SERVER, 2));
    expect(slotPlayerId(SERVER, 2)).not.toBe(slotPlayerId(SERVER, 3));
  });

  it('keeps long anonymous history when the add-on arrives, and goes back to counting when it goes', () => {
    const { log } = run([
      { source: 'health', time: T(0), ok: true, playerCount: 1, sessionName: null },
      { source: 'players', time: new Date(T(0).getTime() + 3_600_000), players: [alice] },
      { source: 'addon', time: new Date(T(0).getTime() + 3_700_000), available: false },
      { source: 'health', time: new Date(T(0).getTime() + 3_800_000), ok: true, playerCount: 1, sessionName: null },
    ]);
    expect(log).toEqual([
      'open slot 1',
      `close ${slotPlayerId(SERVER, 1).slice(0, 2)} source_changed`,
      'open Alice',
      'close 11 source_changed',
      'open slot 1',
    ]);
  });

  it('a failed health poll changes no session', () => {
    const { log } = run([
      { source: 'health', time: T(0), ok: true, playerCount: 1, sessionName: null },
      { source: 'health', time: T(10), ok: false, playerCount: null, sessionName: null },
    ]);
    expect(log).toEqual(['open slot 1']);
  });
});
