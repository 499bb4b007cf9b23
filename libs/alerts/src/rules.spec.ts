import { paramsSchema, presetRules, RULE_KINDS } from './rules';

describe('rule kinds and presets', () => {
  it('gives every new server the rules that warn before the factory stops, with their defaults', () => {
    const presets = presetRules();
    expect(presets.map((p) => p.kind)).toEqual([
      'server_offline',
      'degraded',
      'fuse_tripped',
      'battery_empty_soon',
      'generator_fuel_low',
      'drone_station_stopped',
    ]);
    expect(presets.find((p) => p.kind === 'battery_empty_soon')).toMatchObject({
      name: 'Battery empty soon',
      severity: 'warning',
      params: { minutes: 30 },
      pendingPolls: 2,
    });
    expect(presets.find((p) => p.kind === 'generator_fuel_low')?.params).toEqual({ minutes: 1 });
    expect(presets.find((p) => p.kind === 'drone_station_stopped')?.params).toEqual({ minutes: 0 });
  });

  it('checks the parameters of the new kinds: defaults filled in, out of range and unknown refused', () => {
    const headroom = paramsSchema(RULE_KINDS.capacity_headroom!);
    expect(headroom.parse({})).toEqual({ factor: 1.2, window_minutes: 60 });
    expect(headroom.safeParse({ factor: 0.5 }).error?.issues[0]?.message).toBe('must be at least 1');
    expect(headroom.safeParse({ window_minutes: 1.5 }).success).toBe(false);
    const deficit = paramsSchema(RULE_KINDS.production_deficit!);
    expect(deficit.parse({ for_seconds: 30 })).toEqual({ min_per_minute: 1, for_seconds: 30 });
    expect(deficit.safeParse({ percent: 3 }).success).toBe(false);
    for (const kind of [
      'production_deficit',
      'capacity_underused',
      'battery_empty_soon',
      'capacity_headroom',
      'generator_fuel_low',
      'extractor_stopped',
      'drone_station_stopped',
    ])
      expect({ kind, perInstance: RULE_KINDS[kind]?.perInstance, addon: RULE_KINDS[kind]?.requiresAddon }).toEqual({
        kind,
        perInstance: true,
        addon: true,
      });
  });
});
