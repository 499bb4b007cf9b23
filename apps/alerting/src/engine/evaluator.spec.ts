import type { SilenceWindow } from '@app/alerts';
import type { PollResult, PowerCircuit } from '@app/contracts';
import { Evaluator, type ConfigView } from './evaluator';
import type { Outcome, RuleDef, ServerInfo } from './model';
import { SystemClock } from '@app/platform';

const SERVER = '11111111-1111-4111-8111-111111111111';
const ORG = '22222222-2222-4222-8222-222222222222';
const T0 = Date.parse('2026-11-22T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

function rule(kind: string, extra: Partial<RuleDef> = {}): RuleDef {
  return {
    id: `00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    orgId: ORG,
    serverId: SERVER,
    kind,
    name: kind,
    severity: 'warning',
    params: {},
    pendingSeconds: 0,
    pendingPolls: 1,
    repeatSeconds: 0,
    notifyOnRecovery: true,
    allChannels: true,
    channelIds: [],
    ...extra,
  };
}

function setup(rules: RuleDef[], silences: SilenceWindow[] = []) {
  const server: ServerInfo = {
    id: SERVER,
    orgId: ORG,
    name: 'Factory',
    status: 'online',
    statusReason: null,
    addonStatus: 'available',
    addonSeen: true,
  };
  const view: ConfigView = {
    server: (id) => (id === SERVER ? server : undefined),
    rulesFor: () => rules,
    silences: () => silences,
  };
  return { evaluator: new Evaluator(view, new SystemClock()), server };
}

const health = (s: number, tickRate: number | null, playerCount = 1): PollResult => ({
  kind: 'health',
  serverId: SERVER,
  orgId: ORG,
  time: at(s),
  durationMs: 5,
  error: tickRate === null ? { code: 'unreachable', message: 'refused' } : null,
  data:
    tickRate === null
      ? null
      : {
          status: 'online',
          tickRate,
          playerCount,
          playerLimit: 4,
          techTier: 3,
          gamePhase: null,
          gamePhaseNumber: null,
          gamePhaseName: null,
          isRunning: true,
          isPaused: false,
          totalDuration: 100,
          sessionName: 'S',
          latencyMs: 3,
        },
});
const status = (s: number, value: 'online' | 'offline') => ({
  serverId: SERVER,
  orgId: ORG,
  previous: value === 'offline' ? ('online' as const) : ('offline' as const),
  status: value,
  reason: value === 'offline' ? 'connection refused on 7777' : null,
  time: at(s),
});
const circuit = (id: number, c: Partial<PowerCircuit> = {}): PowerCircuit => ({
  circuitGroupId: id,
  powerProduction: 100,
  powerConsumed: 80,
  powerCapacity: 120,
  powerMaxConsumed: 90,
  batteryPercent: 50,
  batteryCapacity: 100,
  batteryDifferential: 0,
  batteryInput: 0,
  batteryOutput: 0,
  batteryTimeEmptySeconds: null,
  batteryTimeFullSeconds: null,
  fuseTriggered: false,
  ...c,
});
const power = (s: number, circuits: PowerCircuit[]): PollResult => ({
  kind: 'power',
  serverId: SERVER,
  orgId: ORG,
  time: at(s),
  durationMs: 5,
  error: null,
  data: circuits,
});
const types = (outcomes: Outcome[]) => outcomes.map((o) => (o.type === 'notify' ? `notify:${o.event}` : o.type));

describe('Evaluator', () => {
  it('fires only after the pending period (polls and seconds), resolves with the downtime, and tells each once', () => {
    const { evaluator } = setup([rule('server_offline', { pendingSeconds: 30, pendingPolls: 2 })]);
    expect(evaluator.onStatus(status(0, 'offline'))).toEqual([]);
    expect(evaluator.onResult(health(10, null))).toEqual([]); // two polls but only 10 s
    const fired = evaluator.onResult(health(30, null));
    expect(types(fired)).toEqual(['fire']);
    expect(fired[0]).toMatchObject({
      notify: true,
      message: { title: 'server_offline: Factory', severity: 'warning' },
    });
    expect(evaluator.onResult(health(40, null))).toEqual([]); // firing: no second message
    const resolved = evaluator.onStatus(status(95, 'online'));
    expect(types(resolved)).toEqual(['resolve']);
    expect(resolved[0]).toMatchObject({ notify: true, message: { transition: 'resolved', durationSeconds: 95 } });
    expect((resolved[0] as { message: { summary: string } }).message.summary).toBe(
      'Factory is back online after 1 min 35 s down.',
    );
    expect(evaluator.stateCount).toBe(0);
  });

  it('a flap shorter than the pending period changes nothing', () => {
    const { evaluator } = setup([rule('server_offline', { pendingSeconds: 60 })]);
    evaluator.onStatus(status(0, 'offline'));
    evaluator.onResult(health(20, null));
    expect(evaluator.onStatus(status(30, 'online'))).toEqual([]);
    expect(evaluator.onStatus(status(100, 'offline'))).toEqual([]); // a new pending period starts here
    expect(types(evaluator.onResult(health(161, null)))).toEqual(['fire']);
  });

  it('a status change older than the last one applied (published late by another replica) is ignored', () => {
    const { evaluator } = setup([rule('server_offline', { pendingSeconds: 0 })]);
    expect(types(evaluator.onStatus(status(10, 'offline')))).toEqual(['fire']);
    // The earlier "online" of t=5 arrives after the "offline" of t=10: it must not resolve the incident.
    expect(evaluator.onStatus(status(5, 'online'))).toEqual([]);
    expect(evaluator.onStatus(status(10, 'online'))).toEqual([]); // a replay of the same time, too
    expect(types(evaluator.onStatus(status(20, 'online')))).toEqual(['resolve']);
  });

  it('a replayed or older observation changes nothing (redelivery after a crash)', () => {
    const { evaluator } = setup([rule('degraded', { params: { tick_rate_below: 15 }, pendingPolls: 2 })]);
    evaluator.onResult(health(0, 9));
    expect(evaluator.onResult(health(0, 9))).toEqual([]); // the same result again is not a second observation
    expect(types(evaluator.onResult(health(10, 8)))).toEqual(['fire']);
    expect(evaluator.onResult(health(5, 30))).toEqual([]); // older than the newest applied
  });

  it('keeps the worst value while firing and repeats at the interval', () => {
    const { evaluator } = setup([rule('degraded', { params: { tick_rate_below: 15 }, repeatSeconds: 60 })]);
    expect(types(evaluator.onResult(health(0, 12)))).toEqual(['fire']);
    evaluator.onResult(health(30, 4));
    expect(types(evaluator.onResult(health(61, 10)))).toEqual(['notify:repeat-1']);
    expect(evaluator.onResult(health(90, 10))).toEqual([]);
    expect(types(evaluator.onResult(health(122, 10)))).toEqual(['notify:repeat-2']);
    const resolved = evaluator.onResult(health(130, 30));
    expect((resolved[0] as { row: { peak: { value: number } } }).row.peak.value).toBe(4);
  });

  it('fired while silenced: no message, the message goes out when the silence ends, and no recovery for an untold incident', () => {
    const silence: SilenceWindow = {
      id: 's',
      serverId: SERVER,
      ruleId: null,
      startsAt: new Date(T0 - 1000),
      endsAt: new Date(T0 + 50_000),
      days: null,
      startMinute: null,
      durationMinutes: null,
      timeZone: null,
    };
    const a = setup([rule('degraded', { params: { tick_rate_below: 15 } })], [silence]);
    expect(a.evaluator.onResult(health(0, 5))[0]).toMatchObject({ type: 'fire', notify: false, silenced: true });
    expect(a.evaluator.onResult(health(40, 5))).toEqual([]);
    expect(types(a.evaluator.onResult(health(60, 5)))).toEqual(['notify:fired']);
    const b = setup([rule('degraded', { params: { tick_rate_below: 15 } })], [silence]);
    b.evaluator.onResult(health(0, 5));
    expect(b.evaluator.onResult(health(20, 30))[0]).toMatchObject({ type: 'resolve', notify: false });
  });

  it('per circuit: a tripped fuse fires for that circuit only, and a circuit that disappears resolves', () => {
    const { evaluator } = setup([rule('fuse_tripped')]);
    const fired = evaluator.onResult(power(0, [circuit(1), circuit(2, { fuseTriggered: true })]));
    expect(types(fired)).toEqual(['fire']);
    expect(fired[0]).toMatchObject({ row: { instance: '2' }, message: { instance: 'Circuit 2' } });
    expect((fired[0] as { message: { summary: string } }).message.summary).toMatch(/circuit 2 on Factory tripped/);
    expect(types(evaluator.onResult(power(10, [circuit(1)])))).toEqual(['resolve']);
  });

  it('battery and capacity rules skip circuits without batteries or capacity; a failed power poll tells nothing', () => {
    const { evaluator } = setup([rule('battery_below', { params: { percent: 20 } }), rule('power_over_capacity')]);
    const out = evaluator.onResult(
      power(0, [
        circuit(1, { batteryCapacity: 0, batteryPercent: 0 }),
        circuit(2, { batteryPercent: 5, powerConsumed: 150 }),
      ]),
    );
    expect(out.map((o) => (o as { row: { instance: string } }).row.instance)).toEqual(['2', '2']);
    expect(evaluator.onResult({ ...power(10, []), data: null })).toEqual([]);
    expect(evaluator.stateCount).toBe(2);
  });

  it('players joining and leaving by name (add-on), else by count', () => {
    const { evaluator } = setup([rule('player_joined'), rule('player_left')]);
    const players = (s: number, names: string[]): PollResult => ({
      kind: 'players',
      serverId: SERVER,
      orgId: ORG,
      time: at(s),
      durationMs: 3,
      error: null,
      data: names.map((name, i) => ({
        playerId: `00000000-0000-4000-8000-00000000000${i}`,
        frmId: String(i),
        name,
        isOnline: true,
        health: 100,
        speed: 0,
        isDead: false,
        posX: 0,
        posY: 0,
        posZ: 0,
      })),
    });
    expect(evaluator.onResult(players(0, ['Ada']))).toEqual([]); // the first list is the baseline
    const joined = evaluator.onResult(players(10, ['Ada', 'Grace']));
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ type: 'event', message: { summary: 'Grace joined Factory. 2 online now.' } });
    expect(evaluator.onResult(health(12, 30, 5))).toEqual([]); // names are known: counts are ignored
    const left = evaluator.onResult(players(20, ['Grace']));
    expect(left[0]).toMatchObject({
      rule: { kind: 'player_left' },
      message: { summary: 'Ada left Factory. 1 online now.' },
    });

    const vanilla = setup([rule('player_joined')]);
    vanilla.evaluator.onResult(health(0, 30, 1));
    expect(vanilla.evaluator.onResult(health(10, 30, 3))[0]).toMatchObject({
      message: { summary: '2 players joined Factory. 3 online now.' },
    });
  });

  it('add-on lost fires only when it had answered before', () => {
    const { evaluator, server } = setup([rule('addon_lost')]);
    server.addonSeen = false;
    const addon = (s: number, st: 'available' | 'unavailable'): PollResult => ({
      kind: 'addon',
      serverId: SERVER,
      orgId: ORG,
      time: at(s),
      durationMs: 1,
      error: null,
      data: { status: st, reason: st === 'available' ? null : 'connection refused on 8080', via: null },
    });
    expect(evaluator.onResult(addon(0, 'unavailable'))).toEqual([]);
    expect(evaluator.onResult(addon(10, 'available'))).toEqual([]);
    expect(types(evaluator.onResult(addon(20, 'unavailable')))).toEqual(['fire']);
  });
});
