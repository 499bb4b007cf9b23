import { SessionIdleRule } from '@app/contracts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { RealtimeGatewayConfig } from '../app.config';
import { AccessRepository } from '../handshake/access.repository';
import { ConnectionRegistry } from './connection-registry';

/** Session token hashes read per query in one sweep. */
const SWEEP_BATCH = 500;

/**
 * Ends the live connections of dashboard sessions that went idle (SESSION_IDLE_TIMEOUT_MINUTES, the api-gateway's
 * rule): a live connection is no use of the API and writes nothing, so a session left open in a tab dies of
 * idleness like any other, and its socket is told so (`session.ended.v1`, reason `expired`; the dashboard signs out).
 *
 * Every replica checks the sessions of its own sockets every {@link SessionIdleRule.touchIntervalMs} (a quarter of
 * the timeout, at most a minute) with one query per 500 sessions: a connection outlives its session's idle deadline
 * by at most that interval. Revocations and the absolute expiry are not waited for here (events and timers end
 * those at once, see {@link ConnectionRegistry}).
 */
@Injectable()
export class IdleSessionSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IdleSessionSweeper.name);
  private readonly idle: SessionIdleRule;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly access: AccessRepository,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: Pick<RealtimeGatewayConfig, 'SESSION_IDLE_TIMEOUT_MINUTES'>,
  ) {
    this.idle = new SessionIdleRule(config.SESSION_IDLE_TIMEOUT_MINUTES);
  }

  /** How often the sessions of live connections are checked. */
  get intervalMs(): number {
    return this.idle.touchIntervalMs;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn({ err: (error as Error).message }, 'could not check live sessions for idleness'),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Ends the connections of every idle session of this replica; resolves with how many sockets ended. */
  sweep(): Promise<number> {
    this.sweeping ??= this.run().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async run(): Promise<number> {
    const now = this.clock.now();
    const hashes = this.registry
      .tokens()
      .filter((hash) => this.registry.socketsOfToken(hash).some((s) => s.data.principal.kind === 'session'));
    let ended = 0;
    for (let i = 0; i < hashes.length; i += SWEEP_BATCH) {
      const batch = hashes.slice(i, i + SWEEP_BATCH);
      const activity = await this.access.sessionActivity(batch);
      for (const hash of batch) {
        const session = activity.get(hash);
        // A session gone from the table was revoked or deleted: its event (or the reconnect re-check) ends it.
        if (!session || !this.idle.isIdle(session, now)) continue;
        for (const socket of this.registry.socketsOfToken(hash)) {
          this.registry.end(socket, 'expired');
          ended++;
        }
      }
    }
    if (ended > 0) this.logger.log({ sockets: ended }, 'idle sessions; their connections ended');
    return ended;
  }
}
