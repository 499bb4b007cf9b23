import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ago,
  clock,
  cubicPerMinute,
  dateTime,
  fixed,
  formatDuration,
  formatSpan,
  ms,
  mw,
  num,
  percent,
  perMinute,
  statusLabel,
} from '../../src/lib/format';
import { i18n } from '../../src/lib/i18n';

/**
 * The formatters a player reads everywhere (numbers, power, rates, ages, status), in English and German: Intl's
 * separators and unit words, the game units' words from the language files. ICU writes narrow / no-break spaces
 * in some of these; the comparison reads every space as a plain one.
 */
process.env.TZ = 'UTC';
const plain = (s: string) => s.replace(/\s/g, ' ');
const NOON = Date.UTC(2026, 10, 26, 12, 5);

describe('formatting in English', () => {
  beforeAll(() => i18n.changeLanguage('en'));

  it('numbers: grouping, decimals, exactly n decimals, percentages, and a dash for no value', () => {
    expect(num(1234.56)).toBe('1,234.6');
    expect(num(1234.56, 0)).toBe('1,235');
    expect(num(null)).toBe('—');
    expect(num(Number.NaN)).toBe('—');
    expect(fixed(3, 2)).toBe('3.00');
    expect(fixed(12345.678)).toBe('12345.7');
    expect(fixed(undefined)).toBe('—');
    expect(percent(42)).toBe('42%');
    expect(percent(12.345, 1)).toBe('12.3%');
    expect(percent(null)).toBe('—');
  });

  it('power in MW, and in GW from 10 GW on', () => {
    expect(mw(1234.5)).toBe('1,234.5 MW');
    expect(mw(9999)).toBe('9,999 MW');
    expect(mw(12_345)).toBe('12.3 GW');
    expect(mw(-15_000)).toBe('-15 GW');
    expect(mw(0)).toBe('0 MW');
    expect(mw(null)).toBe('—');
  });

  it('production and fluid rates', () => {
    expect(perMinute(1234)).toBe('1,234 items/min');
    expect(perMinute(7.25, 2)).toBe('7.25 items/min');
    expect(cubicPerMinute(300)).toBe('300 m³/min');
    expect(cubicPerMinute(12.25)).toBe('12.3 m³/min');
    expect(perMinute(undefined)).toBe('—');
    expect(cubicPerMinute(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('spans round down to the largest whole unit; ages say "ago", or "never"', () => {
    expect(plain(formatSpan(4.9))).toBe('4 sec');
    expect(plain(formatSpan(125))).toBe('2 min');
    expect(plain(formatSpan(3 * 3600 + 59 * 60))).toBe('3 hr');
    expect(plain(formatSpan(5 * 86_400 + 7))).toBe('5 days');
    expect(plain(formatSpan(-3))).toBe('0 sec');
    expect(plain(ago(NOON - 4_000, NOON))).toBe('4 sec ago');
    expect(plain(ago(NOON - 90 * 60_000, NOON))).toBe('1 hr ago');
    expect(ago(null, NOON)).toBe('never');
  });

  it('durations as the two largest units', () => {
    expect(plain(formatDuration(12 * 3600 + 4 * 60 + 30))).toMatch(/^12 hr,? 4 min$/);
    expect(plain(formatDuration(3 * 86_400 + 2 * 3600 + 59))).toMatch(/^3 days,? 2 hr$/);
    expect(plain(formatDuration(59))).toBe('0 min');
    expect(formatDuration(null)).toBe('—');
  });

  it('dates and clock times', () => {
    expect(plain(dateTime(NOON))).toBe('Nov 26, 2026, 12:05 PM');
    expect(plain(clock(NOON))).toBe('12:05 PM');
    expect(dateTime(null)).toBe('—');
    expect(ms('2026-11-26T12:05:00Z')).toBe(NOON);
    expect(ms('not a time')).toBeNull();
    expect(ms(null)).toBeNull();
  });

  it('status labels are the spec\'s English words (the browser tests select on them); anything else is "waiting"', () => {
    expect(statusLabel('online')).toBe('Online');
    expect(statusLabel('degraded')).toBe('Degraded');
    expect(statusLabel('offline')).toBe('Server Offline');
    expect(statusLabel('loading')).toBe('Loading save');
    expect(statusLabel('unknown')).toBe('Waiting for first poll');
    expect(statusLabel('exploded')).toBe('Waiting for first poll');
    expect(statusLabel(null)).toBe('Waiting for first poll');
  });
});

describe('formatting in German', () => {
  beforeAll(() => i18n.changeLanguage('de'));
  afterAll(() => i18n.changeLanguage('en'));

  it('numbers with German separators', () => {
    expect(num(1234.56)).toBe('1.234,6');
    expect(fixed(3, 2)).toBe('3,00');
    expect(plain(percent(42))).toBe('42 %');
  });

  it('power, rates and the game units in German', () => {
    expect(mw(1234.5)).toBe('1.234,5 MW');
    expect(mw(12_345)).toBe('12,3 GW');
    expect(perMinute(1234)).toBe('1.234 Stk./min');
    expect(cubicPerMinute(12.25)).toBe('12,3 m³/min');
  });

  it('spans, ages and durations', () => {
    expect(plain(formatSpan(4))).toBe('4 Sek.');
    expect(plain(formatSpan(125))).toBe('2 Min.');
    expect(plain(ago(NOON - 4_000, NOON))).toBe('vor 4 Sek.');
    expect(ago(undefined, NOON)).toBe('nie');
    expect(plain(formatDuration(12 * 3600 + 4 * 60))).toMatch(/^12 Std\.,? 4 Min\.$/);
  });

  it('dates and clock times', () => {
    expect(plain(dateTime(NOON))).toBe('26.11.2026, 12:05');
    expect(plain(clock(NOON))).toBe('12:05');
  });

  it('status labels', () => {
    expect(statusLabel('online')).toBe('Online');
    expect(statusLabel('degraded')).toBe('Beeinträchtigt');
    expect(statusLabel('offline')).toBe('Server offline');
    expect(statusLabel(undefined)).toBe('Warte auf erste Abfrage');
  });
});
