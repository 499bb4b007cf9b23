import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * One atomic step over several fixed-window counters: if any counter already holds its limit, nothing is counted and
 * the answer is "refused" with the time until that window ends; otherwise every counter is incremented (a new one
 * gets the window as its expiry). Redis runs a script alone, so N parallel callers on any number of replicas see
 * N distinct counts: exactly `limit` of them are admitted per window, never more.
 *
 * KEYS: the counters. ARGV[1]: the window in ms; ARGV[2..]: each key's limit.
 * Returns {1, count of the first key, its remaining ms, 0} or {0, count of the refusing key, its remaining ms, its
 * index (1-based)}.
 */
const TAKE = `
local window = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then redis.call('PEXPIRE', key, window); ttl = window end
    return {0, count, ttl, i}
  end
end
local first, firstTtl = 0, window
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if count == 1 or ttl < 0 then redis.call('PEXPIRE', key, window); ttl = window end
  if i == 1 then first, firstTtl = count, ttl end
end
return {1, first, firstTtl, 0}
`;

/** Gives back one counted attempt (a successful sign-in) without going below zero. */
const REFUND = `
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 1 then redis.call('DECR', key) elseif count == 1 then redis.call('DEL', key) end
end
return 1
`;

export interface Take {
  admitted: boolean;
  /** The count after this attempt (admitted) or the refusing counter's count. */
  count: number;
  /** Whole seconds until the (refusing, else first) counter's window ends; at least 1. */
  resetSeconds: number;
  /** When refused: the index (in the counters given) of the counter that was full. */
  refusedBy?: number;
}

export interface Counted {
  key: string;
  limit: number;
}

type Scripted = Redis & {
  gsmTake(numKeys: number, ...args: (string | number)[]): Promise<[number, number, number, number]>;
  gsmRefund(numKeys: number, ...keys: string[]): Promise<number>;
};

/** Fixed-window attempt counters in Redis, shared by every replica; keys are hashed (no e-mail or address in Redis). */
export class AttemptCounter {
  private readonly redis: Scripted;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('gsmTake', { lua: TAKE });
    redis.defineCommand('gsmRefund', { lua: REFUND });
    this.redis = redis as Scripted;
  }

  /** The Redis key of a counter: `<prefix>throttle:<kind>:<sha256 of the subject, 32 hex>`. */
  key(kind: string, subject: string): string {
    const digest = createHash('sha256').update(subject).digest('hex').slice(0, 32);
    return `${this.prefix}throttle:${kind}:${digest}`;
  }

  /** Checks and counts in one step (see TAKE); rejects when Redis cannot be reached. */
  async take(counters: readonly Counted[], windowMs: number): Promise<Take> {
    const [admitted, count, ttl, refusing] = await this.redis.gsmTake(
      counters.length,
      ...counters.map((c) => c.key),
      windowMs,
      ...counters.map((c) => c.limit),
    );
    const resetSeconds = Math.max(1, Math.ceil(ttl / 1000));
    return admitted === 1
      ? { admitted: true, count, resetSeconds }
      : { admitted: false, count, resetSeconds, refusedBy: refusing - 1 };
  }

  async refund(keys: readonly string[]): Promise<void> {
    await this.redis.gsmRefund(keys.length, ...keys);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
