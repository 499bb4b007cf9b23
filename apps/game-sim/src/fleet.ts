import { randomBytes } from 'node:crypto';
import { hashSeed } from './world/rng';
import { ControlApi } from './control-api';
import { SimServer } from './server/sim-server';
import type { FaultName, FaultParams } from './server/faults';

export interface FleetOptions {
  count: number;
  seed: number;
  /** `ports`: every server on `host` with its own ports; `loopback`: server N on 127.0.0.N+1 with the real ports. */
  mode: 'ports' | 'loopback';
  host: string;
  /** ports mode: first port (server i uses base+3i, +1, +2); 0 picks free ports. */
  basePort: number;
  controlPort: number;
  tokenTtlSeconds: number;
  pushCycleSeconds: number;
  /** One admin password for every server; otherwise each gets its own, derived from the seed. */
  adminPassword?: string;
  /**
   * Listen on every interface (`host` 0.0.0.0 or ::), the control API too: for an isolated container network only
   * (the control API has no authentication and lists every server's admin password).
   */
  listenAny?: boolean;
  /** ports mode: the host others reach the fleet by, in descriptors and control URLs (default: see advertisedHost). */
  advertiseHost?: string;
}

/** Addresses a simulated server may listen on: the loopback range only. */
export function isLoopback(host: string): boolean {
  return /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(host) || host === '::1';
}

/** The unspecified addresses, which listen on every interface and cannot be connected to. */
export function isUnspecified(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

/**
 * Why the fleet must not listen on `options.host`, or null. Loopback only, unless `listenAny` (then only the
 * unspecified addresses): its control API hands every admin password, and control of the servers, to anyone.
 */
export function listenProblem(options: Pick<FleetOptions, 'mode' | 'host' | 'listenAny'>): string | null {
  const { mode, host, listenAny } = options;
  if (listenAny) {
    if (mode === 'loopback') return '--listen-any cannot be combined with --loopback (which uses 127.0.0.x addresses)';
    if (!isUnspecified(host))
      return `--listen-any listens on every interface: use it with --host 0.0.0.0 or --host ::, not --host ${host}`;
    return null;
  }
  if (mode === 'ports' && !isLoopback(host)) {
    return (
      `--host ${host} is not a loopback address: the simulator only listens on 127.0.0.0/8 or ::1, because its ` +
      'control API hands the admin passwords to anyone who reaches it. For an isolated container network only, ' +
      'add --listen-any and use --host 0.0.0.0'
    );
  }
  return null;
}

/** The host in descriptors (ports mode): --advertise-host, else the listen host, 127.0.0.1 for 0.0.0.0 or ::. */
export function advertisedHost(options: Pick<FleetOptions, 'host' | 'advertiseHost'>): string {
  return options.advertiseHost ?? (isUnspecified(options.host) ? '127.0.0.1' : options.host);
}

/** Address of server `index` in loopback mode: 127.0.0.2, 127.0.0.3, ... then 127.0.1.x. */
export function loopbackAddress(index: number): string {
  const n = index + 2;
  return `127.0.${Math.floor(n / 254)}.${(n % 254) + (n >= 254 ? 1 : 0)}`;
}

/** Many simulated servers in one process, with one control API for all of them. */
export class Fleet {
  readonly servers: SimServer[] = [];
  /** False while the fleet starts: the control API then answers 503 (a partial list would mislead a seeder). */
  ready = false;
  private control: ControlApi | undefined;

  private constructor(readonly options: FleetOptions) {}

  static async start(options: FleetOptions): Promise<Fleet> {
    const problem = listenProblem(options);
    if (problem) throw new Error(problem);
    const fleet = new Fleet(options);
    // The control API listens where the servers do with --listen-any, else on loopback; its URLs name the
    // advertised host when the servers are reached by another name than the address it listens on.
    const controlHost = options.listenAny ? options.host : options.host === '::1' ? '::1' : '127.0.0.1';
    const controlUrlHost =
      options.listenAny || options.advertiseHost !== undefined ? advertisedHost(options) : controlHost;
    fleet.control = await ControlApi.start(fleet, controlHost, options.controlPort, controlUrlHost);
    try {
      for (let i = 0; i < options.count; i++) fleet.servers.push(await fleet.createServer(i));
      await Promise.all(fleet.servers.map((s) => s.start()));
    } catch (error) {
      await fleet.stop();
      throw error;
    }
    fleet.ready = true;
    return fleet;
  }

  get controlUrl(): string {
    return this.control?.url ?? '';
  }

  private async createServer(index: number): Promise<SimServer> {
    const o = this.options;
    const id = `sim-${index + 1}`;
    const seed = hashSeed(`${o.seed}:${index}`);
    const loopback = o.mode === 'loopback';
    const base = o.basePort === 0 ? 0 : o.basePort + index * 3;
    return SimServer.create({
      id,
      name: `Simulated Server ${index + 1}`,
      host: loopback ? loopbackAddress(index) : o.host,
      advertiseHost: loopback ? undefined : advertisedHost(o),
      gamePort: loopback ? 7777 : base,
      addonHttpPort: loopback ? 8080 : base && base + 1,
      addonWsPort: loopback ? 8081 : base && base + 2,
      adminPassword: o.adminPassword ?? `sim-${seed.toString(16).padStart(8, '0')}`,
      seed,
      tokenTtlMs: o.tokenTtlSeconds * 1000,
      pushCycleMs: o.pushCycleSeconds * 1000,
      controlUrl: `${this.controlUrl}/servers/${id}`,
    });
  }

  find(id: string): SimServer | undefined {
    return this.servers.find((s) => s.id === id);
  }

  /** Sets a fault on one server (by id or 1-based index) or on all. */
  async setFault(target: string | 'all', name: FaultName, params: FaultParams = {}): Promise<void> {
    const servers = target === 'all' ? this.servers : [this.find(target) ?? this.servers[Number(target) - 1]];
    for (const server of servers) {
      if (!server) throw new Error(`no simulated server "${target}"`);
      await server.setFault(name, params);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.servers.map((s) => s.stop()));
    await this.control?.close();
  }
}

/** A random seed for a run without --seed (printed so the run can be repeated). */
export function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}
