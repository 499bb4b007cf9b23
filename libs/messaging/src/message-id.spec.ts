import { Subjects } from '@app/contracts';
import { ContractViolationError } from './errors';
import { uuidv7 } from './message-id';
import { SubjectNaming } from './subject-naming';

describe('uuidv7', () => {
  it('is a version 7, RFC 9562 variant UUID', () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by creation time and never repeats', () => {
    const ids = [uuidv7(1_700_000_000_000), uuidv7(1_700_000_000_001), uuidv7(1_800_000_000_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => uuidv7())).size).toBe(10_000);
  });
});

describe('SubjectNaming', () => {
  const naming = new SubjectNaming('gsm');
  const serverId = '0b6f8c1e-3f47-4d2a-9b7e-2f1c5d9a8e10';

  it('builds the subject from the payload token', () => {
    expect(naming.forPayload(Subjects.pollResult, { serverId })).toBe(`gsm.poll.result.v1.${serverId}`);
    expect(naming.pattern(Subjects.pollResult)).toBe('gsm.poll.result.v1.*');
    expect(naming.pattern(Subjects.pollResult, serverId)).toBe(`gsm.poll.result.v1.${serverId}`);
  });

  it('refuses a token that would change the subject (wildcards, dots)', () => {
    for (const bad of ['a.b', '*', '>', '', 'with space']) {
      expect(() => naming.forPayload(Subjects.pollResult, { serverId: bad })).toThrow(ContractViolationError);
    }
  });

  it('names streams inside the namespace', () => {
    expect(new SubjectNaming('t1a2b').stream({ name: 'POLL_JOBS' } as never)).toBe('T1A2B_POLL_JOBS');
  });
});
