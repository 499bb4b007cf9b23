import type { QuotaLease } from '@app/contracts';
import { MetricsService } from '@app/observability';
import { ManualClock } from '@app/platform';
import { ApiError } from '../http/api-error';
import type { BillingClient } from './billing.client';
import { QuotaService } from './quota.service';

const DAY_MS = 86_400_000;
const nextUtcMidnight = (now: number) => Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;

/** billing-limits' lease arithmetic, in memory: grants min(asked, left) of a quota per UTC day of the clock. */
function fakeBilling(quota: number, clock: ManualClock) {
  const usedByDay = new Map<number, number>();
  const asks: number[] = [];
  const billing = {
    leaseQuota: async (_org: string, count: number): Promise<QuotaLease> => {
      asks.push(count);
      await new Promise((r) => setTimeout(r, 5));
      const day = Math.floor(clock.nowMs() / DAY_MS);
      const used = usedByDay.get(day) ?? 0;
      const granted = Math.min(count, quota - used);
      usedByDay.set(day, used + granted);
      return {
        granted,
        limit: quota,
        remaining: quota - used - granted,
        resetAt: new Date(nextUtcMidnight(clock.nowMs())).toISOString(),
      };
    },
  } as unknown as BillingClient;
  return { billing, asks };
}

describe('QuotaService', () => {
  const clock = new ManualClock(Date.parse('2026-11-22T12:00:00.000Z'));

  it('spends leased blocks locally and reports what is left', async () => {
    const { billing, asks } = fakeBilling(10_000, clock);
    const quota = new QuotaService(billing, clock);
    const first = await quota.consume('org', 10_000);
    expect(first).toMatchObject({ limit: 10_000, remaining: 9_999 });
    for (let i = 0; i < 48; i++) await quota.consume('org', 10_000);
    expect(asks).toEqual([100]);
    // Half the block spent: the next block is asked for ahead of need, and no request waits for it.
    await quota.consume('org', 10_000);
    expect(asks).toEqual([100, 100]);
    for (let i = 0; i < 50; i++) await quota.consume('org', 10_000);
    const next = await quota.consume('org', 10_000);
    expect(next.remaining).toBe(9_899);
    expect(asks).toEqual([100, 100]);
  });

  it("a busy organisation's leases grow to about a second of its rate, never over 1 % of the quota", async () => {
    const { billing, asks } = fakeBilling(10_000_000, clock);
    const quota = new QuotaService(billing, clock);
    // 3,000 requests within one second: each lease is asked for at half of the last, sized by the count so far.
    for (let i = 0; i < 3_000; i++) await quota.consume('busy', 10_000_000);
    expect(asks[0]).toBe(100);
    expect(Math.max(...asks)).toBeGreaterThan(1_000);
    // Leases ask for ~the rate: 3,000 requests took a handful of round trips, not 30.
    expect(asks.length).toBeLessThan(12);
    // Never more than one lease may carry (QuotaLeaseRequest: at most 10,000).
    for (let i = 0; i < 30_000; i++) await quota.consume('busy', 10_000_000);
    expect(Math.max(...asks)).toBe(10_000);
    // A quota of 10,000 keeps blocks of 100 (1 %) at any rate.
    const { billing: small, asks: smallAsks } = fakeBilling(10_000, clock);
    const limited = new QuotaService(small, clock);
    for (let i = 0; i < 1_000; i++) await limited.consume('small', 10_000);
    expect(new Set(smallAsks)).toEqual(new Set([100]));
  });

  it('concurrent requests share one lease and never spend more than the quota; then 429 with when it resets', async () => {
    const { billing, asks } = fakeBilling(250, clock);
    const metrics = new MetricsService({ service: 'api-gateway' });
    const quota = new QuotaService(billing, clock, metrics);
    const results = await Promise.allSettled(Array.from({ length: 300 }, () => quota.consume('org', 250)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(250);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(50);
    const error = refused[0]!.reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.details?.retry_after_seconds).toBe(Math.ceil((nextUtcMidnight(clock.nowMs()) - clock.nowMs()) / 1000));
    // Blocks of 1 % of the quota: 125 leases of 2, and one that found nothing left.
    expect(asks).toHaveLength(126);
    // Every refusal is counted for the operators' dashboard.
    expect(await metrics.registry.getSingleMetricAsString('gsm_api_quota_rejections_total')).toContain(
      'gsm_api_quota_rejections_total{service="api-gateway"} 50',
    );
  });

  it('requests waiting together share one lease instead of each asking billing-limits', async () => {
    const { billing, asks } = fakeBilling(10_000, clock);
    const quota = new QuotaService(billing, clock);
    await Promise.all(Array.from({ length: 300 }, () => quota.consume('org', 10_000)));
    // Three blocks for 300 requests, plus at most one asked ahead.
    expect(asks.length).toBeGreaterThanOrEqual(3);
    expect(asks.length).toBeLessThanOrEqual(4);
  });

  it('a new UTC day resets the count: refused at 23:59:59, served again after midnight (injected clock)', async () => {
    const late = new ManualClock(Date.parse('2026-11-22T23:59:59.000Z'));
    const { billing } = fakeBilling(3, late);
    const quota = new QuotaService(billing, late);
    for (let i = 0; i < 3; i++) await quota.consume('org', 3);
    const refused = await quota.consume('org', 3).catch((e: unknown) => e as ApiError);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).details?.retry_after_seconds).toBe(1);
    late.set(Date.parse('2026-11-23T00:00:00.500Z'));
    const served = await quota.consume('org', 3);
    expect(served).toMatchObject({ limit: 3, remaining: 2, resetAt: Date.parse('2026-11-24T00:00:00.000Z') });
  });

  it('consumeLeased spends only what is already leased for the current day, never waits, never refuses', async () => {
    const day = new ManualClock(Date.parse('2026-11-22T23:59:58.000Z'));
    const { billing, asks } = fakeBilling(400, day);
    const quota = new QuotaService(billing, day);
    // Nothing leased yet: nothing spent, nothing asked (consume leases).
    expect(quota.consumeLeased('org', 400)).toBeNull();
    expect(asks).toEqual([]);
    expect(await quota.consume('org', 400)).toMatchObject({ remaining: 399 });
    // The lease of 4 has 3 left: spent here with the same accounting (the next block is asked for at half).
    expect(quota.consumeLeased('org', 400)).toMatchObject({ limit: 400, remaining: 398 });
    expect(quota.consumeLeased('org', 400)).toMatchObject({ remaining: 397 });
    expect(asks).toEqual([4, 4]);
    await new Promise((r) => setTimeout(r, 20));
    // Past midnight the day's lease is not spent (consume starts the new day).
    day.set(Date.parse('2026-11-23T00:00:00.100Z'));
    expect(quota.consumeLeased('org', 400)).toBeNull();
    expect(await quota.consume('org', 400)).toMatchObject({ remaining: 399 });
  });
});
