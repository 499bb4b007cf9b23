import { isSilenced, localWeekMinute, silenceActive, type SilenceWindow } from './silences';

const weekly = (days: number[], start: string, minutes: number, timeZone: string): SilenceWindow => ({
  id: 'w',
  serverId: null,
  ruleId: null,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  days,
  startMinute: Number(start.slice(0, 2)) * 60 + Number(start.slice(3)),
  durationMinutes: minutes,
  timeZone,
});

describe('silences and maintenance windows', () => {
  it('a one-off silence mutes from its start until its end', () => {
    const s: SilenceWindow = {
      ...weekly([], '00:00', 0, 'UTC'),
      days: null,
      startMinute: null,
      durationMinutes: null,
      timeZone: null,
      startsAt: new Date('2026-11-22T10:00:00Z'),
      endsAt: new Date('2026-11-22T11:00:00Z'),
    };
    expect(silenceActive(s, new Date('2026-11-22T09:59:59Z'))).toBe(false);
    expect(silenceActive(s, new Date('2026-11-22T10:30:00Z'))).toBe(true);
    expect(silenceActive(s, new Date('2026-11-22T11:00:00Z'))).toBe(false);
  });

  it('a weekly window is read in its time zone, across midnight, and narrowed by server and rule', () => {
    // Sundays 23:00 to 01:00 in Berlin (UTC+1 in November).
    const w = weekly([7], '23:00', 120, 'Europe/Berlin');
    expect(localWeekMinute(new Date('2026-11-22T22:30:00Z'), 'Europe/Berlin')).toEqual({
      weekday: 7,
      minute: 23 * 60 + 30,
    });
    expect(silenceActive(w, new Date('2026-11-22T21:59:00Z'))).toBe(false); // Sunday 22:59 Berlin
    expect(silenceActive(w, new Date('2026-11-22T22:00:00Z'))).toBe(true); // Sunday 23:00
    expect(silenceActive(w, new Date('2026-11-22T23:59:00Z'))).toBe(true); // Monday 00:59
    expect(silenceActive(w, new Date('2026-11-23T00:00:00Z'))).toBe(false); // Monday 01:00
    expect(silenceActive(w, new Date('2026-11-29T22:30:00Z'))).toBe(true); // the next Sunday
    const scoped = { ...w, serverId: 'a', ruleId: 'r' };
    const t = new Date('2026-11-22T22:30:00Z');
    expect(isSilenced([scoped], 'a', 'r', t)).toBe(true);
    expect(isSilenced([scoped], 'b', 'r', t)).toBe(false);
    expect(isSilenced([scoped], 'a', 'other', t)).toBe(false);
  });
});
