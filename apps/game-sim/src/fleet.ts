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
}

/** Addresses a simulated server may listen on: the loopback range only. */
export function isLoopback(host: string): boolean {
  return /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(host) || host === '::1';
}

/** Address of server `index` in loopback mode: 127.0.0.2, 127.0.0.3, ... then 127.0.1.x. */
export function loopbackAddress(index: number): string {
  const n = index + 2;
  return `127.0.${Math.floor(n / 254)}.${(n % 254) + (n >= 254 ? 1 : 0)}`;
}

/** Many simulated servers in one process, with one control API for all of them. */
export class Fleet {
  readonly servers: SimServer[] = [];
  private control: ControlApi | undefined;

  private constructor(readonly options: FleetOptions) {}

  static async start(options: FleetOptions): Promise<Fleet> {
    if (options.mode === 'ports' && !isLoopback(options.host)) {
      throw new Error(
        `--host ${options.host} is not a loopback address: the simulator only listens on 127.0.0.0/8 or ::1`,
      );
    }
    const fleet = new Fleet(options);
    fleet.control = await ControlApi.start(fleet, options.host === '::1' ? '::1' : '127.0.0.1', options.controlPort);
    try {
      for (let i = 0; i < options.count; i++) fleet.servers.push(await fleet.createServer(i));
      await Promise.all(fleet.servers.map((s) => s.start()));
    } catch (error) {
      await fleet.stop();
      throw error;
    }
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
