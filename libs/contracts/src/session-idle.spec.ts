import { SessionIdleRule } from './session-idle';

const at = (iso: string) => new Date(`2026-03-01T${iso}Z`);

describe('SessionIdleRule', () => {
  it('a session dies when unused for the whole timeout, counted from its last use, else from its sign-in', () => {
    const rule = new SessionIdleRule(30);
    const fresh = { createdAt: at('10:00:00'), lastUsedAt: null };
    expect(rule.deadline(fresh)).toEqual(at('10:30:00'));
    expect(rule.isIdle(fresh, at('10:29:59'))).toBe(false);
    expect(rule.isIdle(fresh, at('10:30:00'))).toBe(true);
    const used = { createdAt: at('10:00:00'), lastUsedAt: at('10:20:00') };
    expect(rule.isIdle(used, at('10:49:59'))).toBe(false);
    expect(rule.isIdle(used, at('10:50:00'))).toBe(true);
  });

  it('writes a use at most once a minute, and at least four times per timeout when the timeout is short', () => {
    expect(new SessionIdleRule(60 * 24 * 7).touchIntervalMs).toBe(60_000);
    expect(new SessionIdleRule(1).touchIntervalMs).toBe(15_000);
    const rule = new SessionIdleRule(1);
    const session = { createdAt: at('09:00:00'), lastUsedAt: at('10:00:00') };
    expect(rule.touchDue(session, at('10:00:14'))).toBe(false);
    expect(rule.touchDue(session, at('10:00:15'))).toBe(true);
    expect(rule.touchDue({ createdAt: at('10:00:00'), lastUsedAt: null }, at('10:00:10'))).toBe(false);
  });

  it('a session used as often as the bound allows never dies: stored lag (interval + 10 s cache) stays inside the timeout', () => {
    // With the minimum timeout (1 min): uses every 35 s, each resolved just after its cache entry expired, and the
    // write happening only when the stored use is an interval old.
    const rule = new SessionIdleRule(1);
    let stored = { createdAt: at('10:00:00'), lastUsedAt: null as Date | null };
    for (let use = 1; use <= 20; use++) {
      const now = new Date(at('10:00:00').getTime() + use * 35_000);
      expect(rule.isIdle(stored, now)).toBe(false);
      if (rule.touchDue(stored, now)) stored = { ...stored, lastUsedAt: now };
    }
  });
});
