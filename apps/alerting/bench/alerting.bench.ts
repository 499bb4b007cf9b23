/*
 * npm run bench:alerting [-- --servers 5000 --orgs 50 --steps 2000,5000,10000,20000 --seconds 15 --fault-every 2000]
 * The same settings from the environment: SERVERS, ORGS, STEPS, STEP_SECONDS, FAULT_EVERY, WARMUP_SECONDS,
 * BASELINE_MAX (flags win).
 *
 * Starts billing-limits and ONE alerting process (LOG_LEVEL=info, ALERTING_DELIVERY_CONCURRENCY=64) on a database of
 * its own, seeded with `--servers` servers in `--orgs` organisations on the Pro plan. Every server has the seven rule
 * kinds that health and power results feed (server_offline, degraded, tick_rate_below, player_count_above,
 * fuse_tripped, battery_below, power_over_capacity), all firing on their first observation (no pending period); every
 * organisation has one webhook channel pointing at a receiver in this process, which answers 200 at once and records
 * when each notification arrived.
 *
 * This process then publishes poll results into the POLL_RESULTS stream (JetStream, acknowledged, with message ids as
 * the poller sends them), health and power for every server in round robin, at each step's rate for `--seconds`.
 * Nearly all are healthy (no transition: the common case); one in `--fault-every` carries a condition that fires
 * (tick rate 5/s, or a tripped fuse), and the next result of the same server and kind is healthy again, so the
 * incident resolves. A result's `time` is its publish time, and the webhook body's `at` is the time of the result
 * that caused it: latency = arrival at the receiver - `at`.
 *
 * Per step: offered and consumed results/s, evaluations/s and batch durations (the service's /metrics), the backlog
 * of its durable consumer (at the step end and the most seen), the alerting process's CPU (/proc/<pid>/stat) per
 * 1,000 evaluations, notifications expected / received / doubled, p50/p99/max poll result -> webhook latency, split
 * at the transaction that stored the delivery. After each step the backlog drains (its rate is the service's
 * capacity with nothing published), then the baseline reads the same step's messages again in this process through
 * a bare durable pull consumer, flat out, acking in groups of the service's batch size, three ways: JSON parse + ack
 * (what the transport costs here), + the contract's schema check, + the service's own Evaluator (its build, in
 * memory, no database): what evaluating costs without the batching, persistence and publishing around it.
 * Needs PostgreSQL and NATS (DATABASE_URL / NATS_URL, or the local defaults); creates and drops its own database.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sealChannelConfig } from '@app/alerts';
import { Streams, Subjects, type PollResult } from '@app/contracts';
import { MessageHeaders, Messaging, parseMessage, type RawMessage, type StreamMessage } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  ensureTemplateDatabase,
  metricValue,
  resolveTestServices,
  ServiceProcess,
  serviceEnv,
  testNamespace,
} from '@app/testing';
import { Client } from 'pg';
import type { Evaluator } from '../src/engine/evaluator';
import type { RuleDef, ServerInfo } from '../src/engine/model';

const env = process.env;
const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: env.SERVERS ?? '5000' },
    orgs: { type: 'string', default: env.ORGS ?? '50' },
    /** Offered poll results per second, one step each. */
    steps: { type: 'string', default: env.STEPS ?? '2000,5000,10000,20000' },
    seconds: { type: 'string', default: env.STEP_SECONDS ?? '15' },
    /** One result in this many fires a condition (0: none). */
    'fault-every': { type: 'string', default: env.FAULT_EVERY ?? '2000' },
    /** Unmeasured seconds at the first step's rate before the steps (JIT, connections, first deliveries). */
    warmup: { type: 'string', default: env.WARMUP_SECONDS ?? '3' },
    /** Messages each baseline pass reads (of the step's). */
    'baseline-max': { type: 'string', default: env.BASELINE_MAX ?? '60000' },
    /** Write a V8 CPU profile of the alerting process into this folder (flushed when it stops). */
    profile: { type: 'string' },
  },
});
const SERVERS = Number(values.servers);
const ORGS = Math.min(Number(values.orgs), SERVERS);
const STEPS = values.steps.split(',').map(Number);
const STEP_S = Number(values.seconds);
const FAULT_EVERY = Number(values['fault-every']);
const WARMUP_S = Number(values.warmup);
const BASELINE_MAX = Number(values['baseline-max']);
const DURABLE = 'alerting-evaluator';
/** The service's batch size (evaluation.service.ts): the baseline acknowledges in groups of it too. */
const ACK_GROUP = 500;
/** Publishes not yet acknowledged by JetStream at most; beyond it the offered rate falls short (and says so). */
const MAX_IN_FLIGHT = 50_000;
/** How long a step's backlog may take to drain before the bench carries on regardless. */
const DRAIN_MAX_MS = 90_000;
const GOAL_EVALUATIONS = 10_000;
const GOAL_P99_MS = 1000;
const SECRETS_KEY = SecretBox.generateKey();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const out = (line: string) => process.stdout.write(`${line}\n`);
const decoder = new TextDecoder();

// ---------------------------------------------------------------------------------------------------------- seeding

const RULES: readonly (readonly [name: string, kind: string, severity: string, params: string])[] = [
  ['Server offline', 'server_offline', 'critical', '{}'],
  ['Server degraded', 'degraded', 'warning', '{"tick_rate_below": 15}'],
  ['Tick rate low', 'tick_rate_below', 'info', '{"below": 20}'],
  ['Many players', 'player_count_above', 'info', '{"above": 100}'],
  ['Fuse tripped', 'fuse_tripped', 'critical', '{}'],
  ['Battery low', 'battery_below', 'warning', '{"percent": 20}'],
  ['Power over capacity', 'power_over_capacity', 'warning', '{}'],
];

interface Fleet {
  orgIds: string[];
  serverIds: string[];
  /** Organisation of each server (contiguous blocks: the few faults of one round robin hit different organisations). */
  serverOrg: string[];
  rules: Map<string, RuleDef[]>;
  servers: Map<string, ServerInfo>;
}

/** Organisations (Pro), servers (online), seven rules per server and one webhook channel per organisation. */
async function seed(url: string, receiverPort: number): Promise<Fleet> {
  const orgIds = Array.from({ length: ORGS }, () => randomUUID());
  const userIds = orgIds.map(() => randomUUID());
  const serverIds = Array.from({ length: SERVERS }, () => randomUUID());
  const serverOrg = serverIds.map((_, i) => orgIds[Math.floor((i * ORGS) / SERVERS)]!);
  const channelIds = orgIds.map(() => randomUUID());
  const box = new SecretBox(SECRETS_KEY);
  const sealed = channelIds.map((id, i) =>
    // node-postgres sends a Buffer as bytea (a bare Uint8Array it would not).
    Buffer.from(
      sealChannelConfig(box, id, {
        kind: 'webhook',
        url: `http://127.0.0.1:${receiverPort}/hooks/${i}`,
        secret: 'bench-webhook-secret',
      }),
    ),
  );
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (id, email, name, password_hash)
       SELECT u, u::text || '@bench.example.com', 'Bench', 'x' FROM unnest($1::uuid[]) AS u`,
      [userIds],
    );
    await client.query(
      `INSERT INTO organisations (id, name, personal, owner_user_id)
       SELECT o, 'Bench ' || n, true, u FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS t(o, u, n)`,
      [orgIds, userIds],
    );
    await client.query(
      `INSERT INTO memberships (org_id, user_id, role) SELECT o, u, 'admin' FROM unnest($1::uuid[], $2::uuid[]) AS t(o, u)`,
      [orgIds, userIds],
    );
    await client.query(`INSERT INTO subscriptions (org_id, plan_id) SELECT o, 'pro' FROM unnest($1::uuid[]) AS o`, [
      orgIds,
    ]);
    await client.query(
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       SELECT s, o, 'Bench server ' || n, '127.0.0.1', '127.0.0.1', 10000 + n, decode('00', 'hex')
         FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS t(s, o, n)`,
      [serverIds, serverOrg],
    );
    await client.query(
      `INSERT INTO server_states (server_id, status, last_seen_at) SELECT s, 'online', now() FROM unnest($1::uuid[]) AS s`,
      [serverIds],
    );
    await client.query(
      `INSERT INTO notification_channels (id, org_id, kind, name, config_enc, config_hint)
       SELECT c, o, 'webhook', 'Bench receiver', e, '127.0.0.1/hooks/••••'
         FROM unnest($1::uuid[], $2::uuid[], $3::bytea[]) AS t(c, o, e)`,
      [channelIds, orgIds, sealed],
    );
    const values = RULES.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}::jsonb)`);
    const inserted = await client.query<{
      id: string;
      org_id: string;
      server_id: string;
      kind: string;
      name: string;
      severity: RuleDef['severity'];
      params: Record<string, number>;
    }>(
      `INSERT INTO alert_rules (org_id, server_id, name, kind, severity, params, pending_seconds, pending_polls,
                                repeat_seconds, notify_on_recovery, all_channels, enabled, preset)
       SELECT s.org_id, s.id, r.name, r.kind, r.severity, r.params, 0, 1, 0, true, true, true, false
         FROM servers s CROSS JOIN (VALUES ${values.join(', ')}) AS r(name, kind, severity, params)
       RETURNING id, org_id, server_id, kind, name, severity, params`,
      RULES.flat(),
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    // The same configuration as the service's cache holds, for the in-process Evaluator of the baseline.
    const rules = new Map<string, RuleDef[]>();
    for (const r of inserted.rows) {
      const list = rules.get(r.server_id) ?? [];
      list.push({
        id: r.id,
        orgId: r.org_id,
        serverId: r.server_id,
        kind: r.kind,
        name: r.name,
        severity: r.severity,
        params: r.params,
        pendingSeconds: 0,
        pendingPolls: 1,
        repeatSeconds: 0,
        notifyOnRecovery: true,
        allChannels: true,
        channelIds: [],
      });
      rules.set(r.server_id, list);
    }
    const servers = new Map<string, ServerInfo>();
    serverIds.forEach((id, i) =>
      servers.set(id, {
        id,
        orgId: serverOrg[i]!,
        name: `Bench server ${i + 1}`,
        status: 'online',
        statusReason: null,
        addonStatus: 'available',
        addonSeen: true,
      }),
    );
    return { orgIds, serverIds, serverOrg, rules, servers };
  } finally {
    await client.end();
  }
}

// ----------------------------------------------------------------------------------------------------- the receiver

interface Notification {
  arrived: number;
  /** The body's `at` (ms): the time of the poll result that caused it. */
  at: number;
  /** `<incident_id>|<event>`: one notification, whichever delivery carried it. */
  key: string;
  /** The idempotency key: the same on every attempt of one delivery. */
  delivery: string;
}

/** The webhook receiver: answers 200 at once and records arrivals. */
class Receiver {
  readonly notifications: Notification[] = [];
  unreadable = 0;
  private constructor(
    readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<Receiver> {
    const holder: { receiver?: Receiver } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const arrived = Date.now();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            at: string;
            incident_id: string;
            event: string;
          };
          holder.receiver!.notifications.push({
            arrived,
            at: Date.parse(body.at),
            key: `${body.incident_id}|${body.event}`,
            delivery: String(req.headers['idempotency-key'] ?? ''),
          });
        } catch {
          holder.receiver!.unreadable++;
        }
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    holder.receiver = new Receiver(server, (server.address() as { port: number }).port);
    return holder.receiver;
  }

  /** Notifications caused by results published in [from, to]. */
  within(from: number, to: number): Notification[] {
    return this.notifications.filter((n) => n.at >= from && n.at <= to);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

// ----------------------------------------------------------------------------------------------------- the results

const GAME_PHASE =
  "/Script/FactoryGame.FGGamePhase'/Game/FactoryGame/GamePhases/GP_Project_Assembly_Phase_2.GP_Project_Assembly_Phase_2'";
const health = (status: string, tickRate: number) =>
  `"durationMs":14,"error":null,"kind":"health","data":{"status":"${status}","tickRate":${tickRate},"playerCount":3,` +
  `"playerLimit":8,"techTier":5,"gamePhase":"${GAME_PHASE}","gamePhaseNumber":2,` +
  `"gamePhaseName":"Project Assembly Phase 2","isRunning":true,"isPaused":false,"totalDuration":734512,` +
  `"sessionName":"Bench","latencyMs":4.2}}`;
const power = (fuse: boolean) =>
  `"durationMs":22,"error":null,"kind":"power","data":[{"circuitGroupId":1,"powerProduction":1250.5,` +
  `"powerConsumed":980.2,"powerCapacity":1500,"powerMaxConsumed":1100.7,"batteryPercent":82.5,"batteryCapacity":400,` +
  `"batteryDifferential":12.5,"batteryInput":12.5,"batteryOutput":0,"batteryTimeEmptySeconds":null,` +
  `"batteryTimeFullSeconds":1200,"fuseTriggered":${fuse}},{"circuitGroupId":2,"powerProduction":300,` +
  `"powerConsumed":120,"powerCapacity":300,"powerMaxConsumed":150,"batteryPercent":0,"batteryCapacity":0,` +
  `"batteryDifferential":0,"batteryInput":0,"batteryOutput":0,"batteryTimeEmptySeconds":null,` +
  `"batteryTimeFullSeconds":null,"fuseTriggered":false}]}`;
/** Body tails by kind (0 health, 1 power) and fault: [healthy, firing]. */
const TAILS = [
  [health('online', 29.8), health('degraded', 5)],
  [power(false), power(true)],
] as const;
/** Notifications one firing result causes (and its recovery again): degraded + tick_rate_below; fuse_tripped. */
const NOTIFIES = [2, 1] as const;
/** Step between the faulty pairs of consecutive rounds (odd: a pair that fired is healthy in the next round). */
const FAULT_STRIDE = 997;

/** JetStream publishes with acknowledgements through one reply subscription (like the platform's AckedPublisher). */
class Publisher {
  private readonly inbox: string;
  private seq = 0;
  inFlight = 0;
  acked = 0;
  duplicates = 0;
  failed = 0;
  lastError = '';

  constructor(private readonly messaging: Messaging) {
    this.inbox = messaging.createInbox();
    messaging.subscribeRaw(`${this.inbox}.*`, (msg) => this.answer(msg));
  }

  publish(subject: string, body: string, messageId: string): void {
    const headers = { [MessageHeaders.id]: messageId, [MessageHeaders.producer]: 'bench' };
    this.messaging.publishRaw(subject, body, { headers, reply: `${this.inbox}.${++this.seq}` });
    this.inFlight++;
  }

  private answer(msg: RawMessage): void {
    this.inFlight--;
    const text = msg.text();
    if (msg.status === 503 || text.includes('"error"')) {
      this.failed++;
      this.lastError = text || `status ${msg.status}`;
    } else {
      this.acked++;
      if (text.includes('"duplicate":true')) this.duplicates++;
    }
  }
}

/** Poll results for every server, health and power in round robin; the faulty ones noted with what they cause. */
class Feed {
  /** Results published so far (all steps): the round-robin position. */
  index = 0;
  /** Notifications expected, by the publish time (ms) of the result causing them. */
  readonly expected: { at: number; count: number }[] = [];
  private readonly open = new Map<number, number>();
  private readonly heads: string[];
  private readonly subjects: string[];

  constructor(
    private readonly fleet: Fleet,
    private readonly publisher: Publisher,
    prefix: string,
  ) {
    const base = `${prefix}.${Subjects.pollResult.subject}.`;
    this.heads = fleet.serverIds.map((id, i) => `{"serverId":"${id}","orgId":"${fleet.serverOrg[i]}","time":"`);
    this.subjects = fleet.serverIds.map((id) => base + id);
  }

  /** The body of result `index` (pair = server * 2 + kind; a round = every pair once). */
  body(index: number, time: number): { server: number; kind: 0 | 1; faulty: boolean; body: string } {
    const pairs = this.heads.length * 2;
    const pair = index % pairs;
    const round = Math.floor(index / pairs);
    const server = pair >> 1;
    const kind = (pair & 1) as 0 | 1;
    const faulty = FAULT_EVERY > 0 && (pair + round * FAULT_STRIDE) % FAULT_EVERY === 0;
    const body = `${this.heads[server]}${new Date(time).toISOString()}",${TAILS[kind][faulty ? 1 : 0]}`;
    return { server, kind, faulty, body };
  }

  next(): void {
    const time = Date.now();
    const pair = this.index % (this.heads.length * 2);
    const { server, kind, faulty, body } = this.body(this.index, time);
    if (faulty) {
      this.open.set(pair, NOTIFIES[kind]);
      this.expected.push({ at: time, count: NOTIFIES[kind] });
    } else if (this.open.has(pair)) {
      this.expected.push({ at: time, count: this.open.get(pair)! });
      this.open.delete(pair);
    }
    this.publisher.publish(this.subjects[server]!, body, `result:${this.fleet.serverIds[server]}:${kind}:${time}`);
    this.index++;
  }

  expectedWithin(from: number, to: number): number {
    return this.expected.filter((e) => e.at >= from && e.at <= to).reduce((n, e) => n + e.count, 0);
  }
}

/** Publishes at `rate` results/s for `seconds`, in 2 ms slices; returns what went out and when. */
async function offer(feed: Feed, publisher: Publisher, rate: number, seconds: number) {
  const started = performance.now();
  const from = Date.now();
  const end = started + seconds * 1000;
  let sent = 0;
  let capped = false;
  for (;;) {
    const now = performance.now();
    if (now >= end) break;
    let n = Math.floor(((now - started) / 1000) * rate) - sent;
    if (publisher.inFlight + n > MAX_IN_FLIGHT) {
      n = Math.max(0, MAX_IN_FLIGHT - publisher.inFlight);
      capped = true;
    }
    for (let k = 0; k < n; k++) feed.next();
    sent += n;
    await sleep(2);
  }
  return { sent, from, to: Date.now(), seconds: (performance.now() - started) / 1000, capped };
}

// ------------------------------------------------------------------------------------------------------- measuring

/** User + system CPU seconds used so far by each process that matches (/proc, clock ticks of 1/100 s). */
function cpuByPid(match: (pid: number, comm: string) => boolean, pids?: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids ?? readdirSync('/proc').map(Number).filter(Number.isInteger)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (!match(pid, stat.slice(stat.indexOf('(') + 1, close))) continue;
    const fields = stat.slice(close + 2).split(' ');
    used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return used;
}

/** CPU seconds between two snapshots: processes in both, plus all of those started in between. */
function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/** Microseconds in which some runnable task waited for a CPU (Linux PSI), or null. */
function cpuPressureMicros(): number | null {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN);
  } catch {
    return null;
  }
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!;
}

/**
 * The two legs of each notification's latency, split at the start of the transaction that stored its delivery
 * (`deliveries.created_at` is PostgreSQL's transaction start time): poll result publish -> persist (JetStream, the
 * batch queue, evaluation) and persist -> webhook arrival (commit, delivery job, worker claim, POST).
 */
async function latencyLegs(url: string, notes: Notification[]): Promise<{ toPersist: number[]; toHook: number[] }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; created: string }>(
      `SELECT id::text, (extract(epoch FROM created_at) * 1000)::text AS created FROM deliveries WHERE id = ANY($1::uuid[])`,
      [notes.map((n) => n.delivery).filter((d) => /^[0-9a-f-]{36}$/.test(d))],
    );
    const created = new Map(rows.map((r) => [r.id, Number(r.created)]));
    const toPersist: number[] = [];
    const toHook: number[] = [];
    for (const n of notes) {
      const at = created.get(n.delivery);
      if (at === undefined) continue;
      toPersist.push(at - n.at);
      toHook.push(n.arrived - at);
    }
    return { toPersist: toPersist.sort((a, b) => a - b), toHook: toHook.sort((a, b) => a - b) };
  } finally {
    await client.end();
  }
}

interface StepResult {
  rate: number;
  offered: number;
  capped: boolean;
  consumed: number;
  evaluations: number;
  backlog: number;
  maxBacklog: number;
  keptUp: boolean;
  alertingCores: number;
  cpuMsPer1k: number;
  cpuUsPerResult: number;
  busy: number;
  batchSize: number;
  /** Batch duration quantiles (histogram bucket bounds, ms) and batches over 100 ms. */
  batchP50: string;
  batchP99: string;
  slowBatches: number;
  /** Incidents fired and resolved. */
  transitions: number;
  /** The longest event-loop delay of the alerting process in the step (ms; prom-client, reset by each scrape). */
  loopLagMax: number;
  drainSeconds: number;
  drainRate: number | null;
  /** The alerting process's CPU per result while draining (us). */
  drainUs: number | null;
  expected: number;
  received: number;
  unique: number;
  doubled: number;
  p50: number;
  p99: number;
  max: number;
  /** p50 / p99 of the legs (ms). */
  toPersist: [number, number];
  toHook: [number, number];
  natsCores: number;
  pgCores: number;
  benchCores: number;
  pressure: number | null;
  baseline: { transport: Pass; schema: Pass; evaluate: Pass } | null;
}

interface Pass {
  perSecond: number;
  cpuUs: number;
  messages: number;
}

/**
 * The baseline: reads `count` messages of the stream from `startSeq` through a new durable pull consumer (explicit
 * acks, the same pull size as the service's), flat out, in this process; `work` is done per message on arrival.
 */
async function baselinePass(
  messaging: Messaging,
  stream: string,
  startSeq: number,
  count: number,
  work: (data: Uint8Array) => void,
): Promise<Pass> {
  const name = `bench-baseline-${randomUUID().slice(0, 8)}`;
  await messaging.declareConsumer(stream, {
    durable: name,
    startAt: { sequence: startSeq },
    maxAckPending: 20_000,
  });
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const messages = await messaging.pull(stream, name, { maxMessages: 1000, expiresMs: 5000 });
    let seen = 0;
    const deadline = setTimeout(() => void messages.close(), 120_000);
    // Acknowledged in groups of the service's batch size, as it does (one socket write per group; an ack per
    // message as it arrives costs about twice the CPU of the whole pass).
    let unacked: StreamMessage[] = [];
    for await (const msg of messages) {
      work(msg.data);
      unacked.push(msg);
      if (unacked.length >= ACK_GROUP) {
        for (const m of unacked) m.ack();
        unacked = [];
      }
      if (++seen >= count) break;
    }
    for (const m of unacked) m.ack();
    clearTimeout(deadline);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await messages.close().catch(() => undefined);
    return { perSecond: seen / seconds, cpuUs: (used.user + used.system) / Math.max(1, seen), messages: seen };
  } finally {
    await messaging.deleteConsumer(stream, name).catch(() => undefined);
  }
}

// ------------------------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const services = await resolveTestServices();
  await ensureTemplateDatabase(services.databaseUrl);
  const db = await createTestDatabase(services.databaseUrl);
  const prefix = testNamespace();
  const messaging = await Messaging.connect({ servers: services.natsUrl, service: 'bench', prefix });
  const receiver = await Receiver.start();
  const processes: ServiceProcess[] = [];
  const warnings: string[] = [];
  const levels = new Map<string, number>();
  let alerting: ServiceProcess | undefined;
  try {
    const seedStarted = Date.now();
    const fleet = await seed(db.url, receiver.port);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    // The four kinds of bodies must satisfy the contract (the feed splices them as text, without checking each).
    for (const [kind, tails] of TAILS.entries())
      for (const tail of tails) {
        const sample = `{"serverId":"${fleet.serverIds[0]}","orgId":"${fleet.serverOrg[0]}","time":"${new Date().toISOString()}",${tail}`;
        const parsed = parseMessage(Subjects.pollResult, new TextEncoder().encode(sample));
        if (!parsed.ok) throw new Error(`bench body of kind ${kind} breaks the contract: ${parsed.error}`);
      }

    const serviceEnvironment = serviceEnv(
      db.url,
      prefix,
      { SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', ALERTING_DELIVERY_CONCURRENCY: '64' },
      services.natsUrl,
    );
    processes.push(ServiceProcess.start('billing-limits', serviceEnvironment));
    await processes[0]!.ready(30_000);
    alerting = ServiceProcess.start('alerting', {
      ...serviceEnvironment,
      ...(values.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values.profile}` } : {}),
    });
    processes.push(alerting);
    const port = await alerting.ready(60_000);
    const readyAt = Date.now();
    const pid = alerting.child.pid!;
    // From here on keep only its warnings and errors (and count lines by level): info lines are not needed.
    for (const stream of [alerting.child.stdout, alerting.child.stderr]) {
      stream?.removeAllListeners('data');
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line) continue;
          const level = /"level":(\d+)/.exec(line)?.[1] ?? 'raw';
          levels.set(level, (levels.get(level) ?? 0) + 1);
          if (level === 'raw' || Number(level) >= 40) if (warnings.length < 200) warnings.push(line);
        }
      });
    }
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const streamName = messaging.naming.stream(Streams.pollResults);
    const jsm = await messaging.jsm();
    // Results published before the leader's consumer exists are never read (it starts at new messages).
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ready = await jsm.consumers
        .info(streamName, DURABLE)
        .then(() => true)
        .catch(() => false);
      if (ready && metricValue(await scrape(), 'gsm_alerting_leader') === 1) break;
      if (Date.now() > deadline) throw new Error('alerting did not start evaluating within 30 s');
      await sleep(200);
    }
    const backlog = async () => {
      const info = await jsm.consumers.info(streamName, DURABLE);
      return info.num_pending + info.num_ack_pending;
    };
    const lastSeq = async () => (await jsm.streams.info(streamName)).state.last_seq;

    const publisher = new Publisher(messaging);
    const feed = new Feed(fleet, publisher, prefix);
    // The service's own Evaluator (its build), on the same configuration, for the third baseline pass.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Evaluator: EvaluatorClass } = require(join(__dirname, '..', '..', 'dist', 'engine', 'evaluator.js')) as {
      Evaluator: typeof Evaluator;
    };
    const noSilences: never[] = [];
    const evaluator = new EvaluatorClass(
      {
        server: (id) => fleet.servers.get(id),
        rulesFor: (id) => fleet.rules.get(id) ?? [],
        silences: () => noSilences,
      },
      { nowMs: () => Date.now(), now: () => new Date() }, // the wall clock, as the service's SystemClock
    );

    const faultsPerRound = FAULT_EVERY > 0 ? Math.round((SERVERS * 2) / FAULT_EVERY) : 0;
    out(
      `bench:alerting  one alerting process (ALERTING_DELIVERY_CONCURRENCY=64, LOG_LEVEL=info) + billing-limits; ` +
        `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model.trim() ?? 'cpu'}`,
    );
    out(
      `${SERVERS} servers in ${ORGS} Pro organisations (seeded in ${seedSeconds.toFixed(1)} s), 7 rules each ` +
        `(${SERVERS * 7} rules, no pending period), one webhook channel per organisation -> receiver in this process`,
    );
    out(
      `health and power results in round robin (4 and 3 rules evaluated); 1 in ${FAULT_EVERY} fires ` +
        `(${faultsPerRound} per round of ${SERVERS * 2}), its next result resolves; ${STEP_S} s per step, ` +
        `backlog drained between steps; baseline passes read up to ${BASELINE_MAX} of each step's messages`,
    );

    const results: StepResult[] = [];
    const drain = async (): Promise<{ seconds: number; drained: boolean }> => {
      const started = Date.now();
      const publishDeadline = started + 15_000;
      while (publisher.inFlight > 0 && Date.now() < publishDeadline) await sleep(50);
      while (Date.now() - started < DRAIN_MAX_MS) {
        if ((await backlog()) === 0) return { seconds: (Date.now() - started) / 1000, drained: true };
        await sleep(100);
      }
      return { seconds: (Date.now() - started) / 1000, drained: false };
    };

    /** The three baseline passes over `count` messages from `firstSeq`. */
    const baselines = async (firstSeq: number, count: number) => ({
      transport: await baselinePass(messaging, streamName, firstSeq, count, (data) => {
        JSON.parse(decoder.decode(data));
      }),
      schema: await baselinePass(messaging, streamName, firstSeq, count, (data) => {
        parseMessage(Subjects.pollResult, data);
      }),
      evaluate: await baselinePass(messaging, streamName, firstSeq, count, (data) => {
        const parsed = parseMessage(Subjects.pollResult, data);
        if (parsed.ok) evaluator.onResult(parsed.value as PollResult);
        evaluator.takeDirty();
      }),
    });

    if (WARMUP_S > 0 && STEPS.length > 0) {
      const firstSeq = (await lastSeq()) + 1;
      const warm = await offer(feed, publisher, STEPS[0]!, WARMUP_S);
      await drain();
      await sleep(1000);
      // The baseline passes warm up too (JIT), on the warm-up's messages.
      if (BASELINE_MAX > 0) await baselines(firstSeq, Math.min(warm.sent, BASELINE_MAX));
      out(`warm-up: ${WARMUP_S} s at ${STEPS[0]} results/s, ${receiver.notifications.length} notifications`);
    }
    // What the alerting process uses with nothing to read (leases, pulls, timers): part of every step's CPU.
    const idleCpu = cpuByPid(() => true, [pid]);
    await sleep(3000);
    const idleCores =
      cpuDelta(
        idleCpu,
        cpuByPid(() => true, [pid]),
      ) / 3;
    out(`alerting idle: ${idleCores.toFixed(3)} cores`);

    for (const rate of STEPS) {
      // The service reloads its whole configuration every ALERTING_REFRESH_MS (60 s) from when it became leader.
      out(`step ${rate} results/s, from ${((Date.now() - readyAt) / 1000).toFixed(0)} s after alerting was ready ...`);
      const firstSeq = (await lastSeq()) + 1;
      const before = await scrape();
      const isNats = (_pid: number, comm: string) => comm === 'nats-server';
      const isPg = (_pid: number, comm: string) => comm === 'postgres';
      const cpuBefore = {
        alerting: cpuByPid(() => true, [pid]),
        nats: cpuByPid(isNats),
        pg: cpuByPid(isPg),
        bench: process.cpuUsage(),
        pressure: cpuPressureMicros(),
      };
      // The backlog once a second: one that builds up and clears again within the step shows in the latency.
      let maxBacklog = 0;
      const sampler = setInterval(
        () =>
          void backlog()
            .then((b) => (maxBacklog = Math.max(maxBacklog, b)))
            .catch(() => undefined),
        1000,
      );
      const offered = await offer(feed, publisher, rate, STEP_S);
      clearInterval(sampler);
      const after = await scrape();
      const endBacklog = await backlog();
      const cpu = {
        alerting: cpuDelta(
          cpuBefore.alerting,
          cpuByPid(() => true, [pid]),
        ),
        nats: cpuDelta(cpuBefore.nats, cpuByPid(isNats)),
        pg: cpuDelta(cpuBefore.pg, cpuByPid(isPg)),
        bench: process.cpuUsage(cpuBefore.bench),
      };
      const pressureAfter = cpuPressureMicros();
      const drainCpu = cpuByPid(() => true, [pid]);
      const { seconds: drainSeconds, drained } = await drain();
      const drainMetrics = await scrape();
      // While draining, the service reads a backlog flat out, as the baseline does: its CPU per result then.
      const drainedInputs =
        metricValue(drainMetrics, 'gsm_alerting_inputs_total') - metricValue(after, 'gsm_alerting_inputs_total');
      const drainUs =
        (cpuDelta(
          drainCpu,
          cpuByPid(() => true, [pid]),
        ) *
          1e6) /
        Math.max(1, drainedInputs);
      if (!drained) out(`  the backlog did not drain within ${DRAIN_MAX_MS / 1000} s: ${await backlog()} left`);
      // Notifications of the step's results: wait until all expected arrived, or 15 s.
      const expected = feed.expectedWithin(offered.from, offered.to);
      const waitUntil = Date.now() + 15_000;
      while (Date.now() < waitUntil) {
        const got = new Set(receiver.within(offered.from, offered.to).map((n) => n.key)).size;
        if (got >= expected) break;
        await sleep(100);
      }
      await sleep(300); // a doubled delivery would come right after the first
      const notes = receiver.within(offered.from, offered.to);
      const latencies = notes.map((n) => n.arrived - n.at).sort((a, b) => a - b);
      const unique = new Set(notes.map((n) => n.key)).size;
      const legs = await latencyLegs(db.url, notes);
      const delta = (name: string, labels?: Record<string, string>) =>
        metricValue(after, name, labels) - metricValue(before, name, labels);
      const evaluations = delta('gsm_alerting_evaluations_total');
      const inputs = delta('gsm_alerting_inputs_total');
      const batches = delta('gsm_alerting_batch_duration_seconds_count');
      const busySeconds = delta('gsm_alerting_batch_duration_seconds_sum');
      const bucket = (le: string) => delta('gsm_alerting_batch_duration_seconds_bucket', { le });
      const bounds = ['0.001', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '+Inf'];
      const batchQuantile = (q: number) => {
        const hit = bounds.find((le) => bucket(le) >= q * batches);
        return batches === 0 || !hit ? 'n/a' : hit === '+Inf' ? '>2500' : `<=${Number(hit) * 1000}`;
      };

      // Baselines on the same messages, with the service idle again.
      const baseline =
        BASELINE_MAX > 0 && offered.sent > 0 ? await baselines(firstSeq, Math.min(offered.sent, BASELINE_MAX)) : null;

      const result: StepResult = {
        rate,
        offered: offered.sent / offered.seconds,
        capped: offered.capped,
        consumed: inputs / offered.seconds,
        evaluations: evaluations / offered.seconds,
        backlog: endBacklog,
        maxBacklog: Math.max(maxBacklog, endBacklog),
        keptUp: endBacklog < Math.max(3000, rate * 0.25),
        alertingCores: cpu.alerting / offered.seconds,
        cpuMsPer1k: evaluations > 0 ? (cpu.alerting * 1_000_000) / evaluations : NaN,
        cpuUsPerResult: inputs > 0 ? (cpu.alerting * 1e6) / inputs : NaN,
        busy: busySeconds / offered.seconds,
        batchSize: batches > 0 ? inputs / batches : 0,
        batchP50: batchQuantile(0.5),
        batchP99: batchQuantile(0.99),
        slowBatches: batches - bucket('0.1'),
        transitions: delta('gsm_alerting_transitions_total'),
        loopLagMax: metricValue(after, 'gsm_nodejs_eventloop_lag_max_seconds') * 1000,
        drainSeconds,
        drainRate: endBacklog >= 5000 ? endBacklog / drainSeconds : null,
        drainUs: endBacklog >= 5000 ? drainUs : null,
        expected,
        received: notes.length,
        unique,
        doubled: notes.length - unique,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        max: latencies.at(-1) ?? NaN,
        toPersist: [percentile(legs.toPersist, 0.5), percentile(legs.toPersist, 0.99)],
        toHook: [percentile(legs.toHook, 0.5), percentile(legs.toHook, 0.99)],
        natsCores: cpu.nats / offered.seconds,
        pgCores: cpu.pg / offered.seconds,
        benchCores: (cpu.bench.user + cpu.bench.system) / 1e6 / offered.seconds,
        pressure:
          cpuBefore.pressure === null || pressureAfter === null
            ? null
            : (pressureAfter - cpuBefore.pressure) / 1e6 / offered.seconds,
        baseline,
      };
      results.push(result);
    }

    // ------------------------------------------------------------------------------------------------- report
    const fmt = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
    const table = (head: string[], rows: string[][]) => {
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      out(head.map((h, i) => h.padStart(widths[i]!)).join('  '));
      for (const r of rows) out(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
    };
    out('');
    out(
      'alerting process, per step (rates over the step; backlog of its consumer at the step end and the most seen, ' +
        'sampled once a second; batch durations: histogram bucket bounds):',
    );
    table(
      [
        'offered/s',
        'consumed/s',
        'evals/s',
        'backlog',
        'max',
        'kept up',
        'cores',
        'CPU ms/1k evals',
        'CPU us/result',
        'batch busy',
        'batch size',
        'batch p50 ms',
        'p99 ms',
        '>100 ms',
        'transitions',
        'loop delay max ms',
      ],
      results.map((r) => [
        `${fmt(r.offered)}${r.capped ? '*' : ''}`,
        fmt(r.consumed),
        fmt(r.evaluations),
        String(r.backlog),
        String(r.maxBacklog),
        r.keptUp ? 'yes' : 'NO',
        fmt(r.alertingCores, 2),
        fmt(r.cpuMsPer1k, 2),
        fmt(r.cpuUsPerResult, 1),
        `${fmt(r.busy * 100)} %`,
        fmt(r.batchSize),
        r.batchP50,
        r.batchP99,
        String(r.slowBatches),
        String(r.transitions),
        fmt(r.loopLagMax),
      ]),
    );
    out('');
    out(
      "notifications of the step's results (latency = webhook arrival - poll result publish, ms; legs split at the " +
        'start of the transaction that stored the delivery):',
    );
    table(
      [
        'offered/s',
        'notified',
        'lost',
        'doubled',
        'p50 ms',
        'p99 ms',
        'max ms',
        'publish->persist p50',
        'p99',
        'persist->webhook p50',
        'p99',
      ],
      results.map((r) => [
        fmt(r.offered),
        `${r.unique}/${r.expected}`,
        String(Math.max(0, r.expected - r.unique)),
        String(r.doubled),
        fmt(r.p50),
        fmt(r.p99),
        fmt(r.max),
        fmt(r.toPersist[0]),
        fmt(r.toPersist[1]),
        fmt(r.toHook[0]),
        fmt(r.toHook[1]),
      ]),
    );
    if (results.some((r) => r.capped)) out(`* the publisher hit ${MAX_IN_FLIGHT} unacknowledged publishes`);
    out('');
    out(
      'capacity and baseline on the same messages (drain: the backlog left at the step end, read with nothing ' +
        'published; baseline: a bare pull consumer in this process, flat out; CPU us per result):',
    );
    table(
      [
        'offered/s',
        'alerting drain/s',
        '(us)',
        'JSON+ack/s',
        '(us)',
        '+schema/s',
        '(us)',
        '+Evaluator/s',
        '(us)',
        'alerting (us)',
        'cores: nats',
        'pg (all)',
        'bench',
        'CPU pressure',
      ],
      results.map((r) => [
        fmt(r.offered),
        r.drainRate === null ? '-' : fmt(r.drainRate),
        r.drainUs === null ? '-' : fmt(r.drainUs, 1),
        r.baseline ? fmt(r.baseline.transport.perSecond) : '-',
        r.baseline ? fmt(r.baseline.transport.cpuUs, 1) : '-',
        r.baseline ? fmt(r.baseline.schema.perSecond) : '-',
        r.baseline ? fmt(r.baseline.schema.cpuUs, 1) : '-',
        r.baseline ? fmt(r.baseline.evaluate.perSecond) : '-',
        r.baseline ? fmt(r.baseline.evaluate.cpuUs, 1) : '-',
        fmt(r.cpuUsPerResult, 1),
        fmt(r.natsCores, 2),
        fmt(r.pgCores, 2),
        fmt(r.benchCores, 2),
        r.pressure === null ? '-' : `${fmt(r.pressure * 100)} %`,
      ]),
    );

    const final = await scrape();
    const published = publisher.acked;
    const consumedTotal = metricValue(final, 'gsm_alerting_inputs_total');
    const allKeys = new Set(receiver.notifications.map((n) => n.key));
    const deliveries = new Set(receiver.notifications.map((n) => n.delivery));
    out('');
    out(
      `whole run: ${published} results acknowledged by JetStream (${publisher.failed} refused${publisher.failed ? `: ${publisher.lastError}` : ''}, ` +
        `${publisher.duplicates} duplicates), ${consumedTotal} read by alerting, ` +
        `${metricValue(final, 'gsm_alerting_evaluations_total')} evaluations, ` +
        `${metricValue(final, 'gsm_alerting_batch_failures_total')} failed batches; ` +
        `${receiver.notifications.length} notifications received (${allKeys.size} distinct, ${deliveries.size} delivery ids, ` +
        `${receiver.unreadable} unreadable); deliveries by outcome: ` +
        `${
          final
            .split('\n')
            .filter((l) => l.startsWith('gsm_alerting_deliveries_total{'))
            .map((l) => `${/outcome="([^"]+)"/.exec(l)?.[1]} ${l.slice(l.lastIndexOf(' ') + 1)}`)
            .join(', ') || 'none'
        }; republished by the sweep ${metricValue(final, 'gsm_alerting_deliveries_republished_total')}`,
    );
    out(
      `alerting log lines by level: ${
        [...levels]
          .sort()
          .map(([l, n]) => `${l} ${n}`)
          .join(', ') || 'none'
      }`,
    );
    for (const line of warnings.slice(0, 10)) out(`  ${line.slice(0, 400)}`);

    const meeting = results.filter(
      (r) => r.keptUp && r.evaluations >= GOAL_EVALUATIONS && r.p99 < GOAL_P99_MS && r.unique >= r.expected,
    );
    const kept = results.filter((r) => r.keptUp);
    const best = kept.at(-1);
    const goal = `goal: >= ${GOAL_EVALUATIONS} evaluations/s on one alerting process, p99 poll result -> webhook < ${GOAL_P99_MS} ms`;
    out(goal);
    out(
      `steps at >= ${GOAL_EVALUATIONS} evaluations/s that kept up with p99 < ${GOAL_P99_MS} ms and nothing lost: ${
        meeting
          .map((r) => `${fmt(r.offered)} results/s (${fmt(r.evaluations)} evaluations/s, p99 ${fmt(r.p99)} ms)`)
          .join(', ') || 'none'
      }`,
    );
    if (best && best.expected === 0) {
      out(
        `result: highest step without a growing backlog ${fmt(best.offered)} results/s -> ${fmt(best.evaluations)} ` +
          'evaluations/s; no condition fired (--fault-every 0), so no latency was measured',
      );
    } else if (!best) {
      out('result: the backlog grew at every step: goal NOT met');
    } else {
      const met = best.evaluations >= GOAL_EVALUATIONS && best.p99 < GOAL_P99_MS && best.unique >= best.expected;
      out(
        `result: highest step without a growing backlog ${fmt(best.offered)} results/s -> ${fmt(best.evaluations)} ` +
          `evaluations/s, p99 ${fmt(best.p99)} ms (${best.unique}/${best.expected} notifications): goal ${met ? 'met' : 'NOT met'}`,
      );
    }
  } catch (error) {
    for (const p of processes) {
      const tail = p.output.filter((line) => !line.includes('"level":30')).slice(-15);
      if (tail.length > 0) process.stderr.write(`last warnings and errors of ${p.app}:\n${tail.join('\n')}\n`);
    }
    if (warnings.length > 0) process.stderr.write(`alerting warnings:\n${warnings.slice(-15).join('\n')}\n`);
    throw error;
  } finally {
    if (alerting) {
      const { code, durationMs } = await alerting.stop('SIGTERM');
      out(`alerting stopped (SIGTERM): exit ${code} after ${durationMs} ms`);
    }
    for (const p of processes) p.kill();
    await receiver.close();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
    await services.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:alerting failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
