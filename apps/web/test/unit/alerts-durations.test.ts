import { afterAll, describe, expect, it } from 'vitest';
import { incidentDuration, secondsText } from '../../src/features/alerts/common';
import { i18n } from '../../src/lib/i18n';

/** How long incidents last and how long rules wait, as the reader's language writes spans of time. */
const t = i18n.getFixedT('en', 'alerts');
const START = '2026-03-25T10:00:00Z';
const after = (seconds: number) => Date.parse(START) + seconds * 1000;

describe('incident duration', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('shows a resolved incident as recorded', () => {
    expect(incidentDuration(START, 42, after(9999))).toBe('42 sec');
    expect(incidentDuration(START, 5400, after(9999))).toMatch(/^1 hr,? 30 min$/);
    expect(incidentDuration(START, 3 * 86_400 + 7200, after(0))).toMatch(/^3 days?,? 2 hr$/);
  });

  it('shows an open incident up to now, never below zero', () => {
    expect(incidentDuration(START, null, after(59))).toBe('59 sec');
    expect(incidentDuration(START, null, after(60))).toBe('1 min');
    expect(incidentDuration(START, null, after(2 * 3600 + 5 * 60 + 9))).toMatch(/^2 hr,? 5 min$/);
    // A browser clock behind the server's: "0 s", not a negative span.
    expect(incidentDuration(START, null, after(-30))).toBe('0 sec');
  });

  it('in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    expect(incidentDuration(START, 42, 0)).toBe('42 Sek.');
    expect(incidentDuration(START, 5400, 0)).toMatch(/^1 Std\.?,? 30 Min\.?$/);
  });
});

describe('rule timing in words', () => {
  it('says "immediately" for no wait, and minutes with their seconds', () => {
    expect(secondsText(t, 0)).toBe('immediately');
    expect(secondsText(t, 45)).toBe('45 sec');
    expect(secondsText(t, 90)).toBe('1 min 30 sec');
    expect(secondsText(t, 300)).toBe('5 min');
    expect(secondsText(t, 4 * 3600)).toBe('4 hr');
  });
});
