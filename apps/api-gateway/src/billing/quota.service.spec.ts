import type { QuotaLease } from '@app/contracts';
import { ApiError } from '../http/api-error';
import type { BillingClient } from './billing.client';
import { QuotaService } from './quota.service';

/** billing-limits' lease arithmetic, in memory: grants min(asked, left) of a daily quota. */
function fakeBilling(quota: number) {
  let used = 0;
  const asks: number[] = [];
  const billing = {
    leaseQuota: async (_org: string, count: number): Promise<QuotaLease> => {
      asks.push(count);
      await new Promise((r) => setTimeout(r, 5));
      const granted = Math.min(count, quota - used);
      used += granted;
      return {
        granted,
        limit: quota,
        remaining: quota - used,
        resetAt: new Date(Date.now() + 3_600_000).toISOString(),
      };
    },
  } as unknown as BillingClient;
  return { billing, asks };
}

describe('QuotaService', () => {
  it('spends leased blocks locally and reports what is left', async () => {
    const { billing, asks } = fakeBilling(10_000);
    const quota = new QuotaService(billing);
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

  it('concurrent requests share one lease and never spend more than the quota; then 429 with when it resets', async () => {
    const { billing, asks } = fakeBilling(250);
    const quota = new QuotaService(billing);
    const results = await Promise.allSettled(Array.from({ length: 300 }, () => quota.consume('org', 250)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(250);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(50);
    const error = refused[0]!.reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.details?.retry_after_seconds).toBeGreaterThan(3500);
    // Blocks of 1 % of the quota: 125 leases of 2, and one that found nothing left.
    expect(asks).toHaveLength(126);
  });

  it('requests waiting together share one lease instead of each asking billing-limits', async () => {
    const { billing, asks } = fakeBilling(10_000);
    const quota = new QuotaService(billing);
    await Promise.all(Array.from({ length: 300 }, () => quota.consume('org', 10_000)));
    // Three blocks for 300 requests, plus at most one asked ahead.
    expect(asks.length).toBeGreaterThanOrEqual(3);
    expect(asks.length).toBeLessThanOrEqual(4);
  });
});
