/**
 * bench:poller --cost, part 1: the cost of one poll of each kind, in this process, with the poller's own code
 * (its PollExecutor, write unit and poll result from apps/poller/dist) against simulated servers in another process,
 * and the bare baseline of the same requests in the same round: node:http GET + JSON.parse for FRM's endpoints, an
 * undici keep-alive HTTPS POST + JSON.parse for the game API's HealthCheck and QueryServerState.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { PollJob, PollKind } from '@app/contracts';
import { copyText } from '@app/database';
import { GameTransport } from '@app/game-client';
import { PRO_INTERVAL_SECONDS, SAMPLE_KINDS } from '@app/samples';
import { SecretBox } from '@app/secrets';
import type { SimulatedServer } from '@app/testing';
import { Agent, request } from 'undici';

/** The add-on check's interval on every plan (billing-limits' ADDON_RECHECK_SECONDS). */
export const ADDON_CHECK_SECONDS = 300;

/** The kinds polled before issue 20 (the "old kind set" the cost is compared with). */
export const OLD_KINDS: readonly PollKind[] = [
  'health',
  'power',
  'players',
  'production',
  'trains',
  'drones',
  'factory',
  'addon',
];

/** Every kind's interval on the Pro plan, from the registry's interval classes (and the add-on check's). */
export function proIntervals(): Record<PollKind, number> {
  const intervals = { addon: ADDON_CHECK_SECONDS } as Record<PollKind, number>;
  for (const k of SAMPLE_KINDS) intervals[k.kind] = PRO_INTERVAL_SECONDS[k.interval];
  return intervals;
}

/** Every poll kind in the order the scheduler runs them in one job. */
export const ALL_KINDS: readonly PollKind[] = [
  'health',
  'session',
  'addon',
  ...SAMPLE_KINDS.filter((k) => k.addon && k.kind !== 'session').map((k) => k.kind),
];

/** FRM's endpoints each kind reads (the bare baseline requests the same ones). */
export const FRM_ENDPOINTS: Partial<Record<PollKind, readonly string[]>> = {
  power: ['getPower'],
  players: ['getPlayer'],
  production: ['getProdStats'],
  trains: ['getTrains'],
  drones: ['getDrone'],
  factory: ['getFactory'],
  generators: ['getGenerators'],
  extractors: ['getExtractor'],
  drone_stations: ['getDroneStation'],
  inventory: ['getWorldInv', 'getCloudInv'],
  storage: ['getStorageInv'],
  resource_sink: ['getResourceSink'],
  session: ['getSessionInfo'],
  addon: ['getPower'],
};

// The poller's own code, from its build.
const dist = (file: string): unknown =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(join(__dirname, '..', '..', 'dist', file));
interface Outcome {
  error: { code: string; message: string } | null;
  data: unknown;
}
interface Unit {
  rows: Record<string, unknown[][]>;
  latest?: { data: unknown };
  health?: unknown;
}
const { PollExecutor } = dist('worker/poll-executor.js') as {
  PollExecutor: new (
    transport: GameTransport,
    secrets: SecretBox,
    timeoutMs: number,
  ) => {
    run(server: unknown, job: PollJob): Promise<Outcome>;
  };
};
const { unitOf, healthWrites } = dist('storage/write-unit.js') as {
  unitOf(serverId: string, outcome: Outcome): Unit;
  healthWrites(h: unknown, status: string): { row: unknown[]; latest: { data: unknown } | null };
};
const { resultOf } = dist('worker/poll-outcome.js') as {
  resultOf(outcome: Outcome, orgId: string, data: unknown): unknown;
};

/** The poller's transport, counting requests and the bytes of the answers. */
class CountingTransport extends GameTransport {
  requests = 0;
  bytes = 0;
  override async send(...args: Parameters<GameTransport['send']>) {
    const res = await super.send(...args);
    this.requests++;
    this.bytes += res.text.length;
    return res;
  }
  override async get(...args: Parameters<GameTransport['get']>) {
    const res = await super.get(...args);
    this.requests++;
    this.bytes += res.text.length;
    return res;
  }
}

/** One kind's figures in one round. */
export interface KindCost {
  kind: PollKind;
  intervalSeconds: number;
  polls: number;
  failed: number;
  requestsPerPoll: number;
  kbPerPoll: number;
  /** CPU µs of this process per poll: the poller's code, and the bare requests. */
  pollerUs: number;
  bareUs: number;
}

function bareGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        JSON.parse(text);
        resolve(text.length);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Measures every kind, `rounds` times, each for `seconds` with one poll in flight per server, the bare loop and the
 * poller's in turn. Calls `report` after each round.
 */
export async function measureKindCosts(
  servers: readonly SimulatedServer[],
  options: { rounds: number; seconds: number },
  report: (round: number, costs: KindCost[]) => void,
): Promise<void> {
  const box = new SecretBox(SecretBox.generateKey());
  const orgId = randomUUID();
  const records = servers.map((s) => {
    const id = randomUUID();
    return {
      id,
      orgId,
      name: `bench ${s.port}`,
      host: s.host,
      address: s.host,
      port: s.port,
      addonHttpPort: s.addon_http_port,
      addonWsPort: s.addon_ws_port,
      adminPasswordEnc: box.seal(s.admin_password, id),
      certFingerprint: null,
      addonStatus: 'available',
      status: 'online',
    };
  });
  const transport = new CountingTransport({ connectionsPerOrigin: 1 });
  const executor = new PollExecutor(transport, box, 5000);
  const agent = new Agent({ connect: { rejectUnauthorized: false }, connections: 1 });
  const tokens = await Promise.all(servers.map((s) => login(agent, s)));
  const intervals = proIntervals();

  const job = (serverId: string, kind: PollKind): PollJob => {
    const now = Date.now();
    return {
      jobId: randomUUID(),
      serverId,
      orgId,
      kind,
      scheduledAt: new Date(now).toISOString(),
      intervalSeconds: intervals[kind],
      expiresAt: new Date(now + intervals[kind] * 1000).toISOString(),
    };
  };
  /** What the poller's process does with one poll: run it, build its write unit (rows), COPY text, poll result. */
  const pollerPoll = async (i: number, kind: PollKind): Promise<boolean> => {
    const server = records[i]!;
    const outcome = await executor.run(server, job(server.id, kind));
    const unit = unitOf(server.id, outcome);
    for (const rows of Object.values(unit.rows)) copyText(rows);
    let data = outcome.data;
    if (unit.health) {
      const writes = healthWrites(unit.health, 'online');
      copyText([writes.row]);
      data = writes.latest?.data ?? null;
      JSON.stringify(data);
    } else if (unit.latest) JSON.stringify(unit.latest.data);
    JSON.stringify(resultOf(outcome, orgId, data));
    return outcome.error === null;
  };
  const barePoll = async (i: number, kind: PollKind): Promise<boolean> => {
    const s = servers[i]!;
    if (kind === 'health') {
      await gameApi(agent, s, 'HealthCheck', { clientCustomData: '' }, null);
      await gameApi(agent, s, 'QueryServerState', {}, tokens[i]!);
      return true;
    }
    for (const endpoint of FRM_ENDPOINTS[kind]!) await bareGet(`http://${s.host}:${s.addon_http_port}/${endpoint}`);
    return true;
  };
  const loop = async (kind: PollKind, poll: (i: number, kind: PollKind) => Promise<boolean>, seconds: number) => {
    const deadline = performance.now() + seconds * 1000;
    let polls = 0;
    let failed = 0;
    const cpu = process.cpuUsage();
    await Promise.all(
      servers.map(async (_, i) => {
        while (performance.now() < deadline) {
          if (!(await poll(i, kind))) failed++;
          polls++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    return { polls, failed, us: (used.user + used.system) / Math.max(1, polls) };
  };

  // Warm-up: the session first (add-on rows are tagged with it), then every kind both ways.
  for (const kind of ALL_KINDS) {
    await loop(kind, pollerPoll, 0.3);
    await loop(kind, barePoll, 0.3);
  }
  for (let round = 1; round <= options.rounds; round++) {
    const costs: KindCost[] = [];
    for (const kind of ALL_KINDS) {
      const bare = await loop(kind, barePoll, options.seconds);
      const requests = transport.requests;
      const bytes = transport.bytes;
      const poller = await loop(kind, pollerPoll, options.seconds);
      costs.push({
        kind,
        intervalSeconds: intervals[kind],
        polls: poller.polls,
        failed: poller.failed,
        requestsPerPoll: (transport.requests - requests) / Math.max(1, poller.polls),
        kbPerPoll: (transport.bytes - bytes) / 1000 / Math.max(1, poller.polls),
        pollerUs: poller.us,
        bareUs: bare.us,
      });
    }
    report(round, costs);
  }
  await agent.destroy();
  await transport.close();
}

/** One game API call over `agent`, its answer read and parsed (the bare baselines' request). */
export async function gameApi(
  agent: Agent,
  s: SimulatedServer,
  fn: string,
  data: unknown,
  token: string | null,
): Promise<unknown> {
  const res = await request(`https://${s.host}:${s.port}/api/v1`, {
    method: 'POST',
    dispatcher: agent,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ function: fn, data }),
  });
  return JSON.parse(await res.body.text());
}

/** An administrator token of a simulated server. */
export async function login(agent: Agent, s: SimulatedServer): Promise<string> {
  const body = (await gameApi(
    agent,
    s,
    'PasswordLogin',
    { minimumPrivilegeLevel: 'Administrator', password: s.admin_password },
    null,
  )) as { data: { authenticationToken: string } };
  return body.data.authenticationToken;
}

/** Requests and CPU per server-minute of a kind set, from one round's per-kind figures at the Pro intervals. */
export function perServerMinute(
  costs: readonly KindCost[],
  kinds: readonly PollKind[],
): { polls: number; requests: number; cpuMs: number; bareMs: number } {
  let polls = 0;
  let requests = 0;
  let cpuMs = 0;
  let bareMs = 0;
  for (const c of costs) {
    if (!kinds.includes(c.kind)) continue;
    const perMinute = 60 / c.intervalSeconds;
    polls += perMinute;
    requests += perMinute * c.requestsPerPoll;
    cpuMs += (perMinute * c.pollerUs) / 1000;
    bareMs += (perMinute * c.bareUs) / 1000;
  }
  return { polls, requests, cpuMs, bareMs };
}
