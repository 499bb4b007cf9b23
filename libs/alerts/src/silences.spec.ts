import {
  isSilenced,
  localWeekMinute,
  nextWindowStart,
  silenceActive,
  windowStartAt,
  type SilenceWindow,
} from './silences';

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

  it('a window start is the minute its occurrence began (once per occurrence), and the next start is found', () => {
    // Tuesdays and Fridays 23:30 Berlin (CET, UTC+1 in November) for 60 minutes.
    const w = weekly([2, 5], '23:30', 60, 'Europe/Berlin');
    // Friday 2026-11-27 22:45:30 UTC = 23:45:30 Berlin: 15 minutes into Friday's window.
    expect(windowStartAt(w, new Date('2026-11-27T22:45:30Z'))).toEqual(new Date('2026-11-27T22:30:00Z'));
    // Saturday 00:10 Berlin: still Friday's window (across midnight), same start.
    expect(windowStartAt(w, new Date('2026-11-27T23:10:00Z'))).toEqual(new Date('2026-11-27T22:30:00Z'));
    expect(windowStartAt(w, new Date('2026-11-27T23:31:00Z'))).toBeNull();
    expect(nextWindowStart(w, new Date('2026-11-27T23:31:00Z'))).toEqual(new Date('2026-12-01T22:30:00Z'));
    expect(nextWindowStart(w, new Date('2026-11-27T22:30:00Z'))).toEqual(new Date('2026-12-01T22:30:00Z'));
    expect(
      nextWindowStart({ ...w, endsAt: new Date('2026-11-30T00:00:00Z') }, new Date('2026-11-28T00:00:00Z')),
    ).toBeNull();
    const oneOff = {
      ...w,
      days: null,
      startsAt: new Date('2026-11-22T10:00:00Z'),
      endsAt: new Date('2026-11-22T11:00:00Z'),
    };
    expect(windowStartAt(oneOff, new Date('2026-11-22T10:20:00Z'))).toEqual(oneOff.startsAt);
    expect(nextWindowStart(oneOff, new Date('2026-11-22T09:00:00Z'))).toBeNull();
  });
});
