import { GameApiClient, type GameApiStats } from './game-api.client';
import { FrmClient } from './frm.client';
import type { GameTransport } from './https-transport';
import { queryServerState as udpQuery, type QueryResult } from './lightweight-query';
import type { ServerGameState } from './server-state';

/** A registered server as the poller knows it: the checked address, its ports and how to get its password. */
export interface GameServerTarget {
  /** The address the target guard checked (never the name again: no DNS rebinding). */
  address: string;
  port: number;
  addonHttpPort: number;
  /** Returns the decrypted admin password, only when a login is needed. */
  password: () => string | Promise<string>;
  /** Pin the certificate seen at registration. */
  certFingerprint?: string | null;
}

/** One health poll: HealthCheck plus QueryServerState, with the time it took. */
export interface HealthSnapshot {
  health: string;
  state: ServerGameState;
  latencyMs: number;
}

/**
 * Everything the platform asks one game server: health and state over HTTPS, FRM data (with proxy fallback), and
 * the UDP lightweight query. Share one GameTransport between all servers of a process (one pool per origin).
 */
export class GameServerClient {
  readonly api: GameApiClient;
  readonly frm: FrmClient;

  constructor(
    transport: GameTransport,
    readonly target: GameServerTarget,
    options: { timeoutMs?: number } = {},
  ) {
    transport.pin(target.address, target.port, target.certFingerprint ?? null);
    this.api = new GameApiClient(transport, target, { timeoutMs: options.timeoutMs, password: target.password });
    this.frm = new FrmClient(transport, this.api, target, options);
  }

  get stats(): GameApiStats {
    return this.api.stats;
  }

  async health(): Promise<HealthSnapshot> {
    const started = performance.now();
    const { health } = await this.api.healthCheck();
    const state = await this.api.queryServerState();
    return { health, state, latencyMs: performance.now() - started };
  }

  /** The UDP lightweight query (no auth): state, changelist, server name, sub-state counters. */
  query(options: { timeoutMs?: number; attempts?: number } = {}): Promise<QueryResult> {
    return udpQuery({
      host: this.target.address,
      port: this.target.port,
      timeoutMs: options.timeoutMs ?? 1000,
      attempts: options.attempts ?? 3,
    });
  }
}
