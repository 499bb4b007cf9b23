import { currentLanguage, i18n } from './i18n';

/**
 * Formatting shared by every page, in the reader's language through `Intl`: status labels, durations, relative
 * times, numbers and the game's units (MW, items/min, m³/min). Units Intl does not know get their symbol from the
 * `common` namespace (`units.*`), the number from Intl.
 */

export type StatusValue = 'unknown' | 'online' | 'degraded' | 'offline' | 'loading';
export const STATUSES: readonly StatusValue[] = ['online', 'degraded', 'offline', 'unknown', 'loading'];

const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, { ns: 'common', ...options });

/** The labels the spec fixes ("Server Offline", "Degraded") in English; also the browser tests' selectors. */
export function statusLabel(status: string | null | undefined): string {
  const s = (STATUSES as readonly string[]).includes(status ?? '') ? (status as StatusValue) : 'unknown';
  return t(`status.${s}`);
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${currentLanguage()} ${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(currentLanguage(), options)));
  return f;
}

const finite = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** "4 s", "2 min", "3 h", "5 d" (seconds in, rounded down). */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [value, unit] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.floor(s / 60), 'minute']
        : s < 86_400
          ? [Math.floor(s / 3600), 'hour']
          : [Math.floor(s / 86_400), 'day'];
  return numberFormat({ style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * Builds the formatters every page uses at once ("4 s ago", numbers) ahead of need. Intl loads a language's unit
 * data the first time a unit formatter is built (50-100 ms on a slow machine); called from an idle callback, that
 * happens while the page waits for its first answers instead of inside the render that shows them.
 */
export function warmFormatters(): void {
  formatSpan(1);
  num(1);
}

/**
 * Loads Intl's data off the main thread: a worker builds the first formatters (ICU's data is loaded once per
 * browser process, 40-400 ms, which on the main thread was the longest task of the servers page), then the page's
 * own are built in an idle moment at a fraction of a millisecond. Without workers: the idle build alone.
 */
export function warmIntl(): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  const thenHere = () => void idle(() => warmFormatters());
  if (typeof Worker === 'undefined') return thenHere();
  try {
    const worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), {
      type: 'module',
      name: currentLanguage(),
    });
    const done = () => {
      worker.terminate();
      thenHere();
    };
    worker.onmessage = done;
    worker.onerror = done;
  } catch {
    thenHere();
  }
}

/** "4 s ago", "never". */
export function ago(time: number | null | undefined, now: number): string {
  if (time === null || time === undefined) return t('time.never');
  return t('time.ago', { span: formatSpan((now - time) / 1000) });
}

const durationCache = new Map<string, { format(d: object): string }>();

/** A span of time as hours and minutes: "12 h 4 min", "3 d 2 h", "—" without a value. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!finite(seconds)) return '—';
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = d > 0 ? { days: d, hours: h } : h > 0 ? { hours: h, minutes: m } : { minutes: m };
  const DurationFormat = (
    Intl as unknown as { DurationFormat?: new (l: string, o: object) => { format(d: object): string } }
  ).DurationFormat;
  // DurationFormat leaves zero units out, which would make a span under a minute an empty string: "0 min".
  const options = d === 0 && h === 0 ? { style: 'short', minutesDisplay: 'always' } : { style: 'short' };
  if (DurationFormat) {
    const key = `${currentLanguage()} ${JSON.stringify(options)}`;
    let f = durationCache.get(key);
    if (!f) durationCache.set(key, (f = new DurationFormat(currentLanguage(), options)));
    return f.format(parts);
  }
  return Object.entries(parts)
    .map(([unit, value]) =>
      numberFormat({ style: 'unit', unit: unit.slice(0, -1), unitDisplay: 'short' }).format(value),
    )
    .join(' ');
}

/** A number with exactly `digits` decimals ("—" without one). */
export function fixed(value: number | null | undefined, digits = 1): string {
  if (!finite(value)) return '—';
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(
    value,
  );
}

/** Numbers with the language's separators and at most `digits` decimals. */
export function num(value: number | null | undefined, digits = 1): string {
  if (!finite(value)) return '—';
  return numberFormat({ maximumFractionDigits: digits }).format(value);
}

/** A percentage of a 0-100 value: "42 %" / "42%" as the language writes it. */
export function percent(value: number | null | undefined, digits = 0): string {
  if (!finite(value)) return '—';
  return numberFormat({ style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}

/** Megawatts: "1,234.5 MW", "12.3 GW" from 10 GW on. */
export function mw(value: number | null | undefined): string {
  if (!finite(value)) return '—';
  if (Math.abs(value) >= 10_000) return t('units.gw', { value: num(value / 1000) });
  return t('units.mw', { value: num(value) });
}

/** A production rate: "1,234 items/min". */
export function perMinute(value: number | null | undefined, digits = 1): string {
  if (!finite(value)) return '—';
  return t('units.itemsPerMinute', { value: num(value, digits) });
}

/** A fluid rate: "300 m³/min". */
export function cubicPerMinute(value: number | null | undefined, digits = 1): string {
  if (!finite(value)) return '—';
  return t('units.cubicPerMinute', { value: num(value, digits) });
}

const dateCache = new Map<string, Intl.DateTimeFormat>();
/** One DateTimeFormat per language and options: `toLocaleString` builds a new one on every call (~1 ms each). */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${currentLanguage()} ${JSON.stringify(options)}`;
  let f = dateCache.get(key);
  if (!f) dateCache.set(key, (f = new Intl.DateTimeFormat(currentLanguage(), options)));
  return f;
}

export function clock(time: number): string {
  return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(time);
}

export function dateTime(time: number | null | undefined): string {
  if (time === null || time === undefined) return '—';
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/**
 * The full date and time of `time` as the element's tooltip, written when the pointer or the focus reaches it. A
 * DateTimeFormat with date and time styles costs 50-100 ms the first time a page builds one (ICU's pattern data);
 * built in render, for every row's and panel's tooltip, it made the first paint of the servers list and of a
 * dashboard one long task.
 */
export function timeTooltip(time: number | null | undefined): {
  onPointerEnter?: (e: { currentTarget: HTMLElement }) => void;
  onFocus?: (e: { currentTarget: HTMLElement }) => void;
} {
  if (time === null || time === undefined) return {};
  const set = (e: { currentTarget: HTMLElement }) => {
    e.currentTarget.title = dateTime(time);
  };
  return { onPointerEnter: set, onFocus: set };
}

/** Milliseconds of an ISO timestamp (null stays null). */
export function ms(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}
