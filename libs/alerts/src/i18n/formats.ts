import type { Locale } from '@app/contracts';
import type { ValueUnit } from './words';

/** How a language writes the numbers, durations and times of a notification. */
export interface Formats {
  /** A measured value, rounded to at most one decimal: "9.1", "9,1". */
  number(value: number): string;
  /** Power: "120.5 MW"; `signed` puts "+" before a gain (a battery charging). */
  mw(value: number, signed?: boolean): string;
  /** A percentage of 0-100: "55.2 %". */
  percent(value: number): string;
  /** Whole minutes: "12 min". */
  minutes(minutes: number): string;
  /** A duration in seconds, in its two largest units: "4 min 12 s", "2 h 5 min". */
  duration(seconds: number): string;
  /** A time at UTC, for receivers that cannot show it in the reader's own time zone. */
  time(at: Date): string;
  /** Names one after another: "Ada, Grace". */
  list(items: readonly string[]): string;
}

/** One decimal at most, rounded half up as English messages always were (no "-0"). */
const tenths = (value: number): number => Math.round(value * 10) / 10 || 0;

/** The two largest units of a duration, as "3 d 4 h" shows them. */
function durationParts(totalSeconds: number): { days?: number; hours?: number; minutes?: number; seconds?: number } {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return { seconds: s };
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return { minutes, seconds: s % 60 };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { hours, minutes: minutes % 60 };
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** Formats a duration in seconds for people: "45 s", "4 min 12 s", "2 h 5 min", "3 d 4 h". */
export function formatDuration(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = durationParts(totalSeconds);
  const parts: [number | undefined, string][] = [
    [days, 'd'],
    [hours, 'h'],
    [minutes, 'min'],
    [seconds, 's'],
  ];
  const shown = parts.filter(([n]) => n !== undefined);
  const kept = shown.filter(([n], i) => i === 0 || n !== 0);
  return kept.map(([n, unit]) => `${n} ${unit}`).join(' ');
}

/** `d` as "2025-03-04 05:06:07 UTC", for receivers that cannot show a reader's local time. */
export function formatUtc(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/**
 * English keeps the formats its messages had before there were other languages: sortable UTC times ("en" names
 * no country, and 03/04 reads as March in one and April in the other), numbers without grouping, short units.
 */
export const ENGLISH_FORMATS: Formats = {
  number: (value) => String(tenths(value)),
  mw: (value, signed = false) => `${signed && value >= 0 ? '+' : ''}${tenths(value)} MW`,
  percent: (value) => `${tenths(value)} %`,
  minutes: (minutes) => `${minutes} min`,
  duration: formatDuration,
  time: formatUtc,
  list: (items) => items.join(', '),
};

/**
 * `Intl.DurationFormat` (Node 23 and later). The build's `lib` (ES2023) does not declare it yet, hence the type here;
 * `durationFormat` below checks that it exists.
 */
interface DurationFormatter {
  format(duration: { days?: number; hours?: number; minutes?: number; seconds?: number }): string;
}
type DurationFormatConstructor = new (locale: string, options: Record<string, string>) => DurationFormatter;

function durationFormat(locale: string, options: Record<string, string>): DurationFormatter {
  const constructor = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (!constructor) throw new Error('Intl.DurationFormat is missing: alerting needs Node 24 or later');
  return new constructor(locale, options);
}

/** The formats of a language from `Intl`: its decimal separator, grouping, units, dates and lists. */
export function intlFormats(locale: Exclude<Locale, 'en'>): Formats {
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 1 });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  const duration = durationFormat(locale, { style: 'short' });
  // A zero duration would otherwise be said as nothing at all.
  const zero = durationFormat(locale, { style: 'short', secondsDisplay: 'always' });
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  const list = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
  const number = (value: number): string => decimal.format(tenths(value));
  return {
    number,
    mw: (value, signed = false) => `${signed && value >= 0 ? '+' : ''}${number(value)} MW`,
    percent: (value) => percent.format(tenths(value)),
    minutes: (value) => minutes.format(value),
    duration: (seconds) => {
      const parts = durationParts(seconds);
      return parts.seconds === 0 && Object.keys(parts).length === 1 ? zero.format(parts) : duration.format(parts);
    },
    time: (at) => `${time.format(at)} UTC`,
    list: (items) => list.format(items),
  };
}

/** A catalogue's `measured`: a value in its unit, with the language's word for players. */
export function measuredWith(players: string) {
  return ({ value, unit }: { value: number; unit: ValueUnit }, f: Formats): string => {
    switch (unit) {
      case 'percent':
        return f.percent(value);
      case 'mw':
        return f.mw(value);
      case 'perSecond':
        return `${f.number(value)}/s`;
      case 'players':
        return `${f.number(value)} ${players}`;
      case 'perMinute':
        return `${f.number(value)}/min`;
      case 'seconds':
        return f.duration(value);
      case 'none':
        return f.number(value);
    }
  };
}
