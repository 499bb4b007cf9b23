/** A mute as the evaluator sees it: one-off (startsAt..endsAt) or weekly (days, start minute, duration, zone). */
export interface SilenceWindow {
  id: string;
  serverId: string | null;
  ruleId: string | null;
  startsAt: Date;
  endsAt: Date | null;
  /** ISO weekdays 1 (Monday) .. 7 of a weekly window, or null for a one-off silence. */
  days: readonly number[] | null;
  startMinute: number | null;
  durationMinutes: number | null;
  timeZone: string | null;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The ISO weekday (1 = Monday) and minute of the day of `at` in `timeZone`. */
export function localWeekMinute(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS[get('weekday')] ?? 1, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Whether the IANA time zone name is known to this runtime. */
export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** Whether the silence mutes at `at` (a weekly window only between startsAt and endsAt, when those are set). */
export function silenceActive(s: SilenceWindow, at: Date): boolean {
  const t = at.getTime();
  if (t < s.startsAt.getTime()) return false;
  if (s.endsAt && t >= s.endsAt.getTime()) return false;
  if (!s.days || s.startMinute === null || s.durationMinutes === null || !s.timeZone) return true;
  const { weekday, minute } = localWeekMinute(at, s.timeZone);
  const week = 7 * 1440;
  return s.days.some((day) => {
    let since = ((weekday - day + 7) % 7) * 1440 + minute - s.startMinute!;
    if (since < 0) since += week;
    return since < s.durationMinutes!;
  });
}

/** Whether any of the silences mutes this rule on this server at `at`. */
export function isSilenced(silences: readonly SilenceWindow[], serverId: string, ruleId: string, at: Date): boolean {
  return silences.some(
    (s) =>
      (s.serverId === null || s.serverId === serverId) &&
      (s.ruleId === null || s.ruleId === ruleId) &&
      silenceActive(s, at),
  );
}

/**
 * The start of the silence's window that contains `at` (to the minute), or null when it mutes nothing at `at`: a
 * one-off silence's startsAt; a weekly window's start this week (consumers such as status-page maintenance notices
 * send one "starts now" per window start).
 */
export function windowStartAt(s: SilenceWindow, at: Date): Date | null {
  if (!silenceActive(s, at)) return null;
  if (!s.days || s.startMinute === null || s.durationMinutes === null || !s.timeZone) return s.startsAt;
  const { weekday, minute } = localWeekMinute(at, s.timeZone);
  const week = 7 * 1440;
  const sinceStart = s.days
    .map((day) => {
      let since = ((weekday - day + 7) % 7) * 1440 + minute - s.startMinute!;
      if (since < 0) since += week;
      return since;
    })
    .filter((since) => since < s.durationMinutes!);
  if (sinceStart.length === 0) return null;
  const floorMinute = at.getTime() - (at.getTime() % 60_000);
  const start = new Date(floorMinute - Math.min(...sinceStart) * 60_000);
  return start.getTime() < s.startsAt.getTime() ? s.startsAt : start;
}

/** The next start of a weekly window after `at` (to the minute), or null for a one-off silence or one ended by then. */
export function nextWindowStart(s: SilenceWindow, at: Date): Date | null {
  if (!s.days || s.days.length === 0 || s.startMinute === null || !s.timeZone) return null;
  const { weekday, minute } = localWeekMinute(at, s.timeZone);
  const week = 7 * 1440;
  const until = Math.min(
    ...s.days.map((day) => {
      const ahead = ((day - weekday + 7) % 7) * 1440 + s.startMinute! - minute;
      return ahead <= 0 ? ahead + week : ahead;
    }),
  );
  const floorMinute = at.getTime() - (at.getTime() % 60_000);
  const next = new Date(Math.max(floorMinute + until * 60_000, s.startsAt.getTime()));
  return s.endsAt && next.getTime() >= s.endsAt.getTime() ? null : next;
}
