import type { DrillPlatform } from './drill-platform';
import { LEASE_MS, MARGIN_MS, type Drill } from './drills';
import { sleep } from './infra';
import { NatsCluster } from './nats-cluster';

/** The streams whose leader the cluster drill kills (the platform's namespace is `gsm`). */
const JOBS = 'GSM_POLL_JOBS';
const RESULTS = 'GSM_POLL_RESULTS';
/** The durable consumers that read them (the poller's workers, the alerting evaluator). */
const CONSUMERS: [stream: string, durable: string][] = [
  [JOBS, 'poller'],
  [RESULTS, 'alerting-evaluator'],
  ['GSM_DELIVERIES', 'alerting-delivery'],
];

/**
 * The longest nats-server 2.9 takes to elect new leaders for the groups the dead node led: its Raft election timeout
 * is random between 2 and 5 s once the followers stop hearing from the leader; plus a second for the first
 * heartbeats and the stream catch-up.
 */
export const NATS_ELECTION_MS = 6000;

/** When prepare() first asked a leader to step down (its elections pause polling like the kill's), if it did. */
let firstStepDownAt: number | undefined;

function clusterOf(platform: DrillPlatform): NatsCluster {
  if (!(platform.nats instanceof NatsCluster))
    throw new Error('this drill needs the platform on a three-node NATS cluster (DrillPlatform natsCluster: true)');
  return platform.nats;
}

/** Who leads each raft group the drill is about: both streams, their consumers, and every other stream. */
async function leaders(cluster: NatsCluster): Promise<Map<string, string>> {
  const jsm = await cluster.manager();
  const out = new Map<string, string>();
  for await (const s of jsm.streams.list()) out.set(s.config.name, s.cluster?.leader ?? '-');
  for (const [stream, durable] of CONSUMERS) {
    const info = await jsm.consumers.info(stream, durable).catch(() => undefined);
    out.set(`${stream}/${durable}`, info?.cluster?.leader ?? '-');
  }
  return out;
}

/** The drills that need the platform on a three-node NATS cluster. */
export const CLUSTER_DRILLS: Drill[] = [
  {
    id: 'kill-nats-stream-leader',
    title: 'kill -9 the NATS node leading the poll-job and poll-result streams (3-node cluster, R3)',
    natsCluster: true,
    alertVictim: { leadMs: 2000 },
    recovery: ['samples', 'results', 'poller-leader', 'alerting-leader', 'api'],
    // New leaders, then the scheduler lease (its KV bucket may have lost its leader too), then one interval.
    boundMs: (p) => NATS_ELECTION_MS + LEASE_MS + p.intervalMs + MARGIN_MS,
    // Jobs are queued fire and forget: one sent to the dead leader, or while the stream had none, is a skipped slot
    // (the same rule as a NATS restart), and the scheduler's lease may lapse while its bucket elects a leader. The
    // step-downs of prepare() are such elections too, just before the kill: the pause starts an interval before the
    // first of them (CI of stop 35: five slots missing at -5.1..-6.3 s, during the step-downs, 3 s interval).
    expectedPause: (p, _f, at) => [
      Math.min(at, firstStepDownAt ?? at) - p.intervalMs,
      at + NATS_ELECTION_MS + LEASE_MS + p.intervalMs,
    ],
    async prepare(p, { log, check }) {
      const cluster = clusterOf(p);
      const streams = await cluster.streams();
      const short = streams.filter((s) => s.numReplicas !== 3 || s.peers !== 3);
      log(`streams: ${streams.map((s) => `${s.name} R${s.numReplicas} (${s.peers} peers)`).join(', ')}`);
      check(
        'every stream and KV bucket has three copies (NATS_STREAM_REPLICAS=3)',
        short.length === 0 && streams.length > 0,
        `${streams.length} streams: ${streams.map((s) => `${s.name} R${s.numReplicas} (${s.peers} peers)`).join(', ')}`,
      );
      // Both streams and their consumers (the pull requests wait on a consumer's leader) led by one node, so that one
      // kill takes every leader the polling depends on (a graceful step-down moves a leader elsewhere).
      firstStepDownAt = undefined;
      for (let attempt = 1; attempt <= 20; attempt++) {
        const now = await leaders(cluster);
        const target = now.get(JOBS);
        const astray = [RESULTS, ...CONSUMERS.slice(0, 2).map(([st, d]) => `${st}/${d}`)].filter(
          (g) => now.get(g) !== target,
        );
        if (target && target !== '-' && astray.length === 0) {
          log(`${JOBS}, ${RESULTS} and their consumers are all led by ${target}`);
          return;
        }
        log(`not led by ${target ?? 'nobody'} yet: ${astray.map((g) => `${g} (${now.get(g)})`).join(', ')}: step-down`);
        firstStepDownAt ??= Date.now();
        for (const group of astray) {
          const [stream, durable] = group.split('/') as [string, string | undefined];
          const done = durable ? cluster.stepDownConsumer(stream, durable) : cluster.stepDown(stream);
          await done.catch((error: Error) => log(`step-down of ${group} failed: ${error.message}`));
        }
        await sleep(2000);
      }
      log(`could not line the leaders up: the drill kills the leader of ${JOBS}`);
    },
    async inject(p, { log }) {
      const cluster = clusterOf(p);
      const before = await leaders(cluster);
      const name = before.get(JOBS);
      const node = name ? cluster.node(name) : undefined;
      if (!node) throw new Error(`no leader of ${JOBS} to kill (${name ?? 'none'})`);
      const led = [...before.entries()].filter(([, l]) => l === node.name).map(([group]) => group);
      log(`kill -9 ${node.name} (pid ${node.pid}, port ${node.port}), leader of ${led.join(', ')}`);
      await node.stop('SIGKILL');
      const notes = [`killed ${node.name}, leader of ${led.join(', ')}`];
      return {
        notes,
        restore: async () => {
          await cluster.start();
          const after = await leaders(cluster).catch(() => new Map<string, string>());
          return `${node.name} started again (pid ${node.pid}); leaders now: ${[...after.entries()]
            .filter(([g]) => g.startsWith(JOBS) || g.startsWith(RESULTS))
            .map(([g, l]) => `${g} ${l}`)
            .join(', ')}`;
        },
      };
    },
  },
];
