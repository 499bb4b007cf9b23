import { Requests, Subjects, type PlanEntitlements, type QuotaLease } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { PromiseCache } from '../common/promise-cache';

const CACHE_MS = 30_000;

const unavailable = () =>
  new ApiError(
    'ServiceUnavailable',
    'plan information is unavailable right now',
    'Try again in a few seconds; nothing was changed.',
  );

/**
 * What billing-limits says over NATS request-reply: an organisation's entitlements (cached 30 s, dropped at once
 * when its plan changes) and leases of its daily API quota.
 */
@Injectable()
export class BillingClient implements OnModuleInit {
  private readonly logger = new Logger(BillingClient.name);
  private readonly cache = new PromiseCache<PlanEntitlements>(CACHE_MS);

  constructor(private readonly messaging: Messaging) {}

  onModuleInit(): void {
    this.messaging.subscribe(Subjects.planChanged, ({ orgId }) => {
      this.cache.delete(orgId);
    });
  }

  /** Drops the cached entitlements (after this replica changed the plan; the event tells the others). */
  forget(orgId: string): void {
    this.cache.delete(orgId);
  }

  entitlements(orgId: string): Promise<PlanEntitlements> {
    return this.cache.get(orgId, () =>
      this.messaging.request(Requests.entitlements, { orgId }, { timeoutMs: 2000 }).catch((error) => {
        this.logger.warn(
          { orgId, err: (error as Error).message },
          'billing-limits did not answer an entitlements request',
        );
        throw unavailable();
      }),
    );
  }

  async leaseQuota(orgId: string, count: number): Promise<QuotaLease> {
    try {
      return await this.messaging.request(Requests.quotaLease, { orgId, count }, { timeoutMs: 2000 });
    } catch (error) {
      this.logger.warn({ orgId, err: (error as Error).message }, 'billing-limits did not answer a quota lease');
      throw unavailable();
    }
  }
}

/** Whether the plan includes public status pages (a billing-limits older than the flag: the share-links plans). */
export function statusPagesAllowed(plan: PlanEntitlements): boolean {
  return plan.statusPages ?? plan.shareLinks;
}
