import {
  CLUSTER_DRILLS,
  DRILLS,
  DrillPlatform,
  formatTable,
  runDrill,
  type Drill,
  type DrillResult,
} from '../src/drill';

/**
 * The fault drills of `npm run drill` in the test suite: one platform for the file (a private PostgreSQL and
 * nats-server, never the shared ones; two replicas of each service; a simulated fleet; API load and dashboard
 * sockets), then each drill in turn, asserting what the platform promises after the fault: polling resumes within
 * its bound (one interval, or the scheduler lease, plus a margin), no sample is lost while the write buffers have
 * room, no row is stored twice, every stored poll has its event, every alert is delivered exactly once, sockets
 * reconnect and resync, and the API answers. DRILL_LOG=1 prints the drills' progress; DRILL_LOG_DIR keeps the
 * services' logs.
 */
const log = (line: string): void => {
  if (process.env.DRILL_LOG) process.stderr.write(`${new Date().toISOString().slice(11, 23)} ${line}\n`);
};

/** What every drill asserts once it ran. */
function expectRecovered(drill: Drill, r: DrillResult): void {
  // Every check with what it saw: a failure names the check and its evidence.
  expect(r.checks.filter((c) => !c.ok)).toEqual([]);
  expect(r.recoveryMs).not.toBeNull();
  expect(r.recoveryMs!).toBeLessThanOrEqual(r.recoveryBoundMs);
  expect({ lost: r.lost, eventsLost: r.eventsLost, duplicateRows: r.duplicates }).toEqual({
    lost: 0,
    eventsLost: 0,
    duplicateRows: 0,
  });
  if (drill.alertVictim) expect(r.alerts).toMatchObject({ expected: 2, delivered: 2, duplicates: 0 });
  expect(r.sockets.resynced).toBe(r.sockets.dropped);
  expect(r.sockets.live).toBe(r.sockets.total);
  expect(r.api.after.total).toBeGreaterThan(0);
  expect(r.api.after.ok).toBe(r.api.after.total);
}

describe('fault drills (the platform as processes, two replicas of each service)', () => {
  let platform: DrillPlatform | undefined;
  const results: DrillResult[] = [];
  beforeAll(async () => {
    platform = await DrillPlatform.start({ log, logDir: process.env.DRILL_LOG_DIR || undefined });
  }, 240_000);

  afterAll(async () => {
    await platform?.close();
    if (results.length) process.stderr.write(`\n${formatTable(results)}\n`);
  }, 60_000);

  for (const drill of DRILLS) {
    it(`${drill.title}: recovers within its bound, loses and doubles nothing`, async () => {
      if (!platform) throw new Error('the platform did not start');
      const r = await runDrill(platform, drill, { log, victimIndex: DRILLS.indexOf(drill) });
      results.push(r);
      expectRecovered(drill, r);
    }, 150_000);
  }
});

/**
 * The NATS cluster drill: the same platform on a private three-node NATS cluster (every stream and KV bucket in
 * three copies, NATS_STREAM_REPLICAS=3); the node that leads the poll-job and poll-result streams is killed under
 * load, and polling, result reading and alerting must carry on after the new leaders are elected.
 */
describe('NATS cluster drill (three nats-server nodes, every stream and bucket at three replicas)', () => {
  let platform: DrillPlatform | undefined;
  const results: DrillResult[] = [];

  beforeAll(async () => {
    const logDir = process.env.DRILL_LOG_DIR ? `${process.env.DRILL_LOG_DIR}/nats-cluster` : undefined;
    platform = await DrillPlatform.start({ log, logDir, natsCluster: true });
  }, 300_000);

  afterAll(async () => {
    await platform?.close();
    if (results.length) process.stderr.write(`\n${formatTable(results)}\n`);
  }, 60_000);

  for (const drill of CLUSTER_DRILLS) {
    it(`${drill.title}: recovers within its bound, loses and doubles nothing`, async () => {
      if (!platform) throw new Error('the platform did not start');
      const r = await runDrill(platform, drill, { log, victimIndex: 0 });
      results.push(r);
      expectRecovered(drill, r);
    }, 240_000);
  }
});
