import type { StatusChange } from './status-pages.repository';
import { dayLevel, uptimeDays, uptimeSummary } from './uptime';

const change = (iso: string, status: string, previous = 'unknown'): StatusChange => ({
  serverId: 's',
  time: new Date(iso),
  previous,
  status,
});

describe('uptime bars of a status page', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('splits the time between the changes into UTC days, degraded apart from down', () => {
    const days = uptimeDays(
      [
        change('2026-11-25T00:00:00Z', 'online'),
        change('2026-11-25T18:00:00Z', 'offline', 'online'),
        change('2026-11-26T06:00:00Z', 'degraded', 'offline'),
        change('2026-11-26T12:00:00Z', 'online', 'degraded'),
      ],
      now,
      3,
    );
    expect(days.map((d) => d.day)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    const h = 3_600_000;
    expect(days[0]).toMatchObject({ upMs: 18 * h, downMs: 6 * h, degradedMs: 0 });
    expect(days[1]).toMatchObject({ upMs: 12 * h, downMs: 6 * h, degradedMs: 6 * h });
    expect(days[2]).toMatchObject({ upMs: 12 * h, downMs: 0, degradedMs: 0 });
    expect(days.map(dayLevel)).toEqual(['down', 'down', 'up']);
    // 60 h known: 12 h down, 6 h degraded (counted as up, and apart).
    expect(uptimeSummary(days)).toEqual({ uptimePercent: 80, degradedPercent: 10 });
  });

  it('takes the status at the window start from the last change before it, and knows nothing before the first', () => {
    const before = uptimeDays([change('2026-01-01T00:00:00Z', 'degraded')], now, 2);
    expect(before.map(dayLevel)).toEqual(['degraded', 'degraded']);
    const none = uptimeDays([], now, 2);
    expect(none.map(dayLevel)).toEqual(['none', 'none']);
    expect(uptimeSummary(none)).toEqual({ uptimePercent: null, degradedPercent: null });
  });
});
