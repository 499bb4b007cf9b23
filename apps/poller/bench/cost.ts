/**
 * bench:poller --cost: what issue 20's new kinds cost, with every kind on the Pro intervals (the registry's interval
 * classes), against the old kind set in the same run.
 *
 * Part 1 (kind-costs.ts): per kind, requests and CPU per poll of the poller's code in this process, beside the bare
 * requests; from them the cost per server-minute of the old and the full kind set (a model: per-poll costs times the
 * Pro plan's polls per minute).
 * Part 2: ONE poller process (scheduler + worker) polling a simulated fleet, measured: rounds alternate the old kind
 * set and every kind (this process answers the poller's entitlements request and announces the switch as a plan
 * change), and each prints the poller's CPU per server-minute and the requests it made per server-minute.
 * Verdict per round: the cost grows in proportion to the requests added, not more (cost ratio <= requests ratio).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Requests, Subjects, type PlanEntitlements, type PollKind } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import {
  announceServer,
  metricValue,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  SimulatorProcess,
  type SimulatedServer,
} from '@app/testing';
import { Client } from 'pg';
import { ALL_KINDS, measureKindCosts, OLD_KINDS, perServerMinute, proIntervals, type KindCost } from './kind-costs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line: string) => process.stdout.write(`${line}\n`);
/** A new kind "off" in the old set: once a day (a server's first slot may still fall in a run; it is counted). */
const OFF_SECONDS = 86_400;

export interface CostOptions {
  servers: number;
  perSim: number;
  rounds: number;
  warmupS: number;
  measureS: number;
  kindServers: number;
  kindSeconds: number;
  secretsKey: string;
  /** Part 1 only (no poller process, no fleet). */
  modelOnly: boolean;
}

/** CPU seconds (user + system) of the processes that match, from /proc (clock ticks of 1/100 s). */
export function cpuSeconds(match: (pid: number, comm: string) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    if (!match(pid, stat.slice(stat.indexOf('(') + 1, close))) continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** The machine's CPU pressure (PSI "some", avg60), or null where the kernel does not report it. */
export function cpuPressure(): string {
  try {
    return `${/avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? '?'} %`;
  } catch {
    return 'n/a';
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const verdict = (costRatio: number, requestsRatio: number) =>
  costRatio <= requestsRatio ? 'in proportion (not more)' : 'MORE than the requests';

/** One round's growth from the old kind set to every kind: CPU, requests and (part 1) the bare requests' CPU. */
interface Growth {
  cost: number;
  requests: number;
  bare?: number;
}

function printKindRound(round: number, costs: KindCost[]): Growth {
  out(
    `\nround ${round}: per kind (Pro interval; the poller's code in this process vs the bare requests, CPU µs per poll)`,
  );
  out('kind            interval  requests/poll  KB/poll  bare µs  poller µs  ratio  polls  failed');
  for (const c of costs)
    out(
      [
        c.kind.padEnd(14),
        pad(`${c.intervalSeconds} s`, 8),
        pad(c.requestsPerPoll.toFixed(2), 13),
        pad(c.kbPerPoll.toFixed(1), 7),
        pad(c.bareUs.toFixed(0), 7),
        pad(c.pollerUs.toFixed(0), 9),
        pad(`${(c.pollerUs / c.bareUs).toFixed(2)}x`, 5),
        pad(c.polls, 5),
        pad(c.failed, 6),
      ].join('  '),
    );
  const old = perServerMinute(costs, OLD_KINDS);
  const all = perServerMinute(costs, ALL_KINDS);
  const cost = all.cpuMs / old.cpuMs;
  const requests = all.requests / old.requests;
  const bare = all.bareMs / old.bareMs;
  out('per server-minute    polls  requests  CPU ms (poller)  CPU ms (bare)');
  for (const [name, s] of [
    ['old kind set', old],
    ['every kind', all],
  ] as const)
    out(
      `${name.padEnd(17)}  ${pad(s.polls.toFixed(1), 6)}  ${pad(s.requests.toFixed(1), 8)}  ${pad(s.cpuMs.toFixed(2), 15)}  ${pad(s.bareMs.toFixed(2), 13)}`,
    );
  out(
    `round ${round} (model): cost x${cost.toFixed(2)}, requests x${requests.toFixed(2)}, cost/requests ${(cost / requests).toFixed(2)}: ${verdict(cost, requests)}; the same requests bare x${bare.toFixed(2)}, cost/bare ${(cost / bare).toFixed(2)}: ${cost <= bare ? 'in proportion to the bare requests (not more)' : 'MORE than the bare requests'}`,
  );
  return { cost, requests, bare };
}

function entitlements(orgId: string, intervals: Record<PollKind, number>): PlanEntitlements {
  return {
    orgId,
    planId: 'pro',
    maxServers: null,
    retentionHours: 720,
    intervals,
    discordAlerts: true,
    multiChannelAlerts: true,
    apiAccess: true,
    apiDailyQuota: 10_000,
    shareLinks: true,
    roles: true,
  };
}

/** Registers the simulated servers with the organisation (rows and lifecycle events), passwords sealed with `key`. */
export async function seed(
  url: string,
  orgId: string,
  sims: SimulatedServer[],
  messaging: Messaging,
  key: string,
): Promise<void> {
  const box = new SecretBox(key);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of sims) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO servers (id, org_id, name, host, address, port, addon_http_port, addon_ws_port, admin_password_enc)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)`,
        [
          id,
          orgId,
          `bench ${s.port}`,
          s.host,
          s.port,
          s.addon_http_port,
          s.addon_ws_port,
          box.seal(s.admin_password, id),
        ],
      );
      announceServer(messaging, id, orgId, s, 'bench');
    }
  } finally {
    await client.end();
  }
}

/** Runs both parts; `dbUrl` is a fresh database of the run, `prefix` its NATS namespace. */
export async function costRun(
  dbUrl: string,
  natsUrl: string,
  prefix: string,
  messaging: Messaging,
  options: CostOptions,
  processes: ServiceProcess[],
  simulators: SimulatorProcess[],
): Promise<boolean> {
  for (let started = 0, i = 0; started < options.servers; started += options.perSim, i++)
    simulators.push(
      await SimulatorProcess.start(
        [
          '--count',
          String(Math.min(options.perSim, options.servers - started)),
          '--seed',
          String(i + 1),
          '--token-ttl',
          '86400',
        ],
        120_000,
      ),
    );
  const fleet = simulators.flatMap((s) => s.servers);
  const pro = proIntervals();
  const old = Object.fromEntries(
    Object.entries(pro).map(([k, v]) => [k, OLD_KINDS.includes(k as PollKind) ? v : OFF_SECONDS]),
  ) as Record<PollKind, number>;

  out(
    `bench:poller --cost  node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, CPU pressure ${cpuPressure()}`,
  );
  out(`Pro intervals (registry): ${ALL_KINDS.map((k) => `${k} ${pro[k]} s`).join(', ')}`);
  out(`old kind set: ${OLD_KINDS.join(', ')} (the others at ${OFF_SECONDS} s in part 2)`);

  // Part 1: per kind, in this process, before the fleet runs (the simulators are otherwise idle).
  out(
    `\npart 1: ${options.kindServers} simulated servers, one poll in flight each, ${options.kindSeconds} s per kind and mode, ${options.rounds} rounds`,
  );
  const requestsPerPoll = new Map<PollKind, number>();
  const model: Growth[] = [];
  await measureKindCosts(
    fleet.slice(0, options.kindServers),
    { rounds: options.rounds, seconds: options.kindSeconds },
    (round, costs) => {
      model.push(printKindRound(round, costs));
      for (const c of costs) requestsPerPoll.set(c.kind, c.requestsPerPoll);
    },
  );

  const holds = (rs: Growth[], against: (g: Growth) => number) => rs.filter((r) => r.cost <= against(r)).length;
  const modelVerdict = () =>
    `model: cost <= requests in ${holds(model, (g) => g.requests)} of ${model.length} rounds, cost <= the bare requests' cost in ${holds(model, (g) => g.bare!)} of ${model.length}`;
  if (options.modelOnly) {
    out(`\nverdict (the cost grows in proportion to the requests added, not more): ${modelVerdict()}`);
    return holds(model, (g) => g.requests) === model.length;
  }

  // Part 2: one poller process, the fleet, the two kind sets alternating.
  let current = old;
  messaging.reply(Requests.entitlements, ({ orgId }) => entitlements(orgId, current));
  const env = serviceEnv(
    dbUrl,
    prefix,
    { SECRETS_KEY: options.secretsKey, POLLER_CONCURRENCY: '512', POLLER_TIMEOUT_MS: '5000' },
    natsUrl,
  );
  const poller = ServiceProcess.start('poller', env);
  processes.push(poller);
  const port = await poller.ready(60_000);
  const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const pollerPid = poller.child.pid;
  // The poller's own floor (timers, NATS, metrics) with no server: subtracted for the "above idle" figures.
  await sleep(3000);
  const idle0 = cpuSeconds((pid) => pid === pollerPid);
  await sleep(options.measureS * 1000);
  const idleCores = (cpuSeconds((pid) => pid === pollerPid) - idle0) / options.measureS;
  const { orgId } = await seedAccount(dbUrl, 'pro');
  await seed(dbUrl, orgId, fleet, messaging, options.secretsKey);
  const switchTo = async (intervals: Record<PollKind, number>) => {
    current = intervals;
    messaging.publish(Subjects.planChanged, {
      orgId,
      planId: 'pro',
      previousPlanId: 'pro',
      period: 'monthly',
      occurredAt: new Date().toISOString(),
    });
    await messaging.nc.flush();
  };
  const simPids = new Set(simulators.map((s) => s.child.pid));
  out(`\nthe poller process idle (no server, ${options.measureS} s): ${idleCores.toFixed(3)} cores`);
  out(
    `\npart 2: ONE poller process, ${fleet.length} servers in ${simulators.length} simulator process(es), rounds alternate the old kind set and every kind; warm-up ${options.warmupS} s after each switch, measured ${options.measureS} s`,
  );
  out(
    'round  kind set      polls/s  req/s  requests/server-min  poller CPU ms/server-min (above idle)  CPU ms/poll  failed  late-dropped  cores: poller  sims  nats  pg  pressure',
  );
  const minutes = options.measureS / 60;
  const fleetRatios: Growth[] = [];
  const fleetAboveIdle: Growth[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const figures: Record<'old' | 'all', { requests: number; cpuMs: number; aboveIdleMs: number }> = {
      old: { requests: 0, cpuMs: 0, aboveIdleMs: 0 },
      all: { requests: 0, cpuMs: 0, aboveIdleMs: 0 },
    };
    for (const set of ['old', 'all'] as const) {
      await switchTo(set === 'old' ? old : pro);
      await sleep(options.warmupS * 1000);
      const before = await scrape();
      const cpu0 = {
        poller: cpuSeconds((pid) => pid === pollerPid),
        sims: cpuSeconds((pid) => simPids.has(pid)),
        nats: cpuSeconds((_p, comm) => comm === 'nats-server'),
        pg: cpuSeconds((_p, comm) => comm === 'postgres'),
      };
      await sleep(options.measureS * 1000);
      const after = await scrape();
      const cpu1 = {
        poller: cpuSeconds((pid) => pid === pollerPid),
        sims: cpuSeconds((pid) => simPids.has(pid)),
        nats: cpuSeconds((_p, comm) => comm === 'nats-server'),
        pg: cpuSeconds((_p, comm) => comm === 'postgres'),
      };
      const delta = (name: string, labels: Record<string, string> = {}) =>
        metricValue(after, name, labels) - metricValue(before, name, labels);
      let polls = 0;
      let requests = 0;
      for (const kind of ALL_KINDS) {
        const n = delta('gsm_poller_polls_total', { kind });
        polls += n;
        requests += n * (requestsPerPoll.get(kind) ?? 1);
      }
      const failed = polls - delta('gsm_poller_polls_total', { outcome: 'ok' });
      const cpu = cpu1.poller - cpu0.poller;
      const perServerMin = {
        requests: requests / fleet.length / minutes,
        cpuMs: (cpu * 1000) / fleet.length / minutes,
        aboveIdleMs: ((cpu - idleCores * options.measureS) * 1000) / fleet.length / minutes,
      };
      figures[set] = perServerMin;
      const cores = (k: keyof typeof cpu0) => ((cpu1[k] - cpu0[k]) / options.measureS).toFixed(2);
      out(
        [
          pad(round, 5),
          (set === 'old' ? 'old kinds' : 'every kind').padEnd(12),
          pad((polls / options.measureS).toFixed(0), 7),
          pad((requests / options.measureS).toFixed(0), 5),
          pad(perServerMin.requests.toFixed(1), 19),
          pad(`${perServerMin.cpuMs.toFixed(2)} (${perServerMin.aboveIdleMs.toFixed(2)})`, 37),
          pad(polls > 0 ? ((cpu * 1000) / polls).toFixed(3) : 'n/a', 11),
          pad(failed, 6),
          pad(delta('gsm_poller_jobs_dropped_late_total'), 12),
          `       ${cores('poller')}  ${cores('sims')}  ${cores('nats')}  ${cores('pg')}  ${cpuPressure()}`,
        ].join('  '),
      );
      if (set === 'all') {
        const perKind = ALL_KINDS.map(
          (k) => `${k} ${(delta('gsm_poller_polls_total', { kind: k }) / options.measureS).toFixed(0)}`,
        );
        out(`       polls/s per kind: ${perKind.join(', ')}`);
      }
    }
    const cost = figures.all.cpuMs / figures.old.cpuMs;
    const aboveIdle = figures.all.aboveIdleMs / figures.old.aboveIdleMs;
    const requests = figures.all.requests / figures.old.requests;
    fleetRatios.push({ cost, requests });
    fleetAboveIdle.push({ cost: aboveIdle, requests });
    out(
      `round ${round} (one poller process): cost x${cost.toFixed(2)} (above idle x${aboveIdle.toFixed(2)}), requests x${requests.toFixed(2)}, cost/requests ${(cost / requests).toFixed(2)} (${(aboveIdle / requests).toFixed(2)}): ${verdict(cost, requests)} (above idle: ${verdict(aboveIdle, requests)})`,
    );
  }
  out(
    `\nverdict (the cost grows in proportion to the requests added, not more): ${modelVerdict()}; one poller process: cost <= requests in ${holds(fleetRatios, (g) => g.requests)} of ${fleetRatios.length} rounds, above its idle floor in ${holds(fleetAboveIdle, (g) => g.requests)} of ${fleetAboveIdle.length}`,
  );
  return [model, fleetRatios, fleetAboveIdle].every((rs) => holds(rs, (g) => g.requests) === rs.length);
}
