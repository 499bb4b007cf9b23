import type { Messaging } from '@app/messaging';
import { ManualClock } from '@app/platform';
import { Logger } from '@nestjs/common';
import type { LockedOrganisation, SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsResponder } from './subscriptions.responder';

/** One organisation with this subscription (null: none yet), three servers, plans that all take them. */
function setUp(current: SubscriptionRow | null) {
  const saved: { planId: string; period: string; at: string }[] = [];
  const published: { occurredAt: string }[] = [];
  const org: LockedOrganisation = {
    subscription: async () => current,
    plan: async () => ({ selfService: true, maxServers: 10 }),
    serverCount: async () => 3,
    save: async (planId, period, at) => {
      saved.push({ planId, period, at: at.toISOString() });
      return current && current.planId === planId ? current.startedAt : at;
    },
  };
  const repository = {
    withOrganisationLocked: <T>(_orgId: string, work: (o: LockedOrganisation) => Promise<T>) => work(org),
  } as unknown as SubscriptionsRepository;
  const messaging = { publish: (_c: unknown, payload: { occurredAt: string }) => published.push(payload) };
  return { repository, messaging: messaging as unknown as Messaging, saved, published };
}

describe('SubscriptionsResponder, on the injected clock', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('starts a new plan at the clock time and announces the change as of that time', async () => {
    const clock = new ManualClock(new Date('2026-07-01T08:30:00.000Z'));
    const startedAt = new Date('2026-01-15T00:00:00.000Z');
    const { repository, messaging, saved, published } = setUp({
      planId: 'hobby',
      period: 'monthly',
      customMaxServers: null,
      startedAt,
    });
    const responder = new SubscriptionsResponder(messaging, repository, clock);
    await expect(responder.change(randomOrg(), 'pro', 'monthly')).resolves.toMatchObject({
      ok: true,
      changed: true,
      startedAt: '2026-07-01T08:30:00.000Z',
    });
    expect(saved).toEqual([{ planId: 'pro', period: 'monthly', at: '2026-07-01T08:30:00.000Z' }]);
    expect(published.map((p) => p.occurredAt)).toEqual(['2026-07-01T08:30:00.000Z']);
  });

  it('a period change alone keeps the start of the plan; an organisation without a row starts now', async () => {
    const clock = new ManualClock(new Date('2026-07-01T08:30:00.000Z'));
    const startedAt = new Date('2026-01-15T00:00:00.000Z');
    const kept = setUp({ planId: 'pro', period: 'monthly', customMaxServers: null, startedAt });
    await expect(
      new SubscriptionsResponder(kept.messaging, kept.repository, clock).change(randomOrg(), 'pro', 'yearly'),
    ).resolves.toMatchObject({ changed: true, startedAt: '2026-01-15T00:00:00.000Z' });

    clock.advance(60_000);
    const fresh = setUp(null);
    await expect(
      new SubscriptionsResponder(fresh.messaging, fresh.repository, clock).change(randomOrg(), 'free', 'monthly'),
    ).resolves.toMatchObject({ changed: false, startedAt: '2026-07-01T08:31:00.000Z' });
    expect(fresh.published).toEqual([]);
  });
});

function randomOrg(): string {
  return '0190f5f0-0000-7000-8000-000000000001';
}
