import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedOf, seedPanels } from '../../src/features/dashboard/panels/seed';
import { liveStore } from '../../src/live/store';
import { answer, failure } from './panels-fixtures';

/**
 * The panels' REST seed: the API's rows (snake_case, the registry's columns) land in the live store in the shape the
 * socket sends, so a panel shows the same whether its data came from REST or live; a missing add-on is told, a
 * sample not taken yet is waited for, anything else is reported per kind.
 */

const TIME = '2026-11-26T10:00:00.000Z';

const generatorRow = {
  time: TIME,
  generator_id: 'Build_GeneratorCoal_C_1',
  name: 'Coal Generator',
  class_name: 'Build_GeneratorCoal_C',
  fuel_class: 'Desc_Coal_C',
  fuel_name: 'Coal',
  fuel_form: 'Solid',
  fuel_amount: 48,
  burn_time_left_s: 11_520,
  production: 75,
  capacity: 75,
  load_percent: 100,
  clock_percent: 100,
  can_start: true,
  supplement_percent: 100,
  nuclear_warning: null,
  circuit_group_id: 3,
  pos_x: 1,
  pos_y: 2,
  pos_z: 3,
  session_name: 'Main',
};

const sinkRow = {
  time: TIME,
  track: 'Resource',
  total_points: 1_000_000,
  coupons: 2,
  coupon_progress: 0.5,
  points_to_coupon: 1234,
  points_per_minute: 600,
  session_name: 'Main',
};

let n = 0;
const source = () => {
  const key = `seed-${++n}`;
  return { key, base: `/api/v1/servers/${key}`, auth: true };
};

afterEach(() => vi.unstubAllGlobals());

describe('seedOf', () => {
  it('turns REST rows into the socket’s data, with the poll time', () => {
    const seed = seedOf('generators', [generatorRow]);
    expect(seed.time).toBe(Date.parse(TIME));
    expect(seed.data).toEqual([
      {
        generatorId: 'Build_GeneratorCoal_C_1',
        name: 'Coal Generator',
        className: 'Build_GeneratorCoal_C',
        fuelClass: 'Desc_Coal_C',
        fuelName: 'Coal',
        fuelForm: 'Solid',
        fuelAmount: 48,
        burnTimeLeftSeconds: 11_520,
        production: 75,
        capacity: 75,
        loadPercent: 100,
        clockPercent: 100,
        canStart: true,
        supplementPercent: 100,
        nuclearWarning: null,
        circuitGroupId: 3,
      },
    ]);
  });

  it('the sink is one object; an empty list has no time', () => {
    expect(seedOf('resource_sink', sinkRow).data).toEqual({
      track: 'Resource',
      totalPoints: 1_000_000,
      coupons: 2,
      couponProgress: 0.5,
      pointsToCoupon: 1234,
      pointsPerMinute: 600,
    });
    expect(seedOf('extractors', [])).toEqual({ time: null, data: [] });
  });
});

describe('seedPanels', () => {
  it('reads each kind once and fills the live store', async () => {
    const src = source();
    const fetchMock = vi.fn((url: string) => {
      if (url.endsWith('/generators')) return answer(200, [generatorRow]);
      if (url.endsWith('/resource-sink')) return answer(200, sinkRow);
      return failure(409, 'NoDataYet', 'no sample yet');
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await seedPanels(src, true)).toEqual({});
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual(
      ['/drone-stations', '/extractors', '/generators', '/resource-sink', '/world-inventory'].map(
        (p) => `${src.base}${p}`,
      ),
    );
    const live = liveStore.get(src.key);
    expect(live.kinds.generators?.data?.[0]?.burnTimeLeftSeconds).toBe(11_520);
    expect(live.kinds.resource_sink?.data?.coupons).toBe(2);
    expect(live.kinds.extractors).toBeUndefined();
  });

  it('a 409 AddonUnavailable marks the add-on unavailable; other failures come back per kind', async () => {
    const src = source();
    vi.stubGlobal('fetch', (url: string) =>
      url.endsWith('/generators')
        ? failure(409, 'AddonUnavailable', 'the add-on does not answer on port 8080')
        : url.endsWith('/extractors')
          ? failure(403, 'Forbidden', 'this token may not read this server')
          : answer(200, []),
    );
    const errors = await seedPanels(src, true);
    expect(Object.keys(errors)).toEqual(['extractors']);
    expect(errors.extractors?.message).toBe('this token may not read this server');
    expect(liveStore.get(src.key).addonStatus).toBe('unavailable');
    expect(liveStore.get(src.key).addonReason).toBe('the add-on does not answer on port 8080');
  });

  it('asks nothing when the add-on is known to be missing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await seedPanels(source(), false)).toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
