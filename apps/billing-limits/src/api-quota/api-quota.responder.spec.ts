import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import type { EntitlementsRepository, PlanRow } from '../entitlements/entitlements.repository';
import type { ApiQuotaRepository } from './api-quota.repository';
import { ApiQuotaResponder } from './api-quota.responder';

const plan = { apiAccess: true, apiDailyQuota: 1000 } as PlanRow;

function responderAt(clock: ManualClock) {
  const days: string[] = [];
  const repository = {
    lease: jest.fn(async (_orgId: string, day: string, count: number) => {
      days.push(day);
      return { granted: count, used: count };
    }),
  } as unknown as ApiQuotaRepository;
  const plans = { planOf: async () => plan } as unknown as EntitlementsRepository;
  return { responder: new ApiQuotaResponder({} as Messaging, plans, repository, clock), days };
}

describe('ApiQuotaResponder, on the injected clock', () => {
  it('counts a lease on the UTC day of the clock, and the day rolls over at UTC midnight', async () => {
    const clock = new ManualClock(new Date('2026-03-01T23:59:59.999Z'));
    const { responder, days } = responderAt(clock);
    await expect(responder.lease('org', 10)).resolves.toEqual({
      granted: 10,
      limit: 1000,
      remaining: 990,
      resetAt: '2026-03-02T00:00:00.000Z',
    });
    clock.advance(1);
    await expect(responder.lease('org', 10)).resolves.toMatchObject({ resetAt: '2026-03-03T00:00:00.000Z' });
    expect(days).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('writes nothing for a plan without API access, and still names the next reset', async () => {
    const clock = new ManualClock(new Date('2026-12-31T12:00:00Z'));
    const { responder, days } = responderAt(clock);
    plan.apiAccess = false;
    try {
      await expect(responder.lease('org', 5)).resolves.toEqual({
        granted: 0,
        limit: 0,
        remaining: 0,
        resetAt: '2027-01-01T00:00:00.000Z',
      });
    } finally {
      plan.apiAccess = true;
    }
    expect(days).toEqual([]);
  });
});
