/** Formatting shared by every page: status labels, durations, relative times, numbers. */

export type StatusValue = 'unknown' | 'online' | 'degraded' | 'offline' | 'loading';

/** The labels the spec and the issue fix ("Server Offline", "Degraded"); also the browser tests' selectors. */
export const STATUS_LABEL: Record<StatusValue, string> = {
  online: 'Online',
  degraded: 'Degraded',
  offline: 'Server Offline',
  unknown: 'Waiting for first poll',
  loading: 'Loading save',
};

export function statusLabel(status: string | null | undefined): string {
  return STATUS_LABEL[(status ?? 'unknown') as StatusValue] ?? status ?? STATUS_LABEL.unknown;
}

/** "4 s", "2 min", "3 h", "5 d" (seconds in, rounded down). */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** "4 s ago", "never". */
export function ago(time: number | null | undefined, now: number): string {
  if (time === null || time === undefined) return 'never';
  return `${formatSpan((now - time) / 1000)} ago`;
}

/** A session's play time: "12 h 04 min", "3 d 2 h". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min`;
}

export function fixed(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toFixed(digits);
}

/** Numbers with thousands separators and at most `digits` decimals. */
export function num(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString(undefined, { maximumFractionDigits: digits });
}

/** Megawatts: "1,234.5 MW", "1.2 GW" above 10 GW. */
export function mw(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 10_000) return `${(value / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} GW`;
  return `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} MW`;
}

export function clock(time: number): string {
  return new Date(time).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function dateTime(time: number | null | undefined): string {
  if (time === null || time === undefined) return '—';
  return new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Milliseconds of an ISO timestamp (null stays null). */
export function ms(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}
