import { Injectable, Optional } from '@nestjs/common';
import { MetricsService } from '@app/observability';
import { Clock } from '@app/platform';
import type { Counter } from 'prom-client';
import { ApiError } from '../http/api-error';
import { BillingClient } from './billing.client';

/** What a response says about the quota (RateLimit-* headers). */
export interface QuotaState {
  limit: number | null;
  remaining: number | null;
  resetAt: number;
}

interface OrgQuota extends QuotaState {
  /** Requests leased from billing-limits and not used yet. */
  available: number;
  /** Size of the last lease asked for. */
  block: number;
  leasing: Promise<number> | null;
  /** The second (epoch seconds) `spentThisSecond` counts, and the count of the second before it: the recent rate. */
  second: number;
  spentThisSecond: number;
  spentLastSecond: number;
}

/** The smallest lease of a quota that allows it, and the largest lease (QuotaLeaseRequest's `count` maximum). */
const BASE_BLOCK = 100;
const MAX_BLOCK = 10_000;

/**
 * The daily API quota, counted per organisation. billing-limits owns the counter; this process leases blocks of
 * it and spends them locally, so a request costs no round trip: a block is about a second of the organisation's
 * recent rate here, at least 100 and at most 1 % of the quota (at least 1) and 10,000, and the next one
 * is asked for while half of the last is left, so a busy organisation's requests do not wait for leases either.
 * Leased requests not spent when the process stops count as used: at most one block (≤ 1 % of the quota) per stop.
 */
@Injectable()
export class QuotaService {
  private readonly orgs = new Map<string, OrgQuota>();
  private readonly rejections?: Counter;

  constructor(
    private readonly billing: BillingClient,
    private readonly clock: Clock,
    @Optional() metrics?: MetricsService,
  ) {
    this.rejections = metrics?.counter(
      'gsm_api_quota_rejections_total',
      'API requests refused with 429 QuotaExceeded because the daily quota of their organisation was used up',
    );
  }

  /**
   * Spends one request of the organisation's quota, or throws 429 with Retry-After when it is used up (counted in
   * gsm_api_quota_rejections_total unless `countRefusal` is false: the fast path's refusal is counted by Nest's).
   */
  async consume(orgId: string, dailyQuota: number | null, countRefusal = true): Promise<QuotaState> {
    let quota = this.orgs.get(orgId);
    // A new day starts a new count (resetAt 0: no lease yet, the first one is in flight).
    if (quota && quota.resetAt !== 0 && this.clock.nowMs() >= quota.resetAt) {
      this.orgs.delete(orgId);
      quota = undefined;
    }
    if (!quota) {
      quota = {
        ...{ limit: dailyQuota, remaining: dailyQuota, resetAt: 0, available: 0, block: 0, leasing: null },
        ...{ second: 0, spentThisSecond: 0, spentLastSecond: 0 },
      };
      this.orgs.set(orgId, quota);
    }
    const current = quota;
    for (let empty = 0; current.available <= 0 && empty < 3;) {
      // One lease at a time per organisation; everyone waiting shares it, and leases again if others spent it.
      current.leasing ??= this.lease(orgId, current, dailyQuota).finally(() => (current.leasing = null));
      if ((await current.leasing) > 0) continue;
      // Nothing granted: the quota is used up, or a failed early lease (then the next one reports the failure).
      if (current.remaining === 0) break;
      empty++;
    }
    if (quota.available <= 0) {
      const retryAfter = Math.max(1, Math.ceil((quota.resetAt - this.clock.nowMs()) / 1000));
      if (countRefusal) this.rejections?.inc();
      throw new ApiError(
        'QuotaExceeded',
        `the daily API quota of ${quota.limit ?? 'unlimited'} requests is used up`,
        'Wait until the quota resets (RateLimit-Reset, Retry-After) or move to a plan with a larger quota.',
        { limit: quota.limit, reset_at: new Date(quota.resetAt).toISOString(), retry_after_seconds: retryAfter },
      );
    }
    return this.spend(orgId, quota, dailyQuota);
  }

  /**
   * Spends one request if this process holds a leased one for the organisation's current day, without waiting;
   * else null and nothing is spent (then {@link consume} leases, or refuses with 429).
   */
  consumeLeased(orgId: string, dailyQuota: number | null): QuotaState | null {
    const quota = this.orgs.get(orgId);
    if (!quota || quota.available <= 0 || quota.resetAt === 0 || this.clock.nowMs() >= quota.resetAt) return null;
    return this.spend(orgId, quota, dailyQuota);
  }

  /** Whether a lease of the organisation's quota is on its way from billing-limits. */
  leasing(orgId: string): boolean {
    return (this.orgs.get(orgId)?.leasing ?? null) !== null;
  }

  private spend(orgId: string, quota: OrgQuota, dailyQuota: number | null): QuotaState {
    quota.available--;
    const second = Math.floor(this.clock.nowMs() / 1000);
    if (second !== quota.second) {
      quota.spentLastSecond = second === quota.second + 1 ? quota.spentThisSecond : 0;
      quota.spentThisSecond = 0;
      quota.second = second;
    }
    quota.spentThisSecond++;
    // Ask for the next block while half of this one is left, so requests do not wait for it.
    if (quota.available === quota.block >> 1 && quota.block > 1 && !quota.leasing && quota.remaining !== 0) {
      const current = quota;
      current.leasing = this.lease(orgId, current, dailyQuota)
        .catch(() => 0)
        .finally(() => (current.leasing = null));
    }
    return {
      limit: quota.limit,
      remaining: quota.remaining === null ? null : quota.remaining + quota.available,
      resetAt: quota.resetAt,
    };
  }

  private async lease(orgId: string, quota: OrgQuota, dailyQuota: number | null): Promise<number> {
    const cap = dailyQuota === null ? MAX_BLOCK : Math.max(1, Math.min(MAX_BLOCK, Math.floor(dailyQuota / 100)));
    const block = Math.min(cap, Math.max(BASE_BLOCK, quota.spentThisSecond, quota.spentLastSecond));
    quota.block = block;
    const lease = await this.billing.leaseQuota(orgId, block);
    quota.available += lease.granted;
    quota.limit = lease.limit;
    quota.remaining = lease.remaining;
    quota.resetAt = Date.parse(lease.resetAt);
    return lease.granted;
  }
}
