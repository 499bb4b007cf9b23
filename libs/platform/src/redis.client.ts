import { once } from 'node:events';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

/** Injection token of a service's Redis connection (the counters every replica shares). */
export const REDIS = Symbol('REDIS');

/**
 * A connection that never queues a command while Redis is away: a command then fails at once (or after 5 s on a
 * stalled connection), and the caller decides to fail closed (sign-in, sign-up), open (a session's rate limit) or to
 * its own replica's limits (the public endpoints'). It reconnects in the background. The URL is never logged (it may
 * carry a password). `whileAway` says in the warning what the service does without Redis.
 */
export function connectRedis(
  url: string,
  logger = new Logger('Redis'),
  whileAway = 'sign-in and sign-up answer 503 until it is back',
): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 5000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastWarning < 30_000) return;
    lastWarning = now;
    logger.warn({ err: error.message }, `Redis unavailable: ${whileAway}`);
  });
  redis.on('ready', () => {
    if (lastWarning !== 0) logger.log('Redis reachable again');
    lastWarning = 0;
  });
  return redis;
}

/** Gives Redis up to `ms` to connect (a service's start waits for it); resolves all the same when it does not. */
export async function redisReady(redis: Redis, ms = 2000): Promise<void> {
  if (redis.status === 'ready') return;
  await once(redis, 'ready', { signal: AbortSignal.timeout(ms) }).catch(() => undefined);
}
