import { ManualClock } from '@app/platform';
import { AlertConfigFailure } from './alert-config.errors';
import type { AlertRulesRepository, RuleRecord } from './alert-rules.repository';
import { AlertRulesService } from './alert-rules.service';
import type { ConfigChanges } from './config-changes.publisher';
import type { OrgServersRepository } from './org-servers.repository';

const ORG = '00000000-0000-4000-8000-00000000000a';
const SERVER = '00000000-0000-4000-8000-0000000000a1';
const RULE = '00000000-0000-4000-8000-0000000000b1';
const OTHER_ORGS_CHANNEL = '00000000-0000-4000-8000-0000000000c9';

const stored = (over: Partial<RuleRecord> = {}): RuleRecord => ({
  id: RULE,
  orgId: ORG,
  serverId: SERVER,
  kind: 'player_count_above',
  name: 'Busy',
  severity: 'warning',
  params: { above: 3 },
  pendingPolls: 1,
  pendingSeconds: 0,
  repeatSeconds: 0,
  notifyOnRecovery: true,
  enabled: true,
  preset: false,
  allChannels: true,
  channelIds: [],
  states: [],
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

const refusal = async (promise: Promise<unknown>): Promise<AlertConfigFailure> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AlertConfigFailure);
  return error as AlertConfigFailure;
};

describe('AlertRulesService (mocked repositories)', () => {
  const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
  let rules: jest.Mocked<Pick<AlertRulesRepository, 'list' | 'countChannels' | 'create' | 'update' | 'delete'>>;
  let servers: jest.Mocked<Pick<OrgServersRepository, 'find'>>;
  let changes: jest.Mocked<Pick<ConfigChanges, 'announce'>>;
  let service: AlertRulesService;

  beforeEach(() => {
    rules = {
      list: jest.fn().mockResolvedValue([stored()]),
      countChannels: jest.fn().mockResolvedValue(0),
      create: jest.fn().mockResolvedValue(RULE),
      update: jest.fn().mockResolvedValue(undefined),
      delete: jest.fn().mockResolvedValue(undefined),
    };
    servers = { find: jest.fn().mockResolvedValue({ id: SERVER, name: 'Base' }) };
    changes = { announce: jest.fn() };
    service = new AlertRulesService(
      rules as unknown as AlertRulesRepository,
      servers as unknown as OrgServersRepository,
      changes as unknown as ConfigChanges,
      clock,
      { ALERTING_MAX_RULES_PER_ORG: 250 },
    );
  });

  it("refuses a rule that names another organisation's channel, and stores nothing", async () => {
    const error = await refusal(
      service.create(ORG, SERVER, {
        kind: 'player_count_above',
        params: { above: 3 },
        channel_ids: [OTHER_ORGS_CHANNEL],
      }),
    );
    expect(error.code).toBe('ValidationFailed');
    expect(error.details).toEqual({ fields: [{ field: 'channel_ids', problem: 'unknown channel' }] });
    expect(rules.countChannels).toHaveBeenCalledWith(ORG, [OTHER_ORGS_CHANNEL]);
    expect(rules.create).not.toHaveBeenCalled();
    expect(changes.announce).not.toHaveBeenCalled();
  });

  it('refuses a threshold out of range, naming the parameter', async () => {
    const error = await refusal(service.create(ORG, SERVER, { kind: 'player_count_above', params: { above: -5 } }));
    expect(error.code).toBe('ValidationFailed');
    expect(error.message).toMatch(/^invalid body: above: must be at least/);
    expect(rules.create).not.toHaveBeenCalled();
  });

  it('answers 404 for a server of another organisation (or a path that is no id), without asking for its rules', async () => {
    servers.find.mockResolvedValue(null);
    expect((await refusal(service.list(ORG, SERVER))).message).toBe('server not found');
    expect((await refusal(service.list(ORG, 'not-an-id'))).code).toBe('NotFound');
    expect(servers.find).toHaveBeenCalledTimes(1);
    expect(rules.list).not.toHaveBeenCalled();
  });

  it("creates a rule with the kind's defaults for what is not given, announces the change and answers its view", async () => {
    const view = await service.create(ORG, SERVER, { kind: 'player_count_above', params: { above: 3 } });
    expect(rules.create).toHaveBeenCalledWith(
      expect.objectContaining({ orgId: ORG, serverId: SERVER, repeatSeconds: 0, enabled: true, channelIds: null }),
      250,
    );
    expect(changes.announce).toHaveBeenCalledWith(ORG, SERVER, 'rules');
    expect(view).toMatchObject({ id: RULE, server_id: SERVER, state: 'ok', channel_ids: null });
  });

  it('switching a rule off closes what it had firing, at the clock time', async () => {
    await service.update(ORG, SERVER, RULE, { enabled: false });
    expect(rules.update).toHaveBeenCalledWith(RULE, expect.objectContaining({ enabled: false }), true, clock.now());
    rules.update.mockClear();
    await service.update(ORG, SERVER, RULE, { name: 'Renamed' });
    expect(rules.update).toHaveBeenCalledWith(RULE, expect.objectContaining({ name: 'Renamed' }), false, clock.now());
  });

  it('shows the worst state over instances, and who is firing since when', async () => {
    rules.list.mockResolvedValue([
      stored({
        states: [
          { state: 'pending', instance: 'a', since: new Date('2026-03-02T09:00:00Z'), incidentId: null },
          { state: 'firing', instance: 'b', since: new Date('2026-03-02T09:30:00Z'), incidentId: RULE },
        ],
      }),
    ]);
    const view = await service.get(ORG, SERVER, RULE);
    expect(view.state).toBe('firing');
    expect(view.firing).toEqual([{ instance: 'b', since: '2026-03-02T09:30:00.000Z', incident_id: RULE }]);
  });
});
