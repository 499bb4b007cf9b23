/**
 * Labels of the time axis in the reader's language and time zone (Intl), for the tick positions uPlot chose:
 * seconds only when ticks are less than a minute apart, the date where the day changes when the ticks span more
 * than one day, the date alone when ticks are a day or more apart.
 */
const DAY = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(language, { ...options, timeZone })));
  return f;
}

export function timeTicks(
  splits: readonly number[],
  incrementMs: number,
  language: string,
  timeZone?: string,
): string[] {
  const date = format(language, timeZone, { day: 'numeric', month: 'short' });
  const time = format(
    language,
    timeZone,
    incrementMs < 60_000
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : { hour: '2-digit', minute: '2-digit' },
  );
  if (incrementMs >= DAY) return splits.map((t) => date.format(t));
  const days = splits.map((t) => date.format(t));
  // Within one day the date is noise; across days it goes on the first tick and wherever the day changes.
  const multiDay = new Set(days).size > 1;
  return splits.map((t, i) =>
    multiDay && (i === 0 || days[i] !== days[i - 1]) ? `${days[i]}\n${time.format(t)}` : time.format(t),
  );
}

/**
 * The time of one sample in the tooltip and the table: with seconds over short ranges (polls are seconds apart),
 * with the date over ranges longer than half a day. (lib/format's `dateTime` stops at minutes.)
 */
export function pointTime(t: number, spanMs: number, language: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions =
    spanMs <= 2 * 3_600_000
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : spanMs <= DAY / 2
        ? { hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return format(language, timeZone, options).format(t);
}
