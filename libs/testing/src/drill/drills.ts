import { metricValue } from '../fixtures';
import { DRILL_ENV, type DrillPlatform, type DrillServer } from './drill-platform';
import { sleep } from './infra';
import type { ApiWindow } from './load';
import { missingEvents } from './events';
import {
  duplicates,
  healthSlots,
  missingSlots,
  newestSamples,
  query,
  sampleTimes,
  type DuplicateCount,
} from './measure';
import type { Replica } from './replica';

/** One verdict of a drill: what was checked, whether it held, and what was seen. */
export interface DrillCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** Everything a drill measured. */
export interface DrillResult {
  id: string;
  title: string;
  /** When the fault was injected (ms epoch). */
  faultAt: number;
  /** Wall time of the whole drill, settle included. */
  durationMs: number;
  /** From the fault (or the end of the fault, see `recoveryFrom`) to every recovery check passing; null: never. */
  recoveryMs: number | null;
  recoveryFrom: 'fault' | 'end of the fault';
  recoveryBoundMs: number;
  /** When each recovery check first passed, ms after the fault. */
  recoverySteps: Record<string, number | null>;
  /** Health samples missing outside the window where the drill expects polling to pause. */
  lost: number;
  /** Health samples missing inside that window (never scheduled: the scheduler lease or NATS was away). */
  unpolled: number;
  lostDetail: string[];
  /** Stored health samples and status changes whose event never reached JetStream. */
  eventsLost: number;
  eventsLostDetail: string[];
  duplicates: number;
  duplicateDetail: DuplicateCount[];
  alerts: { expected: number; delivered: number; duplicates: number; detail: string } | null;
  sockets: { dropped: number; resynced: number; live: number; total: number };
  api: { during: ApiWindow; after: ApiWindow };
  /** Poller counters over the drill (surviving replicas). */
  poller: { droppedLate: number; droppedLateHealth: number; bufferDropped: number; flushFailures: number };
  checks: DrillCheck[];
  passed: boolean;
  notes: string[];
}

/** What injecting a fault did. */
export interface FaultOutcome {
  /** When the broken part was back (restarted, resumed, faults cleared); unset for a kill. */
  restoredAt?: number;
  /** The replica killed (restarted by the runner once the recovery is measured). */
  killed?: Replica;
  /** Brings back what the fault took away (e.g. a killed NATS node), run once the recovery is measured. */
  restore?: () => Promise<string>;
  notes?: string[];
}

/**
 * `results`: the alerting evaluator reads poll results again (its inputs counter grows by two rounds of the fleet's
 * health results after the fault).
 */
type RecoveryCheck = 'samples' | 'results' | 'poller-leader' | 'alerting-leader' | 'sockets' | 'api' | 'frm';

/** A fault drill. */
export interface Drill {
  id: string;
  title: string;
  /** Stop a server shortly before the fault: its offline and back-online alerts must arrive exactly once each. */
  alertVictim?: { leadMs: number };
  /** Checks that must all pass for the platform to count as recovered. */
  recovery: RecoveryCheck[];
  recoveryFrom?: 'fault' | 'end of the fault';
  /** The bound on the recovery time, given what the fault did. */
  boundMs(platform: DrillPlatform, fault: FaultOutcome, faultAt: number): number;
  /** Runs on a platform started with a three-node NATS cluster (`natsCluster`), not on the single nats-server. */
  natsCluster?: boolean;
  /** Before the alert victim is stopped and the fault injected: lines up what the fault needs (not timed). */
  prepare?(platform: DrillPlatform, context: DrillContext): Promise<void>;
  /** Health slots missing in this window are expected (not polled by design), not lost. */
  expectedPause?(platform: DrillPlatform, fault: FaultOutcome, faultAt: number): [number, number];
  inject(platform: DrillPlatform, context: DrillContext): Promise<FaultOutcome>;
}

/** What a drill's fault may use. */
export interface DrillContext {
  log: (line: string) => void;
  /** Servers a drill may break on purpose without touching the alert victim. */
  spareServers: DrillServer[];
  /** Records a verdict of the drill's own (it counts like every other check). */
  check: (name: string, ok: boolean, detail: string) => void;
}

export const MARGIN_MS = 3000;
const PG_PAUSE_MS = 30_000;
const PG_DOWN_MS = 3000;
const NATS_DOWN_MS = 2000;
const FLOOD_MS = 20_000;
const FLOOD_DELAY_MS = 1500;

/** The poller's flush retry backoff caps at 5 s (apps/poller SampleWriter). */
const WRITER_BACKOFF_MS = 5000;
/** The longest a scheduler lease stays with a leader that is gone: its time to live, plus a standby's retry. */
export const LEASE_MS = DRILL_ENV.POLLER_LEADER_TTL_MS + DRILL_ENV.POLLER_LEADER_RETRY_MS;

async function killReplica(replica: Replica, log: (line: string) => void): Promise<FaultOutcome> {
  log(`kill -9 ${replica.name} (pid ${replica.pid})`);
  await replica.kill('SIGKILL');
  return { killed: replica };
}

/** The drills of the issue, in the order they run. */
export const DRILLS: Drill[] = [
  {
    id: 'kill-poller-worker',
    title: 'kill -9 a poller worker (mid-job)',
    alertVictim: { leadMs: 2000 },
    recovery: ['samples', 'poller-leader', 'api'],
    boundMs: (p) => p.intervalMs + MARGIN_MS,
    async inject(p, { log }) {
      const leader = await p.leaderOf('poller');
      const victim = p.replicas.poller.find((r) => r !== leader && r.alive) ?? p.replicas.poller[0]!;
      // In the middle of a poll: a job it holds unacked must be redelivered to the other worker.
      const deadline = Date.now() + 5000;
      let inFlight = 0;
      while (Date.now() < deadline && (inFlight = metricValue(await victim.metrics(), 'gsm_poller_jobs_in_flight')) < 1)
        await sleep(10);
      log(`${victim.name} (not the scheduler leader) has ${inFlight} job(s) in flight`);
      return killReplica(victim, log);
    },
  },
  {
    id: 'kill-scheduler-leader',
    title: 'kill -9 the poller scheduler leader',
    alertVictim: { leadMs: 2000 },
    recovery: ['samples', 'poller-leader', 'api'],
    boundMs: (p) => LEASE_MS + p.intervalMs + MARGIN_MS,
    // The new leader resumes at each server's next slot (no replay): the slots until it holds the lease are not polled.
    expectedPause: (p, _f, at) => [at, at + LEASE_MS + p.intervalMs],
    async inject(p, { log }) {
      const leader = await p.leaderOf('poller');
      if (!leader) throw new Error('no scheduler leader to kill');
      return killReplica(leader, log);
    },
  },
  {
    id: 'kill-alerting',
    title: 'kill -9 the alerting replica that evaluates',
    alertVictim: { leadMs: 3000 },
    recovery: ['samples', 'alerting-leader', 'api'],
    boundMs: () => DRILL_ENV.ALERTING_LEADER_TTL_MS + Math.max(500, DRILL_ENV.ALERTING_LEADER_TTL_MS / 4) + MARGIN_MS,
    async inject(p, { log }) {
      const leader = (await p.leaderOf('alerting')) ?? p.replicas.alerting[0]!;
      return killReplica(leader, log);
    },
  },
  {
    id: 'kill-realtime-gateway',
    title: 'kill -9 a realtime-gateway replica',
    recovery: ['samples', 'sockets', 'api'],
    boundMs: (p) => p.intervalMs + MARGIN_MS,
    async inject(p, { log }) {
      const busiest = [...p.replicas['realtime-gateway']].sort(
        (a, b) => (p.realtimeLb.active.get(b.port) ?? 0) - (p.realtimeLb.active.get(a.port) ?? 0),
      )[0]!;
      log(`${busiest.name} holds ${p.realtimeLb.active.get(busiest.port) ?? 0} of ${p.sockets.length} sockets`);
      return killReplica(busiest, log);
    },
  },
  {
    id: 'kill-api-gateway',
    title: 'kill -9 an api-gateway replica',
    recovery: ['samples', 'api'],
    boundMs: (p) => p.intervalMs + MARGIN_MS,
    async inject(p, { log }) {
      return killReplica(p.replicas['api-gateway'][0]!, log);
    },
  },
  {
    id: 'restart-nats',
    title: 'restart NATS',
    alertVictim: { leadMs: 2000 },
    recovery: ['samples', 'poller-leader', 'alerting-leader', 'api'],
    boundMs: (p, f, at) => (f.restoredAt ?? at) - at + LEASE_MS + p.intervalMs + MARGIN_MS,
    // Jobs cannot be queued while NATS is away, and the scheduler lease lapses (its renewal failed): the slots until
    // NATS is back and a leader holds the lease again are not polled.
    expectedPause: (p, f, at) => [at - p.intervalMs, (f.restoredAt ?? at) + LEASE_MS + p.intervalMs],
    async inject(p, { log }) {
      log(`stopping nats-server (pid ${p.nats.pid}, SIGTERM)`);
      await p.nats.stop('SIGTERM');
      const down = Date.now();
      await sleep(NATS_DOWN_MS);
      await p.nats.start();
      log(`nats-server is back (pid ${p.nats.pid}) after ${((Date.now() - down) / 1000).toFixed(1)} s down`);
      return { restoredAt: Date.now() };
    },
  },
  {
    id: 'restart-postgres',
    title: 'restart PostgreSQL',
    alertVictim: { leadMs: 2000 },
    recovery: ['samples', 'poller-leader', 'alerting-leader', 'sockets', 'api'],
    boundMs: (p, f, at) => (f.restoredAt ?? at) - at + WRITER_BACKOFF_MS + p.intervalMs + MARGIN_MS,
    async inject(p, { log }) {
      log(`stopping PostgreSQL (pid ${p.pg.pid}, fast shutdown)`);
      await p.pg.stop('fast');
      const down = Date.now();
      await sleep(PG_DOWN_MS);
      await p.pg.start();
      log(`PostgreSQL is back (pid ${p.pg.pid}) after ${((Date.now() - down) / 1000).toFixed(1)} s down`);
      return { restoredAt: Date.now() };
    },
  },
  {
    id: 'pause-postgres',
    title: 'pause PostgreSQL for 30 s',
    alertVictim: { leadMs: 1000 },
    recovery: ['samples', 'poller-leader', 'alerting-leader', 'sockets', 'api'],
    boundMs: (p, f, at) => (f.restoredAt ?? at) - at + WRITER_BACKOFF_MS + p.intervalMs + MARGIN_MS,
    async inject(p, { log }) {
      const pids = p.pg.pause();
      log(`SIGSTOP to PostgreSQL: ${pids.length} processes (postmaster ${pids[0]})`);
      await sleep(PG_PAUSE_MS);
      p.pg.resume();
      log('SIGCONT to PostgreSQL');
      return { restoredAt: Date.now() };
    },
  },
  {
    id: 'frm-flood',
    title: 'flood FRM with slow responses and malformed JSON',
    recovery: ['samples', 'frm', 'api'],
    recoveryFrom: 'end of the fault',
    boundMs: (p) => 2 * p.intervalMs + MARGIN_MS,
    async inject(p, { log, spareServers }) {
      const targets = spareServers.slice(0, 2);
      for (const s of targets) {
        await p.sim.setFault(s.index, 'slow', { delayMs: FLOOD_DELAY_MS, scope: 'frm' });
        await p.sim.setFault(s.index, 'malformed_json', { scope: 'frm' });
      }
      log(
        `FRM of ${targets.map((s) => s.name).join(' and ')}: ${FLOOD_DELAY_MS} ms slow and malformed JSON for ${FLOOD_MS / 1000} s`,
      );
      await sleep(FLOOD_MS);
      for (const s of targets) await p.sim.clearFaults(s.index);
      log('FRM faults cleared');
      return { restoredAt: Date.now(), notes: [`flooded: ${targets.map((s) => s.name).join(', ')}`] };
    },
  },
];

/** The servers the FRM flood breaks (never alert victims). */
export function floodTargets(platform: DrillPlatform): DrillServer[] {
  return platform.servers.slice(-2);
}

interface PollerCounters {
  pid: number | undefined;
  droppedLate: number;
  droppedLateHealth: number;
  bufferDropped: number;
  flushFailures: number;
}

async function pollerCounters(platform: DrillPlatform): Promise<PollerCounters[]> {
  return Promise.all(
    platform.replicas.poller.map(async (r) => {
      const text = await r.metrics();
      return {
        pid: r.pid,
        droppedLate: metricValue(text, 'gsm_poller_jobs_dropped_late_total'),
        droppedLateHealth: metricValue(text, 'gsm_poller_jobs_dropped_late_total', { kind: 'health' }),
        bufferDropped: metricValue(text, 'gsm_poller_write_buffer_dropped_rows_total'),
        flushFailures: metricValue(text, 'gsm_poller_flush_failures_total'),
      };
    }),
  );
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Options of a drill run. */
export interface RunOptions {
  log: (line: string) => void;
  /** Quiet time before the fault, once the platform is healthy (default 3 s). */
  settleMs?: number;
  /** Index of the server stopped for the alert checks (rotated by the caller). */
  victimIndex?: number;
}

/** Shared between a drill's fault and its recovery watch. */
interface Progress {
  fault: FaultOutcome | undefined;
  injectedAt: number;
  aborted: boolean;
}

/**
 * Runs one drill on a healthy platform: settles, stops the alert victim, injects the fault, watches the recovery
 * checks, restarts a killed replica, follows the victim's alerts to the receiver, then measures losses, duplicates,
 * sockets and the API over the drill, and leaves the platform healthy for the next one (faults cleared, replicas
 * running) even when the drill fails.
 */
export async function runDrill(platform: DrillPlatform, drill: Drill, options: RunOptions): Promise<DrillResult> {
  const log = (line: string): void => options.log(`[${drill.id}] ${line}`);
  const began = Date.now();
  const notes: string[] = [];
  const checks: DrillCheck[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
    if (!ok) log(`FAILED: ${name}: ${detail}`);
  };
  const I = platform.intervalMs;

  log(`${drill.title}: waiting for a healthy platform`);
  await restartDead(platform, log);
  await platform.waitHealthy(90_000);
  await sleep(options.settleMs ?? 3000);
  const before = await pollerCounters(platform);
  const spare = floodTargets(platform);
  const candidates = platform.servers.filter((s) => !spare.includes(s));
  const victim = drill.alertVictim ? candidates[(options.victimIndex ?? 0) % candidates.length]! : undefined;
  const progress: Progress = { fault: undefined, injectedAt: 0, aborted: false };
  let stoppedAt = 0;
  let fault: FaultOutcome | undefined;
  try {
    if (drill.prepare) {
      await drill.prepare(platform, { log, spareServers: spare, check });
      await platform.waitHealthy(90_000);
    }
    if (victim && drill.alertVictim) {
      await platform.sim.setFault(victim.index, 'stopped');
      stoppedAt = Date.now();
      log(`stopped ${victim.name}: its offline alert, then its back-online alert, must arrive once each`);
      await sleep(drill.alertVictim.leadMs);
    }

    const faultAt = Date.now();
    const steps: Record<string, number | null> = Object.fromEntries(drill.recovery.map((c) => [c, null]));
    const watcher = watchRecovery(platform, drill, faultAt, steps, progress);
    try {
      fault = await drill.inject(platform, { log, spareServers: spare, check });
    } catch (error) {
      progress.aborted = true;
      await watcher;
      throw error;
    }
    progress.fault = fault;
    progress.injectedAt = Date.now();
    notes.push(...(fault.notes ?? []));
    const from = drill.recoveryFrom === 'end of the fault' ? (fault.restoredAt ?? faultAt) : faultAt;
    const recoveredAt = await watcher;
    const recoveryMs = recoveredAt === null ? null : recoveredAt - from;
    const bound = drill.boundMs(platform, fault, faultAt);
    const stepText = Object.entries(steps)
      .map(([k, v]) => `${k} ${v === null ? 'never' : seconds(v)}`)
      .join(', ');
    log(
      recoveryMs === null
        ? `NOT recovered (${stepText})`
        : `recovered in ${seconds(recoveryMs)} from the ${drill.recoveryFrom ?? 'fault'} (bound ${seconds(bound)}; ${stepText})`,
    );
    check(
      'recovery within its bound',
      recoveryMs !== null && recoveryMs <= bound,
      recoveryMs === null
        ? `not recovered: ${stepText}`
        : `${seconds(recoveryMs)} (bound ${seconds(bound)}; ${stepText})`,
    );

    if (fault.killed) {
      const t = Date.now();
      await fault.killed.start();
      log(`${fault.killed.name} started again (pid ${fault.killed.pid}), ready in ${seconds(Date.now() - t)}`);
    }
    if (fault.restore) {
      const t = Date.now();
      const what = await fault.restore();
      fault.restore = undefined;
      log(`${what} in ${seconds(Date.now() - t)}`);
    }

    // The victim's alerts: offline once, then back online once.
    let alerts: DrillResult['alerts'] = null;
    if (victim) alerts = await followAlerts(platform, victim, stoppedAt, log, check);

    // Later deltas on every socket, and a few seconds of API load after the recovery.
    const liveFrom = recoveredAt ?? Date.now();
    const liveDeadline = Date.now() + 20_000;
    while (Date.now() < liveDeadline && platform.sockets.some((c) => c.liveAt(liveFrom) === null)) await sleep(250);
    const minEnd = liveFrom + Math.max(4000, I + 1000);
    if (Date.now() < minEnd) await sleep(minEnd - Date.now());
    const endAt = Date.now();

    // Sockets: every connection dropped during the drill reconnected and resynced; every one gets deltas again.
    const dropped = platform.sockets.filter((c) => c.disconnectedSince(faultAt - 1000));
    const resynced = dropped.filter((c) => c.resyncedAt(faultAt - 1000) !== null);
    const live = platform.sockets.filter((c) => c.connected && c.liveAt(liveFrom) !== null);
    const sockets = {
      dropped: dropped.length,
      resynced: resynced.length,
      live: live.length,
      total: platform.sockets.length,
    };
    const stale = dropped.filter((c) => !resynced.includes(c));
    check(
      'sockets reconnect, resync and get deltas',
      resynced.length === dropped.length && live.length === platform.sockets.length,
      `${dropped.length} dropped, ${resynced.length} resynced (a fresh snapshot of every server), ` +
        `${live.length}/${platform.sockets.length} receiving deltas of every server after the recovery` +
        (stale.length
          ? `; not resynced: ${stale.map((c) => `#${c.id} (${c.connected ? 'connected' : 'disconnected'}, ${c.refusals.length} refusals)`).join(', ')}`
          : ''),
    );

    // The API: errors while broken are reported; once recovered, every call answers 2xx.
    const apiFrom = recoveredAt ?? endAt;
    const api = {
      during: platform.load.count((c) => c.end >= faultAt && c.start < apiFrom),
      after: platform.load.count((c) => c.start >= apiFrom && c.end <= endAt),
    };
    const examples = (w: ApiWindow): string => (w.examples.length ? ` (${w.examples.join(', ')})` : '');
    check(
      'while a dependency is away the API answers 503 (retry later), never 500',
      api.during.internal === 0 && api.after.internal === 0,
      `${api.during.internal} answers were 500 during the fault, ${api.after.internal} after${examples(api.during)}`,
    );
    check(
      'the API answers after the recovery',
      api.after.ok === api.after.total && api.after.total > 0,
      `${api.after.ok}/${api.after.total} calls 2xx after the recovery${examples(api.after)}; ` +
        `during the fault ${api.during.total - api.during.ok}/${api.during.total} failed${examples(api.during)}`,
    );

    // Health samples missing within the drill, outside the pause the drill expects.
    const windowFrom = Math.max(faultAt - 3 * I, platform.readyAt);
    const windowTo = endAt - 2 * I;
    const pause = drill.expectedPause?.(platform, fault, faultAt);
    const slots = await healthSlots(platform.databaseUrl, windowFrom - I, windowTo + I);
    let lost = 0;
    let unpolled = 0;
    const lostDetail: string[] = [];
    const at = (t: number): string => `${t >= faultAt ? '+' : ''}${seconds(t - faultAt)}`;
    for (const s of platform.servers) {
      const missing = missingSlots(slots.get(s.id) ?? [], I, windowFrom, windowTo);
      const outside = missing.filter((t) => !pause || t < pause[0] || t > pause[1]);
      unpolled += missing.length - outside.length;
      lost += outside.length;
      if (outside.length) lostDetail.push(`${s.name}: ${outside.length} (${outside.map(at).join(' ')})`);
    }
    if (drill.id === 'frm-flood') {
      // The add-on kinds of the servers not flooded: they must not suffer from the flooded ones.
      const power = await sampleTimes(platform.databaseUrl, 'power_circuits', windowFrom - 2 * I, windowTo + 2 * I);
      for (const s of platform.servers.filter((x) => !spare.includes(x))) {
        const gaps = missingSlots(power.get(s.id) ?? [], 2 * I, windowFrom, windowTo - 2 * I);
        if (gaps.length) {
          lost += gaps.length;
          lostDetail.push(`${s.name} power: ${gaps.length} (${gaps.map(at).join(' ')})`);
        }
      }
    }
    const after = await pollerCounters(platform);
    const poller = { droppedLate: 0, droppedLateHealth: 0, bufferDropped: 0, flushFailures: 0 };
    for (const a of after) {
      const b = before.find((x) => x.pid !== undefined && x.pid === a.pid);
      if (!b) continue;
      poller.droppedLate += a.droppedLate - b.droppedLate;
      poller.droppedLateHealth += a.droppedLateHealth - b.droppedLateHealth;
      poller.bufferDropped += a.bufferDropped - b.bufferDropped;
      poller.flushFailures += a.flushFailures - b.flushFailures;
    }
    log(
      `samples: ${lost} lost, ${unpolled} not polled in the expected pause` +
        `${pause ? ` (${at(pause[0])}..${at(pause[1])})` : ''}; pollers: ${poller.droppedLate} jobs dropped late (${poller.droppedLateHealth} health), ` +
        `${poller.bufferDropped} buffered rows dropped, ${poller.flushFailures} failed flushes` +
        (lostDetail.length ? `; lost: ${lostDetail.join('; ')}` : ''),
    );
    check(
      'no sample lost',
      lost === 0,
      lost === 0
        ? `${unpolled} slots not polled in the expected pause`
        : `${lost} samples missing: ${lostDetail.join('; ')}; pollers: ${poller.droppedLate} jobs dropped late ` +
            `(${poller.droppedLateHealth} health), ${poller.bufferDropped} buffered rows dropped, ` +
            `${poller.flushFailures} failed flushes`,
    );
    if (poller.bufferDropped > 0) notes.push(`the pollers' write buffers dropped ${poller.bufferDropped} rows (full)`);

    const dup = await duplicates(platform.databaseUrl, new Date(windowFrom - I), I);
    const duplicateRows = dup.reduce((n, d) => n + d.rows, 0);
    check(
      'no row stored twice',
      duplicateRows === 0,
      duplicateRows === 0
        ? 'none'
        : dup
            .filter((d) => d.rows > 0)
            .map((d) => `${d.what}: ${d.rows}${d.examples?.length ? ` (${d.examples.join(', ')})` : ''}`)
            .join('; '),
    );

    // The news of what was stored: every stored health sample and status change has its event in JetStream.
    const names = new Map(platform.servers.map((x) => [x.id, x.name]));
    const events = await missingEvents(platform.databaseUrl, platform.nats.url, windowFrom, windowTo, names);
    const eventsLostDetail = [
      ...events.results.map((r) => `poll.result.v1 of ${r}`),
      ...events.statusChanges.map((c) => `server.status.v1 of ${c}`),
    ];
    check(
      'every stored poll has its event (no event lost)',
      eventsLostDetail.length === 0,
      eventsLostDetail.length === 0
        ? `${events.checkedResults} results and ${events.checkedStatusChanges} status changes found in JetStream`
        : `${eventsLostDetail.length} stored but never published: ${eventsLostDetail.join('; ')}`,
    );

    // Any incident event (fuse trips of the simulated grids too) delivered a second time during this drill.
    const doubled = doubledDeliveries(platform, began);
    check('no alert delivered twice', doubled.length === 0, doubled.length === 0 ? 'none' : doubled.join(', '));
    if (alerts) alerts.duplicates += doubled.length;

    for (const c of platform.crashes(began))
      check(
        `${c.replica.name} does not crash`,
        false,
        `exited by itself (code ${c.code}, signal ${c.signal}); its last lines:\n${c.tail.join('\n')}`,
      );

    const passed = checks.every((c) => c.ok);
    log(`${passed ? 'PASSED' : 'FAILED'} in ${seconds(Date.now() - began)}`);
    return {
      id: drill.id,
      title: drill.title,
      faultAt,
      durationMs: Date.now() - began,
      recoveryMs,
      recoveryFrom: drill.recoveryFrom ?? 'fault',
      recoveryBoundMs: bound,
      recoverySteps: steps,
      lost,
      unpolled,
      lostDetail,
      eventsLost: eventsLostDetail.length,
      eventsLostDetail,
      duplicates: duplicateRows,
      duplicateDetail: dup,
      alerts,
      sockets,
      api,
      poller,
      checks,
      passed,
      notes,
    };
  } finally {
    progress.aborted = true;
    if (fault?.restore) await fault.restore().catch((error: Error) => log(`could not restore: ${error.message}`));
    if (victim) await platform.sim.clearFaults(victim.index).catch(() => undefined);
    if (platform.pg.running) platform.pg.resume();
    if (!platform.nats.running) await platform.nats.start().catch(() => undefined);
    if (!platform.pg.running) await platform.pg.start().catch(() => undefined);
    for (const s of spare) await platform.sim.clearFaults(s.index).catch(() => undefined);
    await restartDead(platform, log).catch((error: Error) => log(`could not restart a replica: ${error.message}`));
  }
}

/** Incident events delivered more than once, where a second delivery arrived at or after `since`. */
function doubledDeliveries(platform: DrillPlatform, since: number): string[] {
  const arrivals = new Map<string, number[]>();
  for (const d of platform.hook.deliveries()) {
    if (d.event === 'test') continue;
    const body = d.body as { incident_id?: string; rule?: { kind?: string }; server?: { name?: string } };
    const key = `${body.rule?.kind ?? '?'} ${d.event} of ${body.server?.name ?? '?'} (incident ${body.incident_id ?? '?'})`;
    const list = arrivals.get(key) ?? [];
    list.push(d.request.at);
    arrivals.set(key, list);
  }
  return [...arrivals.entries()]
    .filter(([, times]) => times.length > 1 && times.slice(1).some((t) => t >= since))
    .map(([key, times]) => `${key} ${times.length}×`);
}

/** Restarts replicas that are not running (killed by a drill, or crashed). */
async function restartDead(platform: DrillPlatform, log: (line: string) => void): Promise<void> {
  for (const r of platform.all()) {
    if (r.alive) continue;
    log(`starting ${r.name} again`);
    await r.start();
  }
}

/**
 * Polls the recovery checks once the fault is injected and resolves with the time all of them passed, or null
 * after a limit (three bounds, at least a minute). `steps` gets each check's first pass (ms after the fault, or
 * after its end).
 */
async function watchRecovery(
  platform: DrillPlatform,
  drill: Drill,
  faultAt: number,
  steps: Record<string, number | null>,
  progress: Progress,
): Promise<number | null> {
  const state: WatchState = { firstSample: new Map(), inputsBaseline: undefined };
  const passed = new Map<RecoveryCheck, number>();
  for (;;) {
    await sleep(250);
    if (progress.aborted) return null;
    const fault = progress.fault;
    if (!fault) continue;
    const from = drill.recoveryFrom === 'end of the fault' ? (fault.restoredAt ?? faultAt) : faultAt;
    const deadline =
      Math.max(from, progress.injectedAt) + Math.max(60_000, 3 * drill.boundMs(platform, fault, faultAt));
    if (Date.now() > deadline) return null;
    for (const c of drill.recovery) {
      if (passed.has(c)) continue;
      // A dropped socket is noticed a moment after the kill: give the disconnects a second to arrive.
      if (c === 'sockets' && Date.now() < progress.injectedAt + 1000) continue;
      const at = await passedAt(platform, c, from, state).catch(() => null);
      if (at !== null) {
        passed.set(c, at);
        steps[c] = at - from;
      }
    }
    if (passed.size === drill.recovery.length) return Math.max(...passed.values());
  }
}

/** What the recovery checks remember between two looks. */
interface WatchState {
  /** When each server's first sample after the fault was seen stored. */
  firstSample: Map<string, number>;
  /** The alerting replicas' inputs counter at the first look after the fault. */
  inputsBaseline: number | undefined;
}

/** When a recovery check passed (now, or when what it waits for arrived), or null while it does not. */
async function passedAt(
  platform: DrillPlatform,
  c: RecoveryCheck,
  from: number,
  state: WatchState,
): Promise<number | null> {
  const firstSample = state.firstSample;
  switch (c) {
    case 'results': {
      const inputs = await platform.metricSum('alerting', 'gsm_alerting_inputs_total');
      state.inputsBaseline ??= inputs;
      return inputs - state.inputsBaseline >= 2 * platform.servers.length ? Date.now() : null;
    }
    case 'samples': {
      // The first poll sample of every server with a slot after the fault, seen stored.
      const newest = await newestSamples(platform.databaseUrl, 1000);
      const seen = Date.now();
      for (const s of platform.servers)
        if (!firstSample.has(s.id) && (newest.get(s.id) ?? 0) > from) firstSample.set(s.id, seen);
      return firstSample.size === platform.servers.length ? Math.max(...firstSample.values()) : null;
    }
    case 'frm': {
      const targets = floodTargets(platform).map((s) => s.id);
      const rows = await query<{ n: string }>(
        platform.databaseUrl,
        'SELECT count(DISTINCT server_id) AS n FROM power_circuits WHERE server_id = ANY($1::uuid[]) AND time > $2',
        [targets, new Date(from)],
        1000,
      );
      return Number(rows[0]?.n ?? 0) === targets.length ? Date.now() : null;
    }
    case 'poller-leader':
      return (await platform.leaderOf('poller')) ? Date.now() : null;
    case 'alerting-leader':
      return (await platform.leaderOf('alerting')) ? Date.now() : null;
    case 'sockets': {
      let latest = from;
      for (const client of platform.sockets) {
        const at = client.resyncedAt(from);
        if (at === null) return null;
        latest = Math.max(latest, at);
      }
      return latest;
    }
    case 'api':
      return (await platform.apiAnswers()) ? Date.now() : null;
  }
}

/** Waits for the victim's offline alert, brings it back, waits for the back-online alert; counts deliveries. */
async function followAlerts(
  platform: DrillPlatform,
  victim: DrillServer,
  stoppedAt: number,
  log: (line: string) => void,
  check: (name: string, ok: boolean, detail: string) => void,
): Promise<NonNullable<DrillResult['alerts']>> {
  const ofVictim = (event: string) =>
    platform.hook.deliveries().filter((d) => {
      const body = d.body as { server?: { id?: string }; rule?: { kind?: string } };
      return (
        d.request.at >= stoppedAt &&
        d.event === event &&
        body.server?.id === victim.id &&
        body.rule?.kind === 'server_offline'
      );
    });
  const waitFor = async (event: string, timeoutMs: number): Promise<number | null> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const first = ofVictim(event)[0];
      if (first) return first.request.at;
      await sleep(200);
    }
    return null;
  };
  const fired = await waitFor('fired', 60_000);
  log(
    fired
      ? `offline alert of ${victim.name} delivered ${seconds(fired - stoppedAt)} after the stop`
      : `no offline alert of ${victim.name} within 60 s`,
  );
  await platform.sim.clearFaults(victim.index);
  const clearedAt = Date.now();
  const resolved = fired ? await waitFor('resolved', 45_000) : null;
  if (fired)
    log(
      resolved
        ? `back-online alert delivered ${seconds(resolved - clearedAt)} after the restart`
        : 'no back-online alert within 45 s',
    );
  await sleep(4000); // a doubled delivery would have arrived by now
  const firedCount = ofVictim('fired').length;
  const resolvedCount = ofVictim('resolved').length;
  let detail = `${victim.name}: offline delivered ${firedCount}×, back online ${resolvedCount}×`;
  const ok = firedCount === 1 && resolvedCount === 1;
  if (!ok) detail += `; ${await statusHistory(platform, victim, stoppedAt - 10_000).catch((e: Error) => e.message)}`;
  check('the alerts of the stopped server delivered exactly once', ok, detail);
  return {
    expected: 2,
    delivered: firedCount + resolvedCount,
    duplicates: Math.max(0, firedCount - 1) + Math.max(0, resolvedCount - 1),
    detail,
  };
}

/** What the database says about a server's status since `since` (evidence when its alerts went wrong). */
async function statusHistory(platform: DrillPlatform, server: DrillServer, since: number): Promise<string> {
  const url = platform.databaseUrl;
  const t = (d: Date): string => d.toISOString().slice(11, 23);
  const changes = await query<{ time: Date; previous: string; status: string }>(
    url,
    'SELECT time, previous::text, status::text FROM server_status_changes WHERE server_id = $1 AND time >= $2 ORDER BY time',
    [server.id, new Date(since)],
  );
  const samples = await query<{ time: Date; status: string }>(
    url,
    'SELECT time, status::text FROM server_metrics WHERE server_id = $1 AND time >= $2 ORDER BY time',
    [server.id, new Date(since)],
  );
  const state = await query<{ status: string; pending_status: string | null; pending_count: number }>(
    url,
    'SELECT status::text, pending_status::text, pending_count FROM server_states WHERE server_id = $1',
    [server.id],
  );
  const incidents = await query<{ state: string; opened_at: Date; resolved_at: Date | null }>(
    url,
    `SELECT i.state::text, i.opened_at, i.resolved_at FROM incidents i JOIN alert_rules r ON r.id = i.rule_id
      WHERE i.server_id = $1 AND r.kind = 'server_offline' AND i.opened_at >= $2 ORDER BY i.opened_at`,
    [server.id, new Date(since)],
  );
  const s = state[0];
  return (
    `status changes: ${changes.map((c) => `${t(c.time)} ${c.previous}->${c.status}`).join(', ') || 'none'}; ` +
    `stored statuses: ${samples.map((m) => `${t(m.time)} ${m.status}`).join(', ')}; ` +
    `server_states now: ${s ? `${s.status} (pending ${s.pending_status ?? '-'} ×${s.pending_count})` : 'none'}; ` +
    `incidents: ${incidents.map((i) => `${i.state} ${t(i.opened_at)}..${i.resolved_at ? t(i.resolved_at) : ''}`).join(', ') || 'none'}`
  );
}
