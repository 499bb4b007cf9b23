import { PeakWindows } from './peak-windows';

const MIN = 60_000;

describe('PeakWindows', () => {
  it("answers each window's highest reading, and forgets readings older than it keeps", () => {
    const peaks = new PeakWindows();
    const readings: [number, number][] = [
      [0, 100],
      [2 * MIN, 300],
      [4 * MIN, 200],
      [6 * MIN, 250],
      [8 * MIN, 50],
    ];
    for (const [at, value] of readings) peaks.record('a|1', at, value, 10 * MIN);
    expect(peaks.peak('a|1', 0)).toBe(300);
    expect(peaks.peak('a|1', 3 * MIN)).toBe(250);
    expect(peaks.peak('a|1', 7 * MIN)).toBe(50);
    expect(peaks.peak('a|1', 9 * MIN)).toBeNull();
    expect(peaks.peak('a|2', 0)).toBeNull();
    // At 13 min the reading of 2 min is older than the 10 min kept: 250 (6 min) is the highest left.
    peaks.record('a|1', 13 * MIN, 10, 10 * MIN);
    expect(peaks.peak('a|1', 0)).toBe(250);
  });

  it('ignores a replayed or late reading, and forgets a server', () => {
    const peaks = new PeakWindows();
    peaks.record('a|1', 5 * MIN, 100, 10 * MIN);
    peaks.record('a|1', 5 * MIN, 900, 10 * MIN);
    peaks.record('a|1', 4 * MIN, 900, 10 * MIN);
    expect(peaks.peak('a|1', 0)).toBe(100);
    peaks.record('b|1', 5 * MIN, 1, 10 * MIN);
    peaks.forget('a|');
    expect([peaks.peak('a|1', 0), peaks.size]).toEqual([null, 1]);
  });

  it('keeps at most one reading a minute however often it is fed (a falling series is the worst case)', () => {
    const peaks = new PeakWindows();
    for (let s = 0; s < 24 * 3600; s += 2) peaks.record('a|1', s * 1000, 1e6 - s, 24 * 60 * MIN);
    const queue = (peaks as unknown as { series: Map<string, { queue: unknown[] }> }).series.get('a|1')!.queue;
    expect(queue.length).toBeLessThanOrEqual(24 * 60 + 1);
    expect(peaks.peak('a|1', 0)).toBe(1e6);
  });
});
