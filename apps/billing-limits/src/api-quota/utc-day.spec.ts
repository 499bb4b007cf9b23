import { nextUtcMidnight, utcDay } from './utc-day';

describe('UTC quota day', () => {
  it('is the UTC date, not the local one', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDay(new Date('2026-03-02T00:30:00+02:00'))).toBe('2026-03-01');
  });

  it('resets at the next UTC midnight, across month and year ends', () => {
    expect(nextUtcMidnight(new Date('2026-02-28T12:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // Exactly at midnight the day has just begun: it resets at the end of it.
    expect(nextUtcMidnight(new Date('2026-06-10T00:00:00Z')).toISOString()).toBe('2026-06-11T00:00:00.000Z');
  });
});
