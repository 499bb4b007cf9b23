import { formatDuration } from '../../lib/format';
import { DAY_LABEL, type Day, type Recurrence } from './model';

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

/** "Every Mon, Wed at 02:00 for 2 h (Europe/Berlin)". */
export function recurrenceText(r: Recurrence): string {
  const all = r.days.length === 7;
  const days = all ? 'Every day' : `Every ${r.days.map((d) => DAY_LABEL[d as Day] ?? d).join(', ')}`;
  return `${days} at ${r.start} for ${formatDuration(r.duration_minutes * 60)} (${r.time_zone})`;
}
