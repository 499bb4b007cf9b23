import { applyMigrations, findMigrationsDir } from '@app/database';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpAndIn } from '../accounts';
import { metricValue, setPlanIntervals } from '../fixtures';
import { freePortRange } from '../platform';
import { startWebhookReceiver, type WebhookReceiver } from '../receivers';
import { SimulatorProcess } from '../simulator';
import { TcpBalancer } from './balancer';
import { PrivateNats, PrivatePostgres, sleep, type DrillNats } from './infra';
import { ApiLoad } from './load';
import { NatsCluster } from './nats-cluster';
import { newestSamples } from './measure';
import { Replica, type ServiceName } from './replica';
import { DashboardClient } from './sockets';

/** How big the drilled platform is and how fast it polls. */
export interface DrillPlatformOptions {
  /** Simulated game servers (default 8). */
  servers: number;
  /** Health poll interval of the plan the account is on, seconds (default 3); the other kinds poll slower. */
  healthIntervalSeconds: number;
  /** API load: clients, and requests per second of each (default 4 × 2). */
  apiClients: number;
  apiRatePerSecond: number;
  /** Dashboard socket connections (default 6). */
  socketClients: number;
  /**
   * A private three-node NATS cluster instead of one nats-server: the services get all three URLs and
   * NATS_STREAM_REPLICAS=3 (every stream and KV bucket in three copies). Default false.
   */
  natsCluster?: boolean;
  /** Where the services' logs go and stay; unset: a temporary directory removed by close(). */
  logDir?: string;
  log: (line: string) => void;
}

export const DEFAULT_PLATFORM_OPTIONS: DrillPlatformOptions = {
  servers: 8,
  healthIntervalSeconds: 3,
  apiClients: 4,
  apiRatePerSecond: 2,
  socketClients: 6,
  log: () => undefined,
};

/** Service settings of the drilled platform: short leases, acks and retries, so that drills are quick. */
export const DRILL_ENV = {
  POLLER_TIMEOUT_MS: 1000,
  POLLER_FLUSH_MS: 100,
  POLLER_ACK_WAIT_MS: 2000,
  POLLER_LEADER_TTL_MS: 3000,
  POLLER_LEADER_RETRY_MS: 500,
  ALERTING_LEADER_TTL_MS: 3000,
  ALERTING_ACK_WAIT_MS: 5000,
  ALERTING_RETRY_BASE_MS: 500,
  ALERTING_RETRY_MAX_MS: 4000,
  ALERTING_SWEEP_MS: 3000,
  ALERTING_SEND_TIMEOUT_MS: 3000,
  /** The rule's pending period for `server_offline` (seconds) on every drilled server. */
  OFFLINE_PENDING_SECONDS: 2,
} as const;

const SERVICES: ServiceName[] = ['billing-limits', 'poller', 'alerting', 'realtime-gateway', 'api-gateway'];

/** A registered simulated server. */
export interface DrillServer {
  index: number;
  id: string;
  name: string;
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * The platform under drill, every part a process of its own on loopback: a private PostgreSQL cluster and a private
 * nats-server (never the machine's shared ones), the migrated schema, a simulated fleet, two replicas of each of the
 * five services (both pollers POLLER_ROLE=all: one schedules, both work), load balancers in front of the two
 * api-gateways and the two realtime-gateways, an account with the fleet registered through the API, a signed
 * webhook channel with a receiver counting every alert delivery, a steady API load and dashboard socket clients.
 */
export class DrillPlatform {
  readonly replicas: Record<ServiceName, Replica[]> = {
    'billing-limits': [],
    poller: [],
    alerting: [],
    'realtime-gateway': [],
    'api-gateway': [],
  };
  readonly servers: DrillServer[] = [];
  readonly sockets: DashboardClient[] = [];
  pg!: PrivatePostgres;
  nats!: DrillNats;
  sim!: SimulatorProcess;
  apiLb!: TcpBalancer;
  realtimeLb!: TcpBalancer;
  hook!: WebhookReceiver;
  load!: ApiLoad;
  token = '';
  channelId = '';
  readonly intervalMs: number;
  /** When the platform was first healthy (every server polled): drills measure nothing before. */
  readyAt = 0;
  private readonly secretsKey = randomBytes(32).toString('base64');
  private readonly redisKeyTag = randomBytes(4).toString('hex');
  private readonly stateDir: string;
  readonly logDir: string;
  private closed = false;

  private constructor(readonly options: DrillPlatformOptions) {
    this.intervalMs = options.healthIntervalSeconds * 1000;
    this.stateDir = mkdtempSync(join(tmpdir(), 'gsm-drill-'));
    // PostgreSQL runs as another OS user when we are root: it must be able to pass through to its directory.
    chmodSync(this.stateDir, 0o711);
    this.logDir = options.logDir ?? join(this.stateDir, 'logs');
    mkdirSync(this.logDir, { recursive: true });
  }

  get databaseUrl(): string {
    return this.pg.url('gsm');
  }

  private say(line: string): void {
    this.options.log(line);
  }

  /** A platform not started yet: `boot()` starts it (so that a caller can `close()` it while it starts). */
  static create(options: Partial<DrillPlatformOptions> = {}): DrillPlatform {
    return new DrillPlatform({ ...DEFAULT_PLATFORM_OPTIONS, ...options });
  }

  /** Starts everything and waits until the platform is healthy. On failure, what was started is stopped. */
  static async start(options: Partial<DrillPlatformOptions> = {}): Promise<DrillPlatform> {
    const platform = DrillPlatform.create(options);
    await platform.boot();
    return platform;
  }

  /** Throws once close() was called: a start in progress stops there. */
  private stillWanted(): void {
    if (this.closed) throw new Error('the drill platform was closed while it started');
  }

  /** Starts everything and waits until the platform is healthy; on failure, stops what it started. */
  async boot(): Promise<void> {
    try {
      await this.bootSteps();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  private async bootSteps(): Promise<void> {
    const started = Date.now();
    // PostgreSQL, nats-server, ten replicas; a cluster's three nodes take six more (clients, then routes).
    const size = this.options.natsCluster ? 18 : 12;
    const base = await freePortRange(size);
    this.say(`ports ${base}-${base + size - 1}; state in ${this.stateDir}; logs in ${this.logDir}`);
    this.pg = new PrivatePostgres(join(this.stateDir, 'pg'), base, join(this.logDir, 'postgres.log'));
    this.nats = this.options.natsCluster
      ? new NatsCluster(join(this.stateDir, 'nats'), base + 12, this.logDir)
      : new PrivateNats(join(this.stateDir, 'nats'), base + 1, join(this.logDir, 'nats-server.log'));
    this.say(
      `starting a private PostgreSQL and ${this.options.natsCluster ? 'three-node NATS cluster' : 'nats-server'}…`,
    );
    await Promise.all([this.pg.init(), this.nats.start()]);
    this.stillWanted();
    const natsText =
      this.nats instanceof NatsCluster
        ? `NATS cluster ${this.nats.nodes.map((n) => `${n.name} pid ${n.pid} on ${n.port}`).join(', ')}`
        : `nats-server pid ${this.nats.pid} on ${base + 1}`;
    this.say(`PostgreSQL pid ${this.pg.pid} on ${base}, ${natsText}; migrating…`);
    await applyMigrations({ databaseUrl: this.databaseUrl, migrationsDir: findMigrationsDir() });
    const h = this.options.healthIntervalSeconds;
    // The plan table is data: the Team plan of this private database polls every few seconds.
    await setPlanIntervals(
      this.databaseUrl,
      {
        health: h,
        power: 2 * h,
        players: 2 * h,
        production: 5 * h,
        trains: 5 * h,
        drones: 5 * h,
        factory: 10 * h,
        generators: 2 * h,
        extractors: 5 * h,
        drone_stations: 5 * h,
        inventory: 5 * h,
        resource_sink: 10 * h,
      },
      ['team'],
    );
    this.stillWanted();
    this.sim = await SimulatorProcess.start(['--count', String(this.options.servers), '--seed', '2026']);
    this.hook = await startWebhookReceiver({ secret: 'set-when-the-channel-exists' });
    this.stillWanted();

    let port = base + 2;
    for (const app of SERVICES)
      for (let i = 0; i < 2; i++) this.replicas[app].push(new Replica(app, i, port++, this.envOf(app), this.logDir));
    this.say('starting two replicas of each service…');
    // The first replica of each service, then the second (streams and consumers are declared by the first).
    await Promise.all(SERVICES.map((app) => this.replicas[app][0]!.start()));
    this.stillWanted();
    await Promise.all(SERVICES.map((app) => this.replicas[app][1]!.start()));
    this.stillWanted();
    this.apiLb = await TcpBalancer.start(this.replicas['api-gateway'].map((r) => r.port));
    this.realtimeLb = await TcpBalancer.start(this.replicas['realtime-gateway'].map((r) => r.port));
    this.say(
      `services ready: ${this.all()
        .map((r) => `${r.name} :${r.port} pid ${r.pid}`)
        .join(', ')}`,
    );

    await this.setUpAccount();
    this.stillWanted();
    const routes = ['/api/v1/servers', '/api/v1/alerts/incidents?limit=5'];
    for (const s of this.servers) routes.push(`/api/v1/servers/${s.id}`, `/api/v1/servers/${s.id}/metrics/latest`);
    this.load = new ApiLoad(
      this.apiLb.port,
      this.token,
      routes,
      this.options.apiClients,
      this.options.apiRatePerSecond,
    );
    this.load.start();
    const ids = this.servers.map((s) => s.id);
    for (let i = 0; i < this.options.socketClients; i++)
      this.sockets.push(new DashboardClient(i + 1, this.realtimeLb.url, this.token, ids));
    await this.waitHealthy(90_000);
    this.readyAt = Date.now();
    const spread = (lb: TcpBalancer, app: ServiceName): string =>
      this.replicas[app].map((r) => lb.active.get(r.port) ?? 0).join(' + ');
    this.say(
      `platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${this.servers.length} servers, ` +
        `${this.options.apiClients} API clients (connections ${spread(this.apiLb, 'api-gateway')} per api-gateway), ` +
        `${this.sockets.length} sockets (${spread(this.realtimeLb, 'realtime-gateway')} per realtime-gateway)`,
    );
  }

  private envOf(app: ServiceName): Record<string, string> {
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      DATABASE_URL: this.databaseUrl,
      DATABASE_POOL_SIZE: '5',
      NATS_URL: this.nats.url,
      NATS_PREFIX: 'gsm',
      NATS_STREAM_REPLICAS: this.options.natsCluster ? '3' : '1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '5000',
      SECRETS_KEY: this.secretsKey,
    };
    const e = DRILL_ENV;
    if (app === 'api-gateway')
      Object.assign(env, {
        TARGET_ALLOW_CIDRS: '127.0.0.0/8',
        PROBE_TIMEOUT_MS: '3000',
        // The machine's Redis (the throttles), under this drill's own keys; the load's API clients share one
        // dashboard session, far above what a person makes.
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `drill-${this.redisKeyTag}:`,
        SESSION_RATE_LIMIT_PER_MINUTE: '1000000',
      });
    if (app === 'poller')
      Object.assign(env, {
        POLLER_ROLE: 'all',
        POLLER_TIMEOUT_MS: String(e.POLLER_TIMEOUT_MS),
        POLLER_FLUSH_MS: String(e.POLLER_FLUSH_MS),
        POLLER_ACK_WAIT_MS: String(e.POLLER_ACK_WAIT_MS),
        POLLER_LEADER_TTL_MS: String(e.POLLER_LEADER_TTL_MS),
        POLLER_LEADER_RETRY_MS: String(e.POLLER_LEADER_RETRY_MS),
      });
    if (app === 'alerting')
      Object.assign(env, {
        TARGET_ALLOW_CIDRS: '127.0.0.0/8',
        ALERTING_LEADER_TTL_MS: String(e.ALERTING_LEADER_TTL_MS),
        ALERTING_ACK_WAIT_MS: String(e.ALERTING_ACK_WAIT_MS),
        ALERTING_RETRY_BASE_MS: String(e.ALERTING_RETRY_BASE_MS),
        ALERTING_RETRY_MAX_MS: String(e.ALERTING_RETRY_MAX_MS),
        ALERTING_SWEEP_MS: String(e.ALERTING_SWEEP_MS),
        ALERTING_SEND_TIMEOUT_MS: String(e.ALERTING_SEND_TIMEOUT_MS),
        ALERTING_MAX_FAILURES: '200',
      });
    return env;
  }

  /** Calls the API through the balancer. */
  async call(method: string, path: string, body?: unknown, token = this.token): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.apiLb.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  }

  private async must(method: string, path: string, body: unknown, status: number): Promise<Answer> {
    const res = await this.call(method, path, body);
    if (res.status !== status)
      throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  /** The account, as a user makes it: registration, the Team plan, the fleet, a webhook channel, short rules. */
  private async setUpAccount(): Promise<void> {
    const email = `drill-${randomBytes(4).toString('hex')}@example.com`;
    this.token = (await signUpAndIn(this.apiLb.url, email, 'correct horse battery', 'Drill')).token;
    await this.must('PUT', '/api/v1/billing/subscription', { plan: 'team', period: 'monthly' }, 200);
    for (let i = 0; i < this.sim.servers.length; i++) {
      const s = this.sim.server(i);
      const name = `Factory ${i + 1}`;
      const res = await this.must(
        'POST',
        '/api/v1/servers',
        {
          name,
          host: s.host,
          port: s.port,
          admin_password: s.admin_password,
          addon_http_port: s.addon_http_port,
          addon_ws_port: s.addon_ws_port,
        },
        201,
      );
      this.servers.push({ index: i, id: res.body.id as string, name });
    }
    const channel = await this.must(
      'POST',
      '/api/v1/notification-channels',
      { kind: 'webhook', name: 'Drill receiver', config: { url: this.hook.webhookUrl } },
      201,
    );
    this.channelId = channel.body.id as string;
    this.hook.setSecret(channel.body.signing_secret as string);
    for (const s of this.servers) {
      const rules = (await this.must('GET', `/api/v1/servers/${s.id}/alert-rules`, undefined, 200)).body as {
        id: string;
        kind: string;
      }[];
      const offline = rules.find((r) => r.kind === 'server_offline');
      if (!offline) throw new Error(`server ${s.name} has no server_offline rule`);
      await this.must(
        'PATCH',
        `/api/v1/servers/${s.id}/alert-rules/${offline.id}`,
        { pending_seconds: DRILL_ENV.OFFLINE_PENDING_SECONDS },
        200,
      );
    }
  }

  /** Every replica, in start order. */
  all(): Replica[] {
    return SERVICES.flatMap((app) => this.replicas[app]);
  }

  /** The replica of `app` whose leader gauge is 1 (poller: scheduler, alerting: evaluator), if exactly one is. */
  async leaderOf(app: 'poller' | 'alerting'): Promise<Replica | undefined> {
    const gauge = app === 'poller' ? 'gsm_poller_scheduler_leader' : 'gsm_alerting_leader';
    const leaders: Replica[] = [];
    for (const r of this.replicas[app]) if (metricValue(await r.metrics(), gauge) === 1) leaders.push(r);
    return leaders.length === 1 ? leaders[0] : undefined;
  }

  /** Sums a metric over the live replicas of a service. */
  async metricSum(app: ServiceName, name: string, labels: Record<string, string> = {}): Promise<number> {
    let sum = 0;
    for (const r of this.replicas[app]) sum += metricValue(await r.metrics(), name, labels);
    return sum;
  }

  /** One GET of the API through the balancer answered 2xx. */
  async apiAnswers(): Promise<boolean> {
    try {
      return (await this.call('GET', '/api/v1/servers')).status === 200;
    } catch {
      return false;
    }
  }

  /** Replicas that exited without being asked to (since `since`). */
  crashes(since = 0): { replica: Replica; at: number; code: number | null; signal: string | null; tail: string[] }[] {
    return this.all().flatMap((replica) =>
      replica.crashes.filter((c) => c.at >= since).map((c) => ({ replica, ...c })),
    );
  }

  /** What is not healthy now (empty when everything is). */
  async unhealthy(): Promise<string[]> {
    const problems: string[] = [];
    if (!this.pg.running) problems.push('PostgreSQL is not running');
    if (!this.nats.running) problems.push('nats-server is not running');
    for (const r of this.all()) if (!(await r.ready())) problems.push(`${r.name} is not ready`);
    if (!(await this.leaderOf('poller'))) problems.push('no single poller scheduler leader');
    if (!(await this.leaderOf('alerting'))) problems.push('no single alerting evaluator leader');
    const buffered = await this.metricSum('poller', 'gsm_poller_write_buffer_rows');
    if (buffered > 0) problems.push(`${buffered} rows wait in the pollers' write buffers`);
    try {
      const newest = await newestSamples(this.databaseUrl);
      const stale = this.servers.filter((s) => (newest.get(s.id) ?? 0) < Date.now() - 3 * this.intervalMs);
      if (stale.length) problems.push(`no recent sample of ${stale.map((s) => s.name).join(', ')}`);
    } catch (error) {
      problems.push(`the database does not answer: ${(error as Error).message}`);
    }
    const since = Date.now() - 3 * this.intervalMs;
    const cold = this.sockets.filter((c) => !c.connected || c.resyncedAt(0) === null || c.liveAt(since) === null);
    if (cold.length) problems.push(`sockets not connected and live: ${cold.map((c) => c.id).join(', ')}`);
    if (!(await this.apiAnswers())) problems.push('the API does not answer');
    return problems;
  }

  /** Waits until `unhealthy()` is empty; throws with the last problems when the time is up. */
  async waitHealthy(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let problems: string[] = [];
    while (Date.now() < deadline) {
      problems = await this.unhealthy();
      if (problems.length === 0) return;
      await sleep(500);
    }
    throw new Error(`the platform did not become healthy within ${timeoutMs} ms: ${problems.join('; ')}`);
  }

  /**
   * Stops everything it started (also during or after a failed start) and removes its temporary directory. Safe to
   * call again: each call stops whatever still runs.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.load?.stop().catch(() => undefined);
    for (const c of this.sockets) c.close();
    await Promise.all(this.all().map((r) => r.close()));
    await this.apiLb?.stop().catch(() => undefined);
    await this.realtimeLb?.stop().catch(() => undefined);
    await this.hook?.close().catch(() => undefined);
    if (this.sim && this.sim.child.exitCode === null && this.sim.child.signalCode === null)
      await this.sim.stop().catch(() => undefined);
    await this.nats?.close();
    await this.pg?.close();
    await sleep(200); // let the log streams flush
    rmSync(this.stateDir, { recursive: true, force: true });
  }
}
