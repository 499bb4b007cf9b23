import { randomUUID } from 'node:crypto';
import { nextSlot, phaseOf } from './slots';

describe('slots', () => {
  it('spreads many servers evenly over the interval', () => {
    const interval = 10_000;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 5000; i++) buckets[Math.floor(phaseOf(randomUUID(), 'health', interval) / 1000)]!++;
    for (const b of buckets) expect(b).toBeGreaterThan(400);
    for (const b of buckets) expect(b).toBeLessThan(600);
  });

  it('is stable for a server and kind, and differs between kinds', () => {
    const id = randomUUID();
    expect(phaseOf(id, 'health', 10_000)).toBe(phaseOf(id, 'health', 10_000));
    expect(phaseOf(id, 'health', 30_000)).not.toBe(phaseOf(id, 'power', 30_000));
  });

  it('finds the next slot at or after now', () => {
    expect(nextSlot(12_000, 3_000, 10_000)).toBe(13_000);
    expect(nextSlot(13_000, 3_000, 10_000)).toBe(13_000);
    expect(nextSlot(13_001, 3_000, 10_000)).toBe(23_000);
  });
});
