import { AttemptCounter, connectRedis, REDIS, redisReady, SERVICE_CONFIG } from '@app/platform';
import { Global, Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ApiGatewayConfig } from '../app.config';
import { AccountThrottles } from './account-throttles';
import { PublicLimits } from '../common/public-limits';
import { AuthThrottles } from './auth-throttles';
import { RequiredCounters } from './required-counters';
import { ThrottleMetrics } from './throttle.metrics';

/**
 * The Redis connection and the shared throttles of sign-in, sign-up, dashboard sessions and account mails, and the
 * public endpoints' rate limits (global: every feature module may inject {@link PublicLimits}).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      useFactory: (config: ApiGatewayConfig) => connectRedis(config.REDIS_URL),
      inject: [SERVICE_CONFIG],
    },
    {
      provide: AttemptCounter,
      useFactory: (redis: Redis, config: ApiGatewayConfig) => new AttemptCounter(redis, config.REDIS_KEY_PREFIX),
      inject: [REDIS, SERVICE_CONFIG],
    },
    ThrottleMetrics,
    RequiredCounters,
    AuthThrottles,
    AccountThrottles,
    PublicLimits,
  ],
  exports: [AuthThrottles, AccountThrottles, ThrottleMetrics, AttemptCounter, RequiredCounters, PublicLimits],
})
export class ThrottleModule implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Gives Redis up to 2 s to connect before the service calls itself ready; it starts without it all the same. */
  onModuleInit(): Promise<void> {
    return redisReady(this.redis);
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
