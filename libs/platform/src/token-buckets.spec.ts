import { ExpiringSet, TokenBuckets } from './token-buckets';

describe('token buckets', () => {
  it('allow a burst of perMinute, then refill at perMinute a minute, per key', () => {
    const buckets = new TokenBuckets({ perMinute: 60 });
    for (let i = 0; i < 60; i++) expect(buckets.take('a', 0).ok).toBe(true);
    expect(buckets.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take('b', 0).ok).toBe(true);
    expect(buckets.take('a', 999).ok).toBe(false);
    expect(buckets.take('a', 1000).ok).toBe(true);
    expect(buckets.take('a', 1000).ok).toBe(false);
    // A minute later the bucket is full again, and forgotten.
    expect(buckets.has('a', 61_000)).toBe(true);
    expect(buckets.size).toBe(1);
  });

  it('say how long until the next request for slow rates, and give back refunds', () => {
    const buckets = new TokenBuckets({ perMinute: 10 });
    for (let i = 0; i < 10; i++) buckets.take('x', 0);
    expect(buckets.take('x', 0)).toEqual({ ok: false, retryAfterSeconds: 6 });
    buckets.refund('x', 0);
    expect(buckets.take('x', 0).ok).toBe(true);
  });

  it('keep at most maxKeys keys (a flood of addresses cannot grow memory)', () => {
    const buckets = new TokenBuckets({ perMinute: 5, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) buckets.take(`addr-${i}`, 0);
    expect(buckets.size).toBe(100);
  });
});

describe('expiring set', () => {
  it('remembers keys for its time to live, at most maxEntries', () => {
    const set = new ExpiringSet(60_000, 3);
    set.add('a', 0);
    expect(set.has('a', 59_999)).toBe(true);
    expect(set.has('a', 60_000)).toBe(false);
    for (const k of ['b', 'c', 'd', 'e']) set.add(k, 0);
    expect(set.size).toBe(3);
    expect(set.has('b', 1)).toBe(false);
    expect(set.has('e', 1)).toBe(true);
  });
});
