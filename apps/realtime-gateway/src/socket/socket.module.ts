import { AttemptCounter, connectRedis, REDIS, redisReady, SERVICE_CONFIG } from '@app/platform';
import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { RealtimeGatewayConfig } from '../app.config';
import { RealtimeLimits } from './abuse-limits';
import { IoServer } from './io.server';

/**
 * The Socket.IO server instance every feature emits through, and the connection and join limits (their counters
 * per client address in Redis, shared with the other replicas).
 */
@Module({
  providers: [
    IoServer,
    {
      provide: REDIS,
      useFactory: (config: RealtimeGatewayConfig) =>
        connectRedis(config.REDIS_URL, undefined, "handshake and join limits are each replica's own until it is back"),
      inject: [SERVICE_CONFIG],
    },
    {
      provide: AttemptCounter,
      useFactory: (redis: Redis, config: RealtimeGatewayConfig) => new AttemptCounter(redis, config.REDIS_KEY_PREFIX),
      inject: [REDIS, SERVICE_CONFIG],
    },
    RealtimeLimits,
  ],
  exports: [IoServer, RealtimeLimits],
})
export class SocketModule implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Gives Redis up to 2 s to connect before the service calls itself ready; it starts without it all the same. */
  onModuleInit(): Promise<void> {
    return redisReady(this.redis);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
