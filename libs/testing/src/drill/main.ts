/*
 * `npm run drill`: the platform as separate processes (a private PostgreSQL and nats-server, two replicas of each
 * service, a simulated fleet, API load and dashboard sockets), then every fault drill in turn, then a table of drill,
 * recovery time and losses. Exits 1 when a drill failed. The drills that need a three-node NATS cluster
 * (kill-nats-stream-leader) run afterwards on a second platform whose NATS is a private cluster (NATS_STREAM_REPLICAS=3).
 *
 *   npm run drill -- [--only kill-poller-worker,restart-nats] [--list] [--logs DIR] [--servers N] [--interval S]
 *                    [--settle MS] [--json FILE]
 * Environment: DRILL_ONLY, DRILL_LOG_DIR (the same as --only and --logs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DrillPlatform } from './drill-platform';
import { DRILLS, runDrill, type Drill, type DrillResult } from './drills';
import { CLUSTER_DRILLS } from './nats-drill';
import { formatTable } from './table';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const stamp = (line: string): void => out(`${new Date().toISOString().slice(11, 23)} ${line}`);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      list: { type: 'boolean', default: false },
      logs: { type: 'string' },
      servers: { type: 'string' },
      interval: { type: 'string' },
      settle: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help || values.list) {
    out('Usage: npm run drill -- [--only id,id] [--logs DIR] [--servers N] [--interval S] [--settle MS] [--json FILE]');
    out('Drills:');
    for (const d of ALL) out(`  ${d.id.padEnd(24)} ${d.title}`);
    return 0;
  }
  const only = (values.only ?? process.env.DRILL_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((id) => !ALL.some((d) => d.id === id));
  if (unknown.length) {
    out(`unknown drill(s): ${unknown.join(', ')}; one of ${ALL.map((d) => d.id).join(', ')}`);
    return 2;
  }
  const drills = only.length ? ALL.filter((d) => only.includes(d.id)) : ALL;
  // One platform per kind of NATS: the single nats-server first, then the three-node cluster.
  const groups = [drills.filter((d) => !d.natsCluster), drills.filter((d) => d.natsCluster)].filter((g) => g.length);
  const logDir = values.logs ?? process.env.DRILL_LOG_DIR;
  if (logDir) mkdirSync(resolve(logDir), { recursive: true });

  let platform: DrillPlatform | undefined;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    stamp(`${signal}: stopping everything the drill started…`);
    void (platform?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  const results: DrillResult[] = [];
  const started = Date.now();
  for (const group of groups) {
    if (stopping) break;
    const natsCluster = group[0]!.natsCluster === true;
    try {
      stamp(`starting the platform under drill${natsCluster ? ' (on a three-node NATS cluster)' : ''}…`);
      platform = DrillPlatform.create({
        log: stamp,
        logDir: logDir ? resolve(logDir, natsCluster ? 'nats-cluster' : '.') : undefined,
        natsCluster,
        ...(values.servers ? { servers: Number(values.servers) } : {}),
        ...(values.interval ? { healthIntervalSeconds: Number(values.interval) } : {}),
      });
      await platform.boot();
      await runGroup(platform, group, results, () => stopping, values.settle ? Number(values.settle) : 3000);
    } finally {
      if (!stopping) {
        stamp('stopping the platform…');
        await platform?.close();
      }
    }
  }
  out('');
  out(`Fault drills (${results.length} drills, ${((Date.now() - started) / 60_000).toFixed(1)} min):`);
  out('');
  out(formatTable(results));
  if (values.json) writeFileSync(resolve(values.json), `${JSON.stringify(results, null, 2)}\n`);
  return results.every((r) => r.passed) && results.length === drills.length ? 0 : 1;
}

const ALL: Drill[] = [...DRILLS, ...CLUSTER_DRILLS];

async function runGroup(
  platform: DrillPlatform,
  drills: Drill[],
  results: DrillResult[],
  stopping: () => boolean,
  settleMs: number,
): Promise<void> {
  for (const drill of drills) {
    if (stopping()) break;
    try {
      results.push(await runDrill(platform, drill, { log: stamp, settleMs, victimIndex: ALL.indexOf(drill) }));
    } catch (error) {
      stamp(`[${drill.id}] aborted: ${(error as Error).stack ?? String(error)}`);
      results.push(aborted(drill.id, drill.title, error as Error));
    }
  }
}

function aborted(id: string, title: string, error: Error): DrillResult {
  const none = { total: 0, ok: 0, non2xx: 0, failed: 0, internal: 0, examples: [] };
  return {
    id,
    title,
    faultAt: Date.now(),
    durationMs: 0,
    recoveryMs: null,
    recoveryFrom: 'fault',
    recoveryBoundMs: 0,
    recoverySteps: {},
    lost: 0,
    unpolled: 0,
    lostDetail: [],
    eventsLost: 0,
    eventsLostDetail: [],
    duplicates: 0,
    duplicateDetail: [],
    alerts: null,
    sockets: { dropped: 0, resynced: 0, live: 0, total: 0 },
    api: { during: none, after: none },
    poller: { droppedLate: 0, droppedLateHealth: 0, bufferDropped: 0, flushFailures: 0 },
    checks: [{ name: 'the drill ran', ok: false, detail: error.message }],
    passed: false,
    notes: [],
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    out(`drill failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
