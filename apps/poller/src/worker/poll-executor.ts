import type { HealthData, PollJob, PollResult } from '@app/contracts';
import { GameClientError, GameServerClient, type GameTransport } from '@app/game-client';
import type { SecretBox } from '@app/secrets';
import type { ServerRecord } from '../registry/servers.repository';
import type { TableRows } from '../storage/sample-rows';
import { playerUuid } from './player-id';

/** What one job produced: the rows to store, the `latest` snapshot and the event payload. */
export interface PollOutcome {
  job: PollJob;
  time: Date;
  durationMs: number;
  error: { code: string; message: string } | null;
  rows: TableRows;
  /** The poll result's `data` (null when the poll failed). */
  data: unknown;
  /** Health polls: what they observed, before status confirmation. */
  observation?: { reachable: boolean; loading: boolean; tickRate: number | null; health: string | null };
  /** Add-on checks: the verdict. */
  addon?: { status: 'available' | 'unavailable'; reason: string | null; via: 'http' | 'proxy' | null };
}

/** Network failures that mean "the game port cannot be reached" (offline), rather than a misconfiguration. */
const UNREACHABLE = new Set([
  'refused',
  'timeout',
  'reset',
  'unreachable',
  'tls',
  'not_game_api',
  'bad_json',
  'http_status',
]);

/**
 * Runs poll jobs against game servers with one client per server (token cache, kept-alive connections through
 * the shared transport). Clients are dropped when a server's address, ports or password change.
 */
export class PollExecutor {
  private readonly clients = new Map<string, { client: GameServerClient; key: string; server: ServerRecord }>();

  constructor(
    private readonly transport: GameTransport,
    private readonly secrets: SecretBox,
    private readonly timeoutMs: number,
  ) {}

  forget(serverId: string): void {
    this.clients.delete(serverId);
  }

  private clientFor(server: ServerRecord): GameServerClient {
    const known = this.clients.get(server.id);
    // The registry hands out the same record until the server changes: no key to build on every poll.
    if (known?.server === server) return known.client;
    const key = `${server.address}:${server.port}:${server.addonHttpPort}:${server.certFingerprint ?? ''}:${Buffer.from(server.adminPasswordEnc).toString('base64')}`;
    if (known && known.key === key) {
      known.server = server;
      return known.client;
    }
    const client = new GameServerClient(
      this.transport,
      {
        address: server.address,
        port: server.port,
        addonHttpPort: server.addonHttpPort,
        certFingerprint: server.certFingerprint,
        password: () => this.secrets.open(server.adminPasswordEnc, server.id),
      },
      { timeoutMs: this.timeoutMs },
    );
    this.clients.set(server.id, { client, key, server });
    return client;
  }

  async run(server: ServerRecord, job: PollJob): Promise<PollOutcome> {
    const started = performance.now();
    const time = new Date(job.scheduledAt);
    const client = this.clientFor(server);
    const base = { job, time, rows: {} as TableRows, error: null, data: null as unknown };
    try {
      const result = job.kind === 'health' ? await this.health(client) : await this.frm(client, server, job.kind, time);
      return { ...base, ...result, durationMs: performance.now() - started };
    } catch (error) {
      const code = error instanceof GameClientError ? error.code : 'internal';
      const message = error instanceof GameClientError ? error.message : 'unexpected poll failure';
      const outcome: PollOutcome = { ...base, durationMs: performance.now() - started, error: { code, message } };
      if (job.kind === 'health') {
        const loading = UNREACHABLE.has(code) ? await this.isLoading(client) : false;
        outcome.observation = { reachable: !UNREACHABLE.has(code), loading, tickRate: null, health: null };
      }
      if (job.kind !== 'health' && code === 'addon_unavailable')
        outcome.addon = { status: 'unavailable', reason: message, via: null };
      return outcome;
    }
  }

  private async isLoading(client: GameServerClient): Promise<boolean> {
    try {
      return (await client.query({ timeoutMs: 300, attempts: 1 })).state === 'loading';
    } catch {
      return false;
    }
  }

  private async health(client: GameServerClient): Promise<Partial<PollOutcome>> {
    const started = performance.now();
    const { health } = await client.api.healthCheck();
    let state;
    try {
      state = await client.api.queryServerState();
    } catch (error) {
      // A wrong admin password is a configuration error, not an outage: HealthCheck (no auth) still tells the status.
      if (error instanceof GameClientError && error.isConfigurationError) {
        return {
          error: { code: error.code, message: error.message },
          observation: { reachable: true, loading: false, tickRate: null, health },
        };
      }
      throw error;
    }
    const data: HealthData = {
      status: 'unknown',
      tickRate: state.tickRate,
      playerCount: state.playerCount,
      playerLimit: state.playerLimit,
      techTier: state.techTier,
      gamePhase: state.gamePhase,
      gamePhaseNumber: state.gamePhaseNumber,
      gamePhaseName: state.gamePhaseName,
      isRunning: state.isRunning,
      isPaused: state.isPaused,
      totalDuration: state.totalDuration,
      sessionName: state.sessionName,
      latencyMs: performance.now() - started,
    };
    return { data, observation: { reachable: true, loading: false, tickRate: state.tickRate, health } };
  }

  private async frm(
    client: GameServerClient,
    server: ServerRecord,
    kind: PollJob['kind'],
    time: Date,
  ): Promise<Partial<PollOutcome>> {
    const t = time;
    const id = server.id;
    switch (kind) {
      case 'addon': {
        const check = await client.frm.check();
        return { data: check, addon: check };
      }
      case 'power': {
        const { records } = await client.frm.power();
        return {
          data: records,
          rows: {
            power_circuits: records.map((c) => [
              t,
              id,
              c.circuitGroupId,
              c.powerProduction,
              c.powerConsumed,
              c.powerCapacity,
              c.powerMaxConsumed,
              c.batteryPercent,
              c.batteryCapacity,
              c.batteryDifferential,
              c.batteryInput,
              c.batteryOutput,
              c.batteryTimeEmptySeconds,
              c.batteryTimeFullSeconds,
              c.fuseTriggered,
            ]),
          },
        };
      }
      case 'players': {
        const { records } = await client.frm.players();
        const players = records.map((p) => ({ playerId: playerUuid(id, p.frmId), ...p }));
        return {
          data: players,
          rows: {
            player_samples: players.map((p) => [
              t,
              id,
              p.playerId,
              p.frmId,
              p.name,
              p.isOnline,
              p.health,
              p.speed,
              p.isDead,
              p.posX,
              p.posY,
              p.posZ,
            ]),
          },
        };
      }
      case 'production': {
        const { records } = await client.frm.production();
        return {
          data: records,
          rows: {
            production_samples: records.map((p) => [
              t,
              id,
              p.itemClass,
              p.itemName,
              p.itemForm,
              p.currentProd,
              p.maxProd,
              p.currentConsumed,
              p.maxConsumed,
              p.prodPercent,
              p.consPercent,
            ]),
          },
        };
      }
      case 'trains': {
        const { records } = await client.frm.trains();
        return {
          data: records.map((r) => ({
            trainId: r.trainId,
            name: r.name,
            status: r.status,
            station: r.station,
            forwardSpeed: r.forwardSpeed,
            throttlePercent: r.throttlePercent,
            payloadMass: r.payloadMass,
            maxPayloadMass: r.maxPayloadMass,
            derailed: r.derailed,
            pendingDerail: r.pendingDerail,
          })),
          rows: {
            train_samples: records.map((r) => [
              t,
              id,
              r.trainId,
              r.name,
              r.status,
              r.station,
              r.forwardSpeed,
              r.throttlePercent,
              r.totalMass,
              r.payloadMass,
              r.maxPayloadMass,
              r.derailed,
              r.pendingDerail,
              r.selfDriving,
              r.docking,
              r.path,
              r.powerConsumed,
              r.posX,
              r.posY,
              r.posZ,
            ]),
          },
        };
      }
      case 'drones': {
        const { records } = await client.frm.drones();
        return {
          data: records.map((d) => ({
            droneId: d.droneId,
            name: d.name,
            homeStation: d.homeStation,
            pairedStation: d.pairedStation,
            destination: d.destination,
            flyingMode: d.flyingMode,
            flyingSpeed: d.flyingSpeed,
          })),
          rows: {
            drone_samples: records.map((d) => [
              t,
              id,
              d.droneId,
              d.name,
              d.homeStation,
              d.pairedStation,
              d.destination,
              d.flyingMode,
              d.flyingSpeed,
              d.maxSpeed,
              d.posX,
              d.posY,
              d.posZ,
            ]),
          },
        };
      }
      case 'factory': {
        const { records } = await client.frm.factory();
        const summary = {
          buildings: records.length,
          producing: records.filter((b) => b.isProducing).length,
          idle: records.filter((b) => b.isConfigured && !b.isProducing && !b.isPaused).length,
          unconfigured: records.filter((b) => !b.isConfigured).length,
          paused: records.filter((b) => b.isPaused).length,
        };
        return {
          data: summary,
          rows: {
            factory_building_samples: records.map((b) => [
              t,
              id,
              b.buildingId,
              b.className,
              b.name,
              b.recipe,
              b.isConfigured,
              b.isProducing,
              b.isPaused,
              b.productivity,
              b.manuSpeed,
              b.somersloops,
              b.powerShards,
              b.circuitGroupId,
              b.powerConsumed,
              b.posX,
              b.posY,
              b.posZ,
            ]),
          },
        };
      }
      default:
        throw new Error(`unknown poll kind ${kind}`);
    }
  }
}

/** The poll result event of an outcome (validated by the publisher against the contract). */
export function resultOf(outcome: PollOutcome, orgId: string, data: unknown): PollResult {
  return {
    serverId: outcome.job.serverId,
    orgId,
    kind: outcome.job.kind,
    time: outcome.time.toISOString(),
    durationMs: Math.round(outcome.durationMs * 1000) / 1000,
    error: outcome.error,
    data: outcome.error && outcome.job.kind !== 'health' ? null : data,
  } as PollResult;
}
