import { afterAll, describe, expect, it } from 'vitest';
import { silenceActive } from '../../../../libs/alerts/src/silences';
import type { Recurrence } from '../../src/features/alerts/model';
import { silenceSchema } from '../../src/features/alerts/silenceSchema';
import {
  isTimeZone,
  minuteOfDay,
  nextWindow,
  oneOffEnd,
  recurrenceText,
  weekdayNames,
  windowActive,
  windowEnd,
} from '../../src/features/alerts/silenceTime';
import { i18n } from '../../src/lib/i18n';

/** Silences: one-off mutes end at an instant; weekly windows are wall-clock times in their own time zone. */
const t = i18n.getFixedT('en', 'alerts');
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-03-25T10:00:00Z'); // a Wednesday

describe('one-off mutes', () => {
  it('end the chosen hours from now', () => {
    expect(oneOffEnd('1h', '', NOW)).toEqual({ endsAt: '2026-03-25T11:00:00.000Z' });
    expect(oneOffEnd('24h', 'ignored', NOW)).toEqual({ endsAt: '2026-03-26T10:00:00.000Z' });
  });

  it('"until…" needs a time, and one in the future', () => {
    expect(oneOffEnd('until', '', NOW)).toEqual({ problem: 'untilMissing' });
    expect(oneOffEnd('until', 'tomorrow', NOW)).toEqual({ problem: 'untilMissing' });
    expect(oneOffEnd('until', '2026-03-25T09:00:00Z', NOW)).toEqual({ problem: 'untilPast' });
    expect(oneOffEnd('until', '2026-03-27T18:30:00Z', NOW)).toEqual({ endsAt: '2026-03-27T18:30:00.000Z' });
  });
});

describe('weekly windows', () => {
  const sundayNight: Recurrence = { days: ['sun'], start: '23:00', duration_minutes: 120, time_zone: 'Europe/Berlin' };

  it('read times of day and say where a window past midnight ends', () => {
    expect(minuteOfDay('02:30')).toBe(150);
    expect(minuteOfDay('24:00')).toBeNull();
    expect(minuteOfDay('2:30')).toBeNull();
    expect(windowEnd('23:00', 120)).toEqual({ time: '01:00', daysLater: 1 });
    expect(windowEnd('03:30', 90)).toEqual({ time: '05:00', daysLater: 0 });
    expect(windowEnd('22:00', 3 * 1440)).toEqual({ time: '22:00', daysLater: 3 });
  });

  it('mute across midnight into the next day, on the zone’s clock', () => {
    // Berlin is UTC+1 until 29 March 2026, then UTC+2.
    expect(windowActive(sundayNight, at('2026-03-22T21:59:00Z'))).toBe(false); // Sun 22:59 Berlin
    expect(windowActive(sundayNight, at('2026-03-22T22:00:00Z'))).toBe(true); // Sun 23:00
    expect(windowActive(sundayNight, at('2026-03-22T23:30:00Z'))).toBe(true); // Mon 00:30
    expect(windowActive(sundayNight, at('2026-03-22T23:59:00Z'))).toBe(true); // Mon 00:59
    expect(windowActive(sundayNight, at('2026-03-23T00:00:00Z'))).toBe(false); // Mon 01:00
    // Saturday night to Sunday is not the window: it starts on Sundays.
    expect(windowActive(sundayNight, at('2026-03-21T23:30:00Z'))).toBe(false);
  });

  it('follow their own time zone, not the browser’s', () => {
    const tokyo = { ...sundayNight, time_zone: 'Asia/Tokyo' }; // UTC+9
    expect(windowActive(tokyo, at('2026-03-22T14:30:00Z'))).toBe(true); // Sun 23:30 Tokyo
    expect(windowActive(tokyo, at('2026-03-22T22:30:00Z'))).toBe(false); // Mon 07:30 Tokyo
    const newYork = { ...sundayNight, time_zone: 'America/New_York' }; // UTC-4 in March
    expect(windowActive(newYork, at('2026-03-23T03:30:00Z'))).toBe(true); // Sun 23:30 New York
  });

  it('agree with the rule alerting applies (libs/alerts silenceActive), hour by hour over a year', () => {
    const windows: Recurrence[] = [
      sundayNight,
      { days: ['sat', 'sun'], start: '03:30', duration_minutes: 90, time_zone: 'America/Los_Angeles' },
      { days: ['fri'], start: '22:00', duration_minutes: 3 * 1440, time_zone: 'Australia/Sydney' },
      { days: ['mon', 'wed', 'fri'], start: '02:15', duration_minutes: 60, time_zone: 'Europe/London' },
    ];
    for (const r of windows) {
      const days = r.days.map((d) => ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf(d) + 1);
      const backend = {
        id: 's',
        serverId: null,
        ruleId: null,
        startsAt: new Date(0),
        endsAt: null,
        days,
        startMinute: minuteOfDay(r.start),
        durationMinutes: r.duration_minutes,
        timeZone: r.time_zone,
      };
      for (let h = 0; h < 365 * 24; h += 11) {
        const instant = at('2026-01-01T00:00:00Z') + h * 3_600_000 + 15 * 60_000;
        expect([r.time_zone, new Date(instant).toISOString(), windowActive(r, instant)]).toEqual([
          r.time_zone,
          new Date(instant).toISOString(),
          silenceActive(backend, new Date(instant)),
        ]);
      }
    }
  });

  it('find the next window, or the one muting now', () => {
    // Wednesday 10:00 UTC: the next Sunday 23:00 in Berlin is 22:00 UTC (winter time).
    expect(nextWindow(sundayNight, NOW)).toEqual({
      start: at('2026-03-29T21:00:00Z'),
      end: at('2026-03-29T23:00:00Z'),
    });
    // 29 March 2026 is the night clocks go forward: Sunday 23:00 is then UTC+2.
    expect(nextWindow(sundayNight, at('2026-03-22T23:30:00Z'))).toEqual({
      start: at('2026-03-22T22:00:00Z'),
      end: at('2026-03-23T00:00:00Z'),
    });
    expect(nextWindow({ ...sundayNight, days: [] }, NOW)).toBeNull();
    expect(nextWindow({ ...sundayNight, time_zone: 'Mars/Olympus' }, NOW)).toBeNull();
  });

  it('know the zones the browser knows', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('in words', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('names the days in the reader’s language, Monday first', () => {
    expect(Object.values(weekdayNames('en', 'long'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('de', 'short').sat).toBe('Sa');
    expect(weekdayNames('fr', 'long').sun).toBe('dimanche');
  });

  it('says when a window mutes, and until when past midnight', () => {
    const text = recurrenceText(t, { days: ['sat', 'sun'], start: '03:30', duration_minutes: 90, time_zone: 'UTC' });
    expect(text).toMatch(/^Every Sat, Sun at 03:30 for 1 hr,? 30 min \(UTC\)$/);
    expect(
      recurrenceText(t, { days: ['sun'], start: '23:00', duration_minutes: 120, time_zone: 'Europe/Berlin' }),
    ).toMatch(/^Every Sun at 23:00 for 2 hr, until 01:00 the next day \(Europe\/Berlin\)$/);
    const everyDay = recurrenceText(t, {
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      start: '04:00',
      duration_minutes: 30,
      time_zone: 'UTC',
    });
    expect(everyDay).toBe('Every day at 04:00 for 30 min (UTC)');
  });

  it('in German too', async () => {
    await i18n.changeLanguage('de');
    const de = i18n.getFixedT('de', 'alerts');
    expect(recurrenceText(de, { days: ['sat'], start: '03:30', duration_minutes: 60, time_zone: 'UTC' })).toMatch(
      /^Jeden Sa um 03:30 für 1 Std\.? \(UTC\)$/,
    );
  });
});

describe('the silence form schema', () => {
  const base = {
    scope: 'all' as const,
    server_id: '',
    rule_id: '',
    type: 'once' as const,
    mute_for: '4h' as const,
    until: '',
    days: ['sun' as const],
    start: '02:00',
    duration: '120',
    time_zone: 'Europe/Berlin',
    reason: ' updating ',
  };
  const schema = silenceSchema(t, () => NOW);
  const problems = (v: Record<string, unknown>) => {
    const r = schema.safeParse({ ...base, ...v });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('sends a one-off mute as its end', () => {
    expect(schema.parse(base)).toEqual({ reason: 'updating', ends_at: '2026-03-25T14:00:00.000Z' });
    expect(problems({ mute_for: 'until', until: '2026-03-24T10:00' })).toEqual({
      until: 'Choose a time in the future.',
    });
  });

  it('sends a weekly window with its days in week order, for a server or a rule', () => {
    const body = schema.parse({
      ...base,
      scope: 'rule',
      server_id: 's1',
      rule_id: 'r1',
      type: 'weekly',
      days: ['sun', 'sat'],
      start: '03:30',
      duration: '90',
    });
    expect(body).toEqual({
      reason: 'updating',
      server_id: 's1',
      rule_id: 'r1',
      recurrence: { days: ['sat', 'sun'], start: '03:30', duration_minutes: 90, time_zone: 'Europe/Berlin' },
    });
  });

  it('names each field at fault', () => {
    expect(
      problems({
        scope: 'rule',
        type: 'weekly',
        days: [],
        start: '25:00',
        duration: '10081',
        time_zone: 'Europe/Atlantis',
      }),
    ).toEqual({
      server_id: 'Choose a server.',
      rule_id: 'Choose a rule.',
      days: 'Choose at least one day.',
      start: 'Give the start as a time of day, e.g. 02:30.',
      duration: 'A whole number of minutes, from 1 to 10080 (a week).',
      time_zone: expect.stringContaining('does not know that time zone'),
    });
  });
});
