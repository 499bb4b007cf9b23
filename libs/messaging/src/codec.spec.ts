import { Subjects } from '@app/contracts';
import { encodePayload, headersOf, messageHeaders, parseMessage, readMeta, safeJson } from './codec';
import { ContractViolationError } from './errors';
import { SubjectNaming } from './subject-naming';

const naming = new SubjectNaming('gsm');
const serverId = '0190f5f0-0000-7000-8000-00000000000c';
const status = {
  serverId,
  orgId: '0190f5f0-0000-7000-8000-00000000000d',
  previous: 'online',
  status: 'offline',
  reason: null,
  time: '2026-01-01T00:00:00.000Z',
};

describe('codec', () => {
  it("encodes a valid payload on its token's subject, and refuses an invalid one before anything is sent", () => {
    const { subject, data } = encodePayload(naming, Subjects.serverStatus, status);
    expect(subject).toBe(`gsm.server.status.v1.${serverId}`);
    expect(parseMessage(Subjects.serverStatus, data)).toEqual({ ok: true, value: status });
    expect(() => encodePayload(naming, Subjects.serverStatus, { ...status, status: 'exploded' })).toThrow(
      ContractViolationError,
    );
  });

  it('says why a body does not parse, without its values', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(parseMessage(Subjects.serverStatus, bytes('not json'))).toEqual({ ok: false, error: 'body is not JSON' });
    const parsed = parseMessage(Subjects.serverStatus, bytes(JSON.stringify({ ...status, orgId: 'secret-value' })));
    expect(parsed).toMatchObject({ ok: false, error: expect.stringContaining('orgId') });
    expect(JSON.stringify(parsed)).not.toContain('secret-value');
    expect(safeJson(bytes('{"a":1}'))).toEqual({ a: 1 });
  });

  it("writes and reads the platform's headers", () => {
    const meta = readMeta({ subject: 's', headers: messageHeaders('id-1', 'poller') }, 3);
    expect(meta).toEqual({ subject: 's', messageId: 'id-1', producer: 'poller', deliveryCount: 3 });
    expect(readMeta({ subject: 's' })).toEqual({ subject: 's', messageId: null, producer: null, deliveryCount: 1 });
    expect(headersOf(undefined)).toBeUndefined();
    expect(headersOf({ traceparent: 'x' })?.get('traceparent')).toBe('x');
  });
});
