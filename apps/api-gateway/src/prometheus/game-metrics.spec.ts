import { escapeLabelValue, Exposition, formatValue } from './exposition';
import { renderGameMetrics, type ServerSnapshot } from './game-metrics';

const server = (overrides: Partial<ServerSnapshot> = {}): ServerSnapshot => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Main',
  status: 'online',
  health: { time: '2026-11-27T12:00:00Z', status: 'online', tick_rate: 29.5, player_count: 2, session_name: 'Save A' },
  polls: [{ kind: 'power', time: new Date('2026-11-27T12:00:00Z') }],
  rows: {},
  ...overrides,
});

/** The samples of one metric, as `labels value` lines. */
const samples = (text: string, name: string): string[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .map((l) => l.slice(name.length));

describe('Prometheus exposition', () => {
  it('escapes label values: backslash, double quote and line feed', () => {
    expect(escapeLabelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    const out = new Exposition().declare('x', 'gauge', 'help with \\ and\nnewline');
    out.add('x', { server: 'Tom\'s "big" \\ base\ntwo' }, 1);
    expect(out.text()).toBe(
      '# HELP x help with \\\\ and\\nnewline\n# TYPE x gauge\nx{server="Tom\'s \\"big\\" \\\\ base\\ntwo"} 1\n',
    );
  });

  it('spells values as Prometheus reads them, skips missing ones and refuses a duplicate series', () => {
    expect([NaN, Infinity, -Infinity, 0.5, -0, 1e21].map(formatValue)).toEqual([
      'NaN',
      '+Inf',
      '-Inf',
      '0.5',
      '0',
      '1e+21',
    ]);
    const out = new Exposition().declare('x', 'gauge', 'h').declare('empty', 'gauge', 'h');
    out.add('x', { a: '1' }, true);
    out.add('x', { a: '2' }, null);
    out.add('x', { a: '3' }, false);
    expect(out.text()).toBe('# HELP x h\n# TYPE x gauge\nx{a="1"} 1\nx{a="3"} 0\n');
    expect(() => out.add('x', { a: '1' }, 2)).toThrow(/duplicate series/);
    expect(() => out.add('y', {}, 2)).toThrow(/not declared/);
  });

  it('renders health, power per circuit, production per item, generators per fuel, extractors, sink and session', () => {
    const text = renderGameMetrics([
      server({
        rows: {
          power: [
            {
              circuit_group_id: 0,
              power_production: 120.5,
              battery_time_empty_s: null,
              fuse_triggered: false,
              session_name: 'Save A',
            },
            {
              circuit_group_id: 3,
              power_production: 0,
              battery_time_empty_s: 600,
              fuse_triggered: true,
              session_name: 'Save A',
            },
          ],
          production: [
            {
              item_class: 'Desc_IronPlate_C',
              item_name: 'Iron Plate',
              current_prod: 60,
              current_consumed: 75,
              session_name: 'Save A',
            },
          ],
          generators: [
            { fuel_name: 'Coal', production: 75, capacity: 75, session_name: 'Save A' },
            { fuel_name: 'Coal', production: 50, capacity: 75, session_name: 'Save A' },
            { fuel_name: null, fuel_form: 'Geothermal', production: 200, capacity: 200, session_name: 'Save A' },
            { fuel_name: null, fuel_form: null, production: 0, capacity: 150, session_name: 'Save A' },
          ],
          extractors: [
            { resource_name: 'Iron Ore', is_producing: true, current_prod: 60, session_name: 'Save A' },
            { resource_name: 'Iron Ore', is_producing: false, current_prod: 0, session_name: 'Save A' },
          ],
          resource_sink: [{ total_points: 123456789012, coupons: 3, points_per_minute: 950.5, session_name: 'Save A' }],
          session: [{ session_name: 'Save A', total_play_s: 276096, passed_days: 77, is_day: true }],
        },
      }),
    ]);
    const main = 'server_id="11111111-1111-4111-8111-111111111111",server="Main",session="Save A"';
    expect(samples(text, 'satisfactory_servers')).toEqual([' 1']);
    expect(samples(text, 'satisfactory_up')).toEqual([`{${main}} 1`]);
    expect(samples(text, 'satisfactory_server_status')).toContain(
      '{server_id="11111111-1111-4111-8111-111111111111",server="Main",status="online"} 1',
    );
    expect(samples(text, 'satisfactory_tick_rate')).toEqual([`{${main}} 29.5`]);
    expect(samples(text, 'satisfactory_power_production_megawatts')).toEqual([
      `{${main},circuit="0"} 120.5`,
      `{${main},circuit="3"} 0`,
    ]);
    // A time to empty only where the batteries drain; the fuse as 0/1.
    expect(samples(text, 'satisfactory_battery_time_empty_seconds')).toEqual([`{${main},circuit="3"} 600`]);
    expect(samples(text, 'satisfactory_fuse_triggered')).toEqual([
      `{${main},circuit="0"} 0`,
      `{${main},circuit="3"} 1`,
    ]);
    expect(samples(text, 'satisfactory_item_consumed_per_minute')).toEqual([
      `{${main},item="Iron Plate",item_class="Desc_IronPlate_C"} 75`,
    ]);
    expect(samples(text, 'satisfactory_generators')).toEqual([
      `{${main},fuel="Coal"} 2`,
      `{${main},fuel="Geothermal"} 1`,
      `{${main},fuel="none"} 1`,
    ]);
    expect(samples(text, 'satisfactory_generator_production_megawatts')[0]).toBe(`{${main},fuel="Coal"} 125`);
    expect(samples(text, 'satisfactory_extractors_producing')).toEqual([`{${main},item="Iron Ore"} 1`]);
    expect(samples(text, 'satisfactory_resource_sink_points')).toEqual([`{${main}} 123456789012`]);
    expect(samples(text, 'satisfactory_session_day')).toEqual([`{${main}} 77`]);
    expect(samples(text, 'satisfactory_last_poll_timestamp_seconds')).toEqual([
      '{server_id="11111111-1111-4111-8111-111111111111",server="Main",kind="power"} 1795780800',
    ]);
  });

  it('an offline server: up 0, its status set, no health gauges without a sample', () => {
    const text = renderGameMetrics([server({ status: 'offline', health: null, polls: [] })]);
    expect(samples(text, 'satisfactory_up')).toEqual([
      '{server_id="11111111-1111-4111-8111-111111111111",server="Main",session=""} 0',
    ]);
    expect(samples(text, 'satisfactory_server_status').filter((l) => l.endsWith(' 1'))).toEqual([
      '{server_id="11111111-1111-4111-8111-111111111111",server="Main",status="offline"} 1',
    ]);
    expect(samples(text, 'satisfactory_tick_rate')).toEqual([]);
    expect(text).not.toContain('# TYPE satisfactory_tick_rate');
  });
});
