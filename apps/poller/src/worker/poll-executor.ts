import type { HealthData, InventoryItem, PollJob } from '@app/contracts';
import {
  answerTooLarge,
  GameClientError,
  GameServerClient,
  type GameTransport,
  type InventoryItemRecord,
} from '@app/game-client';
import { eventDataOf, sampleKind, type AddonKind } from '@app/samples';
import type { SecretBox } from '@app/secrets';
import type { ServerRecord } from '../registry/servers.repository';
import { outOfRange } from './column-ranges';
import { playerUuid } from './player-id';
import type { HealthOutcome, Observation, PollOutcome } from './poll-outcome';

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
  // A game API whose answers are over the caps is as unusable as one answering garbage (the reason says which).
  'answer_too_large',
]);

/** The FRM endpoint of each add-on kind, for messages. */
const ENDPOINT_OF: Record<AddonKind, string> = {
  power: 'getPower',
  players: 'getPlayer',
  production: 'getProdStats',
  trains: 'getTrains',
  drones: 'getDrone',
  factory: 'getFactory',
  generators: 'getGenerators',
  extractors: 'getExtractor',
  drone_stations: 'getDroneStation',
  inventory: 'getWorldInv',
  storage: 'getStorageInv',
  resource_sink: 'getResourceSink',
  session: 'getSessionInfo',
};

/** The FRM read of each add-on kind (one request each, two for the inventory). */
const READ: Record<AddonKind, (client: GameServerClient) => Promise<{ records: readonly object[] }>> = {
  power: (c) => c.frm.power(),
  players: (c) => c.frm.players(),
  production: (c) => c.frm.production(),
  trains: (c) => c.frm.trains(),
  drones: (c) => c.frm.drones(),
  factory: (c) => c.frm.factory(),
  generators: (c) => c.frm.generators(),
  extractors: (c) => c.frm.extractors(),
  drone_stations: (c) => c.frm.droneStations(),
  inventory: (c) => inventoryOf(c),
  storage: (c) => c.frm.storage(),
  resource_sink: (c) => c.frm.resourceSink(),
  session: async (c) => ({ records: [await c.frm.sessionInfo()] }),
};

/**
 * Storage totals (getWorldInv) and the dimensional depot (getCloudInv) as one row per item. A FRM without the depot
 * endpoint (404) leaves the depot at 0 rather than failing the poll.
 */
async function inventoryOf(client: GameServerClient): Promise<{ records: InventoryItem[] }> {
  const world = await client.frm.worldInventory();
  let cloud: readonly InventoryItemRecord[] = [];
  try {
    cloud = (await client.frm.cloudInventory()).records;
  } catch (error) {
    if (!(error instanceof GameClientError && error.code === 'frm_error')) throw error;
  }
  const byClass = new Map<string, InventoryItem>();
  for (const i of world.records)
    byClass.set(i.itemClass, {
      itemClass: i.itemClass,
      itemName: i.itemName,
      amount: i.amount,
      cloudAmount: 0,
      stackSize: i.stackSize,
    });
  for (const i of cloud) {
    const known = byClass.get(i.itemClass);
    if (known) known.cloudAmount = i.amount;
    else
      byClass.set(i.itemClass, {
        itemClass: i.itemClass,
        itemName: i.itemName,
        amount: 0,
        cloudAmount: i.amount,
        stackSize: i.stackSize,
      });
  }
  return { records: [...byClass.values()] };
}

/**
 * Runs poll jobs against game servers with one client per server (token cache, kept-alive connections through
 * the shared transport) and answers a typed {@link PollOutcome}. Clients are dropped when a server's address,
 * ports or password change.
 */
export class PollExecutor {
  private readonly clients = new Map<string, { client: GameServerClient; key: string; server: ServerRecord }>();
  /**
   * The save each server had loaded when this process last saw it (health and session polls tell it): add-on rows
   * are tagged with it, so loading another save starts new series. Unknown (null) until such a poll.
   */
  private readonly sessions = new Map<string, string>();

  constructor(
    private readonly transport: GameTransport,
    private readonly secrets: SecretBox,
    private readonly timeoutMs: number,
  ) {}

  forget(serverId: string): void {
    this.clients.delete(serverId);
    this.sessions.delete(serverId);
  }

  private noteSession(serverId: string, name: string | null | undefined): void {
    if (name) this.sessions.set(serverId, name);
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
    const base = { job, time: new Date(job.scheduledAt), error: null };
    const took = () => performance.now() - started;
    if (!server.address) return unchecked(server, base, took());
    const client = this.clientFor(server);
    try {
      if (job.kind === 'health') {
        const outcome = await this.health(client);
        this.noteSession(server.id, outcome.data?.sessionName);
        return { ...base, ...outcome, durationMs: took() };
      }
      if (job.kind === 'addon') {
        const check = await client.frm.check();
        return { ...base, kind: 'addon', data: check, addon: check, durationMs: took() };
      }
      const kind = job.kind;
      const { records } = await READ[kind](client);
      // Players get a stable id per server, the key of their rows and of the REST API's players.
      const stored =
        kind === 'players'
          ? (records as { frmId: string }[]).map((p) => ({ playerId: playerUuid(server.id, p.frmId), ...p }))
          : records;
      const problem = outOfRange(sampleKind(kind), stored);
      if (problem) throw answerTooLarge(ENDPOINT_OF[kind], problem);
      if (kind === 'session') this.noteSession(server.id, (records[0] as { sessionName?: string }).sessionName);
      const data = eventDataOf(sampleKind(kind), stored);
      const session = this.sessions.get(server.id) ?? null;
      return { ...base, kind, records: stored, data, session, durationMs: took() };
    } catch (error) {
      const code = error instanceof GameClientError ? error.code : 'internal';
      const message = error instanceof GameClientError ? error.message : 'unexpected poll failure';
      const failed = { ...base, error: { code, message } };
      if (job.kind === 'health') {
        const loading = UNREACHABLE.has(code) ? await this.isLoading(client) : false;
        const observation = { reachable: !UNREACHABLE.has(code), loading, tickRate: null, health: null };
        return { ...failed, kind: 'health', data: null, observation, durationMs: took() };
      }
      const addon =
        code === 'addon_unavailable' ? { status: 'unavailable' as const, reason: message, via: null } : undefined;
      if (job.kind === 'addon') return { ...failed, kind: 'addon', data: null, addon, durationMs: took() };
      return { ...failed, kind: job.kind, records: [], data: null, session: null, addon, durationMs: took() };
    }
  }

  private async isLoading(client: GameServerClient): Promise<boolean> {
    try {
      return (await client.query({ timeoutMs: 300, attempts: 1 })).state === 'loading';
    } catch {
      return false;
    }
  }

  private async health(
    client: GameServerClient,
  ): Promise<Pick<HealthOutcome, 'kind' | 'data' | 'observation' | 'error'>> {
    const started = performance.now();
    const { health } = await client.api.healthCheck();
    let state;
    try {
      state = await client.api.queryServerState();
    } catch (error) {
      // A wrong admin password is a configuration error, not an outage: HealthCheck (no auth) still tells the status.
      if (error instanceof GameClientError && error.isConfigurationError) {
        const observation: Observation = { reachable: true, loading: false, tickRate: null, health };
        return { kind: 'health', data: null, observation, error: { code: error.code, message: error.message } };
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
    const observation: Observation = { reachable: true, loading: false, tickRate: state.tickRate, health };
    return { kind: 'health', data, observation, error: null };
  }
}

/**
 * A server without a checked address (registered by name before addresses were pinned; the migration could not
 * resolve the name safely): never polled by its name, which a DNS answer could point anywhere. Its status says what
 * to do.
 */
function unchecked(server: ServerRecord, base: { job: PollJob; time: Date }, durationMs: number): PollOutcome {
  const error = {
    code: 'unchecked_address',
    message:
      `${server.host} has no checked address (it was registered before addresses were pinned), so it is not polled: ` +
      're-register the server (delete it and add it again) to have its address checked',
  };
  if (base.job.kind === 'health') {
    const observation: Observation = { reachable: false, loading: false, tickRate: null, health: null };
    return { ...base, error, kind: 'health', data: null, observation, durationMs };
  }
  if (base.job.kind === 'addon') return { ...base, error, kind: 'addon', data: null, durationMs };
  return { ...base, error, kind: base.job.kind, records: [], data: null, session: null, durationMs };
}
