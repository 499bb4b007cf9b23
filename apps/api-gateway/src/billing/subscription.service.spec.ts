import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import type { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import type { BillingClient } from './billing.client';
import type { BillingRepository, PlanRecord } from './billing.repository';
import { SubscriptionService } from './subscription.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const admin: Principal = {
  kind: 'session',
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  emailVerified: true,
  orgId: ORG,
  role: 'admin',
  scopes: null,
  sessionId: 's',
  tokenId: null,
  tokenHash: 'h',
};
const pro = {
  id: 'pro',
  name: 'Pro',
  currency: 'EUR',
  priceMonthlyCents: 1900,
  priceYearlyCents: 19000,
  maxServers: 10,
  apiAccess: true,
  apiDailyQuota: 10_000,
} as PlanRecord;

function setup() {
  const clock = new ManualClock(Date.parse('2026-03-01T23:59:59Z'));
  const repository = {
    plans: jest.fn(async () => [pro]),
    subscription: jest.fn(async () => ({ period: 'yearly', startedAt: new Date('2026-01-01T00:00:00Z') })),
    serversUsed: jest.fn(async () => 3),
    apiRequestsOn: jest.fn(async () => 9_990),
  };
  const messaging = { request: jest.fn() };
  const billing = {
    entitlements: jest.fn(async () => ({
      planId: 'pro',
      maxServers: 10,
      retentionHours: 720,
      apiAccess: true,
      apiDailyQuota: 10_000,
    })),
    forget: jest.fn(),
  };
  const audit = { record: jest.fn(async () => undefined) };
  const service = new SubscriptionService(
    repository as unknown as BillingRepository,
    messaging as unknown as Messaging,
    billing as unknown as BillingClient,
    audit as unknown as AuditService,
    clock,
  );
  return { service, repository, messaging, billing, audit, clock };
}

describe('SubscriptionService', () => {
  it("today's usage is counted on the UTC day of the clock and resets at the next UTC midnight", async () => {
    const { service, repository, clock } = setup();
    expect(await service.usage(ORG)).toEqual({
      day: '2026-03-01',
      api_requests: { used: 9_990, limit: 10_000, remaining: 10, reset_at: '2026-03-02T00:00:00.000Z' },
      servers: { used: 3, limit: 10 },
    });
    expect(repository.apiRequestsOn).toHaveBeenCalledWith(ORG, '2026-03-01');
    clock.advance(1_000);
    repository.apiRequestsOn.mockResolvedValue(0);
    expect(await service.usage(ORG)).toMatchObject({ day: '2026-03-02', api_requests: { remaining: 10_000 } });
  });

  it('shows prices in euros and the subscription with its limits', async () => {
    const { service } = setup();
    expect(await service.subscription(ORG)).toMatchObject({
      plan: { id: 'pro', price: { currency: 'EUR', monthly: 19, yearly: 190 } },
      period: 'yearly',
      started_at: '2026-01-01T00:00:00.000Z',
      limits: { servers: 10, retention_hours: 720, api_daily_quota: 10_000 },
      usage: { servers: 3 },
    });
  });

  it('a downgrade below the servers in use is a 409 naming how many to remove; nothing is audited', async () => {
    const { service, messaging, audit, billing } = setup();
    messaging.request.mockResolvedValue({
      ok: false,
      reason: 'too_many_servers',
      planId: 'free',
      limit: 1,
      used: 3,
      toRemove: 2,
    });
    await expect(service.change(admin, { plan: 'free', period: 'monthly' })).rejects.toMatchObject({
      status: 409,
      remedy: 'Remove 2 server(s) first, then change the plan.',
      details: { plan: 'free', limit: 1, used: 3, to_remove: 2 },
    });
    expect(audit.record).not.toHaveBeenCalled();
    expect(billing.forget).not.toHaveBeenCalled();
  });

  it('Enterprise is not self-service (409); no answer from billing-limits is a 503', async () => {
    const { service, messaging } = setup();
    messaging.request.mockResolvedValue({ ok: false, reason: 'not_self_service', planId: 'enterprise' });
    await expect(service.change(admin, { plan: 'enterprise', period: 'monthly' })).rejects.toMatchObject({
      status: 409,
    });
    messaging.request.mockRejectedValue(new Error('timeout'));
    await expect(service.change(admin, { plan: 'pro', period: 'monthly' })).rejects.toMatchObject({ status: 503 });
  });

  it('a change drops the cached entitlements and is audited with the previous plan', async () => {
    const { service, messaging, audit, billing } = setup();
    messaging.request.mockResolvedValue({
      ok: true,
      changed: true,
      planId: 'pro',
      previousPlanId: 'hobby',
      period: 'yearly',
    });
    await service.change(admin, { plan: 'pro', period: 'yearly' });
    expect(billing.forget).toHaveBeenCalledWith(ORG);
    expect(audit.record).toHaveBeenCalledWith(
      admin,
      'plan.changed',
      { type: 'organisation', id: ORG },
      {
        plan: 'pro',
        previous_plan: 'hobby',
        period: 'yearly',
      },
    );
  });
});
