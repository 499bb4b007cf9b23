import { randomUUID } from 'node:crypto';
import { nextSlot, phaseOf } from './slots';

describe('slots', () => {
  it('spreads many servers evenly over the interval', () => {
    const interval = 10_000;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 5000; i++) buckets[Math.floor(phaseOf(randomUUID(), interval) / 1000)]!++;
    for (const b of buckets) expect(b).toBeGreaterThan(400);
    for (const b of buckets) expect(b).toBeLessThan(600);
  });

  it('is stable for a server and differs between servers', () => {
    const id = randomUUID();
    expect(phaseOf(id, 10_000)).toBe(phaseOf(id, 10_000));
    const phases = new Set(Array.from({ length: 20 }, () => phaseOf(randomUUID(), 60_000)));
    expect(phases.size).toBeGreaterThan(15);
  });

  it("puts a server's kinds on shared slots wherever their intervals meet", () => {
    const id = randomUUID();
    const slotsOf = (intervalMs: number) => {
      const out = new Set<number>();
      for (let at = nextSlot(1_000_000, phaseOf(id, intervalMs), intervalMs); at < 1_120_000; at += intervalMs)
        out.add(at);
      return out;
    };
    const [health, power, production, factory] = [10_000, 15_000, 30_000, 60_000].map(slotsOf);
    // Every production slot is a health and a power slot; every factory slot a production slot.
    for (const at of production!) expect([health!.has(at), power!.has(at)]).toEqual([true, true]);
    for (const at of factory!) expect(production!.has(at)).toBe(true);
    // Eight distinct slots a minute for the seven kinds (health 6, power and players 4: they meet twice).
    const union = new Set([...health!, ...power!, ...production!, ...factory!]);
    expect(union.size).toBe(16); // over two minutes
  });

  it('finds the next slot at or after now', () => {
    expect(nextSlot(12_000, 3_000, 10_000)).toBe(13_000);
    expect(nextSlot(13_000, 3_000, 10_000)).toBe(13_000);
    expect(nextSlot(13_001, 3_000, 10_000)).toBe(23_000);
  });
});
