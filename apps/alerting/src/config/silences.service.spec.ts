import { ManualClock } from '@app/platform';
import { type AlertConfigFailure } from './alert-config.errors';
import type { AlertRulesRepository } from './alert-rules.repository';
import type { ConfigChanges } from './config-changes.publisher';
import type { OrgServersRepository } from './org-servers.repository';
import type { SilenceRecord, SilencesRepository } from './silences.repository';
import { SilencesService } from './silences.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-0000000000e1';
const OTHER_RULE = '00000000-0000-4000-8000-0000000000b9';

describe('SilencesService (mocked repositories, manual clock)', () => {
  // A Monday, 02:30 UTC.
  const clock = new ManualClock(new Date('2026-03-02T02:30:00Z'));
  let silences: jest.Mocked<Pick<SilencesRepository, 'list' | 'create' | 'find' | 'delete'>>;
  let rules: jest.Mocked<Pick<AlertRulesRepository, 'existsInOrg'>>;
  let service: SilencesService;

  beforeEach(() => {
    clock.set(new Date('2026-03-02T02:30:00Z'));
    silences = {
      list: jest.fn().mockResolvedValue([]),
      create: jest.fn(
        async (s) => ({ ...s, id: '00000000-0000-4000-8000-0000000000f1', createdAt: clock.now() }) as SilenceRecord,
      ),
      find: jest.fn(),
      delete: jest.fn(),
    };
    rules = { existsInOrg: jest.fn().mockResolvedValue(false) };
    service = new SilencesService(
      silences as unknown as SilencesRepository,
      { find: jest.fn().mockResolvedValue({ id: 'x', name: 'x' }) } as unknown as OrgServersRepository,
      rules as unknown as AlertRulesRepository,
      { announce: jest.fn() } as unknown as ConfigChanges,
      clock,
    );
  });

  it('a weekly maintenance window mutes during its minutes in its time zone only', async () => {
    const input = {
      reason: 'backup',
      recurrence: { days: ['mon' as const], start: '02:00', duration_minutes: 60, time_zone: 'UTC' },
    };
    const during = await service.create(ORG, USER, input);
    expect(during.active_now).toBe(true);
    expect(during.recurrence).toEqual({ days: ['mon'], start: '02:00', duration_minutes: 60, time_zone: 'UTC' });
    expect(silences.create).toHaveBeenCalledWith(
      expect.objectContaining({ days: [1], startMinute: 120, durationMinutes: 60, createdBy: USER }),
    );
    clock.set(new Date('2026-03-02T03:30:00Z'));
    expect((await service.create(ORG, USER, input)).active_now).toBe(false);
  });

  it('a silence that would end before it starts (now, by the clock) is refused', async () => {
    const error = (await service
      .create(ORG, USER, { reason: '', ends_at: '2026-03-02T02:00:00Z' })
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(error.code).toBe('ValidationFailed');
    expect(error.details).toEqual({ fields: [{ field: 'ends_at', problem: 'not after starts_at' }] });
    expect(silences.create).not.toHaveBeenCalled();
  });

  it('refuses an unknown time zone, and a rule of another organisation as 404', async () => {
    const zone = (await service
      .create(ORG, USER, {
        reason: '',
        recurrence: { days: ['sun'], start: '01:00', duration_minutes: 5, time_zone: 'Mars/Olympus' },
      })
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(zone.details).toEqual({ fields: [{ field: 'recurrence.time_zone', problem: 'unknown time zone' }] });
    const rule = (await service
      .create(ORG, USER, { reason: '', rule_id: OTHER_RULE, ends_at: '2026-03-03T00:00:00Z' })
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(rule.message).toBe('alert rule not found');
    expect(rules.existsInOrg).toHaveBeenCalledWith(ORG, OTHER_RULE);
  });

  it('lists what has not ended by the clock time, or everything when asked', async () => {
    await service.list(ORG, false);
    expect(silences.list).toHaveBeenLastCalledWith(ORG, clock.now());
    await service.list(ORG, true);
    expect(silences.list).toHaveBeenLastCalledWith(ORG, null);
  });
});
