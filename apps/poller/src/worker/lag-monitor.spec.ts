import { LagMonitor } from './lag-monitor';

describe('LagMonitor', () => {
  it('reports the worst lag of the window as a fraction of the interval, and forgets older ones', () => {
    const monitor = new LagMonitor(30_000);
    const t0 = 1_000_000;
    monitor.record(100, 10_000, t0);
    monitor.record(15_000, 10_000, t0 + 1000);
    monitor.record(200, 10_000, t0 + 2000);
    expect(monitor.worst(t0 + 2000)).toBe(1.5);
    expect(monitor.worst(t0 + 40_000)).toBe(0);
  });
});
