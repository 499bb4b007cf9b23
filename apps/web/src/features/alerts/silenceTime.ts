import type { TFunction } from 'i18next';
import { formatDuration } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { DAYS, type Day, type Recurrence } from './model';

/**
 * Time for silences: one-off mutes end at an instant; weekly maintenance windows are wall-clock times in a time zone
 * (Sunday 23:00 for two hours in Europe/Berlin is Berlin's Sunday night, across midnight into Monday, in summer and
 * in winter). `windowActive` is the rule alerting applies (`silenceActive` in libs/alerts/src/silences.ts; a unit
 * test holds the two together); the rest says it in words and finds the next window for the preview.
 */

/** The browser's IANA time zone, UTC when it does not tell. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Every time zone the browser knows, to suggest; none when it cannot list them. */
export const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

/** Whether the browser knows the IANA time zone name (alerting checks it too). */
export function isTimeZone(name: string): boolean {
  if (!name.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name.trim() });
    return true;
  } catch {
    return false;
  }
}

/** The days' names in a language, Monday first: "Saturday" (long) or "Sat" (short). */
export function weekdayNames(language: string, style: 'long' | 'short'): Record<Day, string> {
  const f = new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Object.fromEntries(DAYS.map((d, i) => [d, f.format(Date.UTC(2024, 0, 1 + i))])) as Record<Day, string>;
}

/** "02:30" as minutes of the day; null when it is not a time of day. */
export function minuteOfDay(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Where a window that starts at `start` and lasts `minutes` ends: the time of day and how many days later. */
export function windowEnd(start: string, minutes: number): { time: string; daysLater: number } | null {
  const from = minuteOfDay(start);
  if (from === null) return null;
  const end = from + minutes;
  return { time: `${pad(Math.floor(end / 60) % 24)}:${pad(end % 60)}`, daysLater: Math.floor(end / 1440) };
}

const ISO_DAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const clocks = new Map<string, Intl.DateTimeFormat>();
const clockOf = (timeZone: string) => {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, f);
  }
  return f;
};

/** The wall-clock parts of an instant in a time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = clockOf(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const n = (type: string) => Number(get(type));
  return {
    weekday: ISO_DAY[get('weekday')] ?? 1,
    minute: n('hour') * 60 + n('minute'),
    /** The same wall-clock reading as if it were UTC (to measure the zone's offset). */
    asUtc: Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')),
  };
}

/** Whether a weekly window mutes at `at`: the minutes since its last start, on the zone's clock, are fewer than its length. */
export function windowActive(r: Recurrence, at: number): boolean {
  const start = minuteOfDay(r.start);
  if (start === null || !isTimeZone(r.time_zone)) return false;
  const { weekday, minute } = wallClock(at, r.time_zone);
  const week = 7 * 1440;
  return r.days.some((day) => {
    const iso = DAYS.indexOf(day as Day) + 1;
    if (iso === 0) return false;
    let since = ((weekday - iso + 7) % 7) * 1440 + minute - start;
    if (since < 0) since += week;
    return since < r.duration_minutes;
  });
}

/** The instant a zone's clock shows the given wall-clock reading (a reading DST skips moves on by the skipped hour). */
function instantOf(wallAsUtc: number, timeZone: string): number {
  const offset = (at: number) => wallClock(at, timeZone).asUtc - Math.floor(at / 1000) * 1000;
  const first = wallAsUtc - offset(wallAsUtc);
  return wallAsUtc - offset(first);
}

/** The window muting now, else the next one: its start and end (ms); null when it never mutes. */
export function nextWindow(r: Recurrence, now: number): { start: number; end: number } | null {
  const start = minuteOfDay(r.start);
  if (start === null || r.days.length === 0 || !isTimeZone(r.time_zone)) return null;
  const today = wallClock(now, r.time_zone);
  const midnight = today.asUtc - (today.asUtc % 86_400_000);
  let best: { start: number; end: number } | null = null;
  // A window can last a week, so one that started up to 7 days ago may still be running.
  for (let offset = -7; offset <= 7; offset++) {
    const weekday = ((((today.weekday - 1 + offset) % 7) + 7) % 7) + 1;
    if (!r.days.includes(DAYS[weekday - 1]!)) continue;
    const from = instantOf(midnight + offset * 86_400_000 + start * 60_000, r.time_zone);
    const window = { start: from, end: from + r.duration_minutes * 60_000 };
    if (window.end > now && (!best || window.start < best.start)) best = window;
  }
  return best;
}

/** The one-off mutes: for a while from now, or until a chosen time. */
export const MUTE_FOR = [
  { id: '1h', hours: 1 },
  { id: '4h', hours: 4 },
  { id: '24h', hours: 24 },
  { id: 'until', hours: null },
] as const;
export type MuteFor = (typeof MUTE_FOR)[number]['id'];

/** When a one-off mute ends: `now` plus the chosen hours, or the datetime-local `until` (the browser's time). */
export function oneOffEnd(
  choice: MuteFor,
  until: string,
  now: number,
): { endsAt: string } | { problem: 'untilMissing' | 'untilPast' } {
  const hours = MUTE_FOR.find((m) => m.id === choice)?.hours;
  if (hours) return { endsAt: new Date(now + hours * 3_600_000).toISOString() };
  const t = Date.parse(until);
  if (!until || Number.isNaN(t)) return { problem: 'untilMissing' };
  if (t <= now) return { problem: 'untilPast' };
  return { endsAt: new Date(t).toISOString() };
}

/** "Every Sat, Sun at 03:30 for 1 h 30 min (Europe/Berlin)"; a window past midnight says until when. */
export function recurrenceText(t: TFunction, r: Recurrence): string {
  const names = weekdayNames(currentLanguage(), 'short');
  const days =
    r.days.length === 7
      ? t('alerts:recurrence.everyDay')
      : t('alerts:recurrence.everyDays', { days: r.days.map((d) => names[d as Day] ?? d).join(', ') });
  const base = t('alerts:recurrence.base', { days, start: r.start, duration: formatDuration(r.duration_minutes * 60) });
  const end = windowEnd(r.start, r.duration_minutes);
  const until = end && end.daysLater > 0 ? t('alerts:recurrence.until', { time: end.time, count: end.daysLater }) : '';
  return `${base}${until} (${r.time_zone})`;
}
