import { MetricsService } from '@app/observability';
import { Clock, SERVICE_CONFIG, TokenBuckets, type BucketAnswer } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { RealtimeGatewayConfig } from '../app.config';

/**
 * What keeps one client from loading the gateway (and PostgreSQL behind it): handshakes per client address (each
 * checks a token in the database), room joins per connection and per address (each reads a snapshot). Token
 * buckets in memory, per replica; the client address honours X-Forwarded-For only behind TRUST_PROXY.
 */
@Injectable()
export class RealtimeLimits {
  private readonly handshakes: TokenBuckets;
  private readonly joinsPerSocket: TokenBuckets;
  private readonly joinsPerAddress: TokenBuckets;
  private readonly rejected: Counter<'limit'>;

  constructor(
    @Inject(SERVICE_CONFIG) config: RealtimeGatewayConfig,
    private readonly clock: Clock,
    metrics: MetricsService,
  ) {
    this.handshakes = new TokenBuckets({ perMinute: config.REALTIME_HANDSHAKES_PER_ADDRESS });
    this.joinsPerSocket = new TokenBuckets({ perMinute: config.REALTIME_JOINS_PER_SOCKET, maxKeys: 200_000 });
    this.joinsPerAddress = new TokenBuckets({ perMinute: config.REALTIME_JOINS_PER_ADDRESS });
    this.rejected = metrics.counter('gsm_realtime_rate_limited_total', 'Handshakes and room joins refused by a limit', [
      'limit',
    ]);
  }

  /** One handshake from `address`. */
  handshake(address: string): BucketAnswer {
    return this.count(this.handshakes.take(address, this.clock.nowMs()), 'handshakes_per_address');
  }

  /** One room join by a connection from `address` (the connection's allowance first, then the address's). */
  join(socketId: string, address: string): BucketAnswer {
    const now = this.clock.nowMs();
    const own = this.count(this.joinsPerSocket.take(socketId, now), 'joins_per_socket');
    if (!own.ok) return own;
    return this.count(this.joinsPerAddress.take(address, now), 'joins_per_address');
  }

  private count(answer: BucketAnswer, limit: string): BucketAnswer {
    if (!answer.ok) this.rejected.inc({ limit });
    return answer;
  }
}
