import { MetricsService } from '@app/observability';
import { AttemptCounter, Clock, SERVICE_CONFIG, SharedRateLimit, TokenBuckets, type BucketAnswer } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { RealtimeGatewayConfig } from '../app.config';

/**
 * What keeps one client from loading the gateway (and PostgreSQL behind it): handshakes per client address (each
 * checks a token in the database), room joins per connection and per address (each reads a snapshot). The
 * per-address limits are shared by every replica (a minute's window in Redis, {@link SharedRateLimit}; without Redis
 * each replica's own bucket); a connection lives on one replica, so its own limit is a token bucket in memory. The
 * client address honours X-Forwarded-For only behind TRUST_PROXY.
 */
@Injectable()
export class RealtimeLimits {
  private readonly logger = new Logger('RealtimeLimits');
  private readonly handshakes: SharedRateLimit;
  private readonly joinsPerSocket: TokenBuckets;
  private readonly joinsPerAddress: SharedRateLimit;
  private readonly rejected: Counter<'limit'>;
  private readonly local: Counter<'limit'>;
  private lastWarning = 0;

  constructor(
    @Inject(SERVICE_CONFIG) config: RealtimeGatewayConfig,
    private readonly clock: Clock,
    counter: AttemptCounter,
    metrics: MetricsService,
  ) {
    const shared = (name: string, perMinute: number) =>
      new SharedRateLimit(counter, clock, { name, perMinute, onLocal: (error) => this.wentLocal(name, error) });
    this.handshakes = shared('realtime_handshakes', config.REALTIME_HANDSHAKES_PER_ADDRESS);
    this.joinsPerSocket = new TokenBuckets({ perMinute: config.REALTIME_JOINS_PER_SOCKET, maxKeys: 200_000 });
    this.joinsPerAddress = shared('realtime_joins', config.REALTIME_JOINS_PER_ADDRESS);
    this.rejected = metrics.counter('gsm_realtime_rate_limited_total', 'Handshakes and room joins refused by a limit', [
      'limit',
    ]);
    this.local = metrics.counter(
      'gsm_realtime_rate_limits_local_total',
      "Handshakes and joins limited by the replica's own bucket because Redis could not be reached",
      ['limit'],
    );
  }

  /** One handshake from `address` (every replica together). */
  async handshake(address: string): Promise<BucketAnswer> {
    return this.count(await this.handshakes.take(address), 'handshakes_per_address');
  }

  /** One room join by a connection from `address` (the connection's allowance first, then the address's). */
  async join(socketId: string, address: string): Promise<BucketAnswer> {
    const own = this.count(this.joinsPerSocket.take(socketId, this.clock.nowMs()), 'joins_per_socket');
    if (!own.ok) return own;
    return this.count(await this.joinsPerAddress.take(address), 'joins_per_address');
  }

  private count(answer: BucketAnswer, limit: string): BucketAnswer {
    if (!answer.ok) this.rejected.inc({ limit });
    return answer;
  }

  private wentLocal(name: string, error: Error): void {
    this.local.inc({ limit: name });
    const now = this.clock.nowMs();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.logger.warn({ err: error.message }, "rate limits per replica: Redis unavailable (each replica's own)");
  }
}
