import { randomUUID } from 'node:crypto';
import { defineEvent } from './contract';
import { PollResult, ServerRegistered } from './index';
import { Streams } from './streams';
import { Requests, Subjects } from './subjects';
import { z } from 'zod';

const serverId = randomUUID();
const orgId = randomUUID();

describe('subjects', () => {
  const all = [...Object.values(Subjects), ...Object.values(Requests)].map((c) => c.subject);

  it('are lowercase, dotted and versioned, and unique', () => {
    for (const subject of all) expect(subject).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*\.v\d+$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuse an unversioned or upper-case subject', () => {
    expect(() => defineEvent('poll.result', z.object({}), { description: '' })).toThrow(/versioned|version/);
    expect(() => defineEvent('Poll.result.v1', z.object({}), { description: '' })).toThrow();
  });

  it('put the server id last where consumers filter per server', () => {
    for (const c of [Subjects.pollResult, Subjects.serverStatus, Subjects.pollJob, Subjects.serverRegistered]) {
      expect(c.token).toBe('serverId');
    }
  });

  it('that must be kept are captured by a stream', () => {
    const durable = [
      Subjects.pollJob,
      Subjects.pollResult,
      Subjects.serverStatus,
      Subjects.deliveryJob,
      Subjects.deadLetter,
    ];
    const captured = Object.values(Streams).flatMap((s) => s.subjects);
    for (const c of durable) expect(captured).toContain(`${c.subject}.>`);
  });
});

describe('payload schemas', () => {
  const registered = {
    serverId,
    orgId,
    occurredAt: '2026-11-22T10:00:00.000Z',
    name: 'Main base',
    host: '203.0.113.7',
    address: '203.0.113.7',
    port: 7777,
    addonHttpPort: 8080,
    addonWsPort: 8081,
  };

  it('accept a valid server registration and refuse a bad port', () => {
    expect(ServerRegistered.parse(registered)).toEqual(registered);
    expect(ServerRegistered.safeParse({ ...registered, port: 70000 }).success).toBe(false);
  });

  it('never carry an admin password: unknown keys are stripped', () => {
    const parsed = ServerRegistered.parse({ ...registered, adminPassword: 'secret' });
    expect(parsed).not.toHaveProperty('adminPassword');
  });

  it('discriminate poll results by kind', () => {
    const base = { serverId, orgId, time: '2026-11-22T10:00:00.000Z', durationMs: 12, error: null };
    const power = {
      ...base,
      kind: 'power',
      data: [
        {
          circuitGroupId: 0,
          powerProduction: 3633.3,
          powerConsumed: 2693.3,
          powerCapacity: 4083.3,
          powerMaxConsumed: 4606.5,
          batteryPercent: 2.33,
          batteryCapacity: 100,
          batteryDifferential: 100,
          batteryInput: 100,
          batteryOutput: 0,
          batteryTimeEmptySeconds: 0,
          batteryTimeFullSeconds: 3515,
          fuseTriggered: false,
        },
      ],
    };
    expect(PollResult.safeParse(power).success).toBe(true);
    expect(PollResult.safeParse({ ...power, kind: 'health' }).success).toBe(false);
    expect(
      PollResult.safeParse({ ...base, kind: 'health', data: null, error: { code: 'refused', message: 'x' } }).success,
    ).toBe(true);
  });
});
