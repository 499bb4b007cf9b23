import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ServersRepository, type ServerRecord } from './servers.repository';

export type RegistryEvent =
  { type: 'upsert'; server: ServerRecord; passwordChanged: boolean } | { type: 'delete'; serverId: string };

/** True when the stored (encrypted) admin password differs between two reads of a server. */
const passwordChangedBetween = (a: ServerRecord, b: ServerRecord): boolean =>
  !Buffer.from(a.adminPasswordEnc).equals(Buffer.from(b.adminPasswordEnc));

/** How often the whole list is re-read, in case a lifecycle event was missed (core NATS may drop one). */
const RECONCILE_MS = 30_000;

/**
 * The servers to poll, kept current without a restart: loaded from the database at start, updated by the
 * api-gateway's lifecycle events (every replica listens: no queue group), and reconciled periodically.
 */
@Injectable()
export class ServerRegistry implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ServerRegistry.name);
  private readonly servers = new Map<string, ServerRecord>();
  private readonly listeners: ((event: RegistryEvent) => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private batch: { ids: Set<string>; result: Promise<Map<string, ServerRecord>> } | undefined;

  constructor(
    private readonly repository: ServersRepository,
    private readonly messaging: Messaging,
  ) {}

  async onModuleInit(): Promise<void> {
    // A read that fails (PostgreSQL away or saturated) is logged; the periodic reconciliation picks the change up.
    const reload = (serverId: string, passwordChanged: boolean): void =>
      void this.refresh(serverId, passwordChanged).catch((error: Error) =>
        this.logger.warn(
          { serverId, err: error.message },
          'could not read a changed server; the next reconciliation will',
        ),
      );
    this.messaging.subscribe(Subjects.serverRegistered, (e) => reload(e.serverId, false));
    this.messaging.subscribe(Subjects.serverUpdated, (e) => reload(e.serverId, e.passwordChanged));
    this.messaging.subscribe(Subjects.serverDeleted, (e) => this.remove(e.serverId));
    await this.reconcile();
    this.timer = setInterval(() => void this.reconcile().catch(() => undefined), RECONCILE_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  onChange(listener: (event: RegistryEvent) => void): void {
    this.listeners.push(listener);
  }

  get(serverId: string): ServerRecord | undefined {
    return this.servers.get(serverId);
  }

  all(): ServerRecord[] {
    return [...this.servers.values()];
  }

  /** The server from memory, or from the database (a job may arrive before its registration event). */
  async fetch(serverId: string): Promise<ServerRecord | undefined> {
    return this.servers.get(serverId) ?? (await this.refresh(serverId, false));
  }

  /** Re-reads one server (after a lifecycle event); removes it when it is gone. */
  async refresh(serverId: string, passwordChanged: boolean): Promise<ServerRecord | undefined> {
    const server = await this.read(serverId);
    if (!server) {
      this.remove(serverId);
      return undefined;
    }
    const known = this.servers.get(serverId);
    this.servers.set(serverId, server);
    const changedPassword = passwordChanged || (known !== undefined && passwordChangedBetween(known, server));
    this.emit({ type: 'upsert', server, passwordChanged: changedPassword });
    return server;
  }

  /**
   * Reads one server, batched: the reads asked for within one turn of the event loop (a burst of registrations, the
   * first jobs of servers not yet known) go out as one query instead of one each, which would queue thousands of
   * queries for the pool's few connections.
   */
  private read(serverId: string): Promise<ServerRecord | null> {
    let batch = this.batch;
    if (!batch) {
      const ids = new Set<string>();
      const result = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.batch = undefined;
        const rows = await this.repository.byIds([...ids]);
        return new Map(rows.map((r) => [r.id, r]));
      });
      result.catch(() => undefined); // each reader gets the rejection through its own chain
      batch = this.batch = { ids, result };
    }
    batch.ids.add(serverId);
    return batch.result.then((rows) => rows.get(serverId) ?? null);
  }

  private remove(serverId: string): void {
    if (!this.servers.delete(serverId)) return;
    this.emit({ type: 'delete', serverId });
  }

  private async reconcile(): Promise<void> {
    const rows = await this.repository.all();
    const seen = new Set<string>();
    for (const server of rows) {
      seen.add(server.id);
      const known = this.servers.get(server.id);
      const changed =
        !known ||
        known.address !== server.address ||
        known.port !== server.port ||
        known.addonHttpPort !== server.addonHttpPort ||
        known.certFingerprint !== server.certFingerprint ||
        passwordChangedBetween(known, server);
      this.servers.set(server.id, { ...server, addonStatus: known?.addonStatus ?? server.addonStatus });
      if (changed) {
        const passwordChanged = known !== undefined && passwordChangedBetween(known, server);
        this.emit({ type: 'upsert', server, passwordChanged });
      }
    }
    for (const id of [...this.servers.keys()]) if (!seen.has(id)) this.remove(id);
    this.logger.debug?.({ servers: rows.length }, 'server list reconciled');
  }

  private emit(event: RegistryEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
