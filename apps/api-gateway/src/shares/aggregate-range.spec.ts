import { aggregateRange } from './public-history.controller';

const at = (iso: string) => new Date(iso);

describe('share links read history over an hour from the aggregates', () => {
  it('rounds a step up to whole minutes, from an hour on to whole hours', () => {
    const from = at('2026-11-27T00:00:00Z');
    const to = at('2026-11-27T06:00:00Z');
    expect(aggregateRange({ from, to, stepSeconds: 30 }).stepSeconds).toBe(60);
    expect(aggregateRange({ from, to, stepSeconds: 90 }).stepSeconds).toBe(120);
    expect(aggregateRange({ from, to, stepSeconds: 3600 }).stepSeconds).toBe(3600);
    expect(aggregateRange({ from, to, stepSeconds: 5400 }).stepSeconds).toBe(7200);
  });

  it('keeps the step asked for within an hour, and the range and filters as they were', () => {
    const from = at('2026-11-27T05:00:00Z');
    const to = at('2026-11-27T06:00:00Z');
    expect(aggregateRange({ from, to, stepSeconds: 10 }).stepSeconds).toBe(10);
    const long = { from: at('2026-11-26T00:00:00Z'), to, stepSeconds: 45, filters: { circuit: 1 } };
    expect(aggregateRange(long)).toEqual({ ...long, stepSeconds: 60 });
  });
});
