import { describe, expect, it } from 'vitest';
import {
  burnsFuel,
  droneStatusKey,
  isFluidExtractor,
  lowOnFuel,
  nextCouponSeconds,
  outOfFuel,
  stationProblem,
  type DroneStation,
  type Extractor,
  type Generator,
} from '../../src/features/dashboard/panels/model';

/** The rules behind the panels' warnings: what counts as out of fuel, low on fuel, unable to fly, a fluid. */

const coal = (over: Partial<Generator> = {}): Generator => ({
  generatorId: 'g',
  name: 'Coal Generator',
  className: 'Build_GeneratorCoal_C',
  fuelClass: 'Desc_Coal_C',
  fuelName: 'Coal',
  fuelForm: 'Solid',
  fuelAmount: 10,
  burnTimeLeftSeconds: 1200,
  production: 75,
  capacity: 75,
  loadPercent: 100,
  clockPercent: 100,
  canStart: true,
  supplementPercent: null,
  nuclearWarning: null,
  circuitGroupId: 0,
  ...over,
});

describe('generator fuel', () => {
  it('an emptied fuel burner is out of fuel even when FRM calls its form "Geothermal"', () => {
    const empty = coal({ fuelAmount: 0, fuelForm: 'Geothermal', fuelName: null, burnTimeLeftSeconds: null });
    expect([burnsFuel(empty), outOfFuel(empty), lowOnFuel(empty)]).toEqual([true, true, false]);
  });

  it('a geothermal generator never runs out', () => {
    const geo = coal({ className: 'Build_GeneratorGeoThermal_C', fuelForm: 'Geothermal', fuelAmount: 0 });
    expect([burnsFuel(geo), outOfFuel(geo), lowOnFuel(geo)]).toEqual([false, false, false]);
  });

  it('low on fuel below two minutes of burn time, not at or above', () => {
    expect(lowOnFuel(coal({ burnTimeLeftSeconds: 119 }))).toBe(true);
    expect(lowOnFuel(coal({ burnTimeLeftSeconds: 120 }))).toBe(false);
    expect(lowOnFuel(coal({ burnTimeLeftSeconds: null }))).toBe(false);
  });
});

describe('drone ports', () => {
  const port = (over: Partial<DroneStation>): DroneStation => ({
    stationId: 's',
    name: 'Arlanda',
    pairedStation: null,
    droneStatus: 'Docked',
    fuelName: 'Battery',
    fuelAmount: 10,
    fuelRate: 1,
    fuelTimeLeftSeconds: 3600,
    roundTripSeconds: 60,
    avgIncRate: 0,
    avgOutRate: 0,
    transportRate: 0,
    ...over,
  });

  it('no drone, no fuel, fuel for less than ten minutes; otherwise fine', () => {
    expect(stationProblem(port({ droneStatus: 'No Drone' }))).toBe('noDrone');
    expect(stationProblem(port({ droneStatus: 'Not Enough Fuel' }))).toBe('noFuel');
    expect(stationProblem(port({ fuelAmount: 0 }))).toBe('noFuel');
    expect(stationProblem(port({ fuelTimeLeftSeconds: 599 }))).toBe('lowFuel');
    expect(stationProblem(port({}))).toBeNull();
    expect(stationProblem(port({ fuelTimeLeftSeconds: null }))).toBeNull();
  });

  it("FRM's statuses map to translation keys; an unknown one stays as FRM words it", () => {
    expect(droneStatusKey('En Route')).toBe('enRoute');
    expect(droneStatusKey('Not Enough Fuel')).toBe('notEnoughFuel');
    expect(droneStatusKey('Docked')).toBe('docked');
    expect(droneStatusKey('Hovering')).toBeNull();
    expect(droneStatusKey(null)).toBeNull();
  });
});

describe('extractors and the sink', () => {
  const ex = (className: string, resourceClass: string | null) =>
    ({ className, resourceClass }) as unknown as Extractor;

  it('water, oil and wells pump m³; miners mine items', () => {
    expect(isFluidExtractor(ex('Build_WaterPump_C', 'Desc_Water_C'))).toBe(true);
    expect(isFluidExtractor(ex('Build_OilPump_C', null))).toBe(true);
    expect(isFluidExtractor(ex('Build_FrackingExtractor_C', 'Desc_NitrogenGas_C'))).toBe(true);
    expect(isFluidExtractor(ex('Build_MinerMk3_C', 'Desc_OreIron_C'))).toBe(false);
  });

  it('the next coupon: points to go over points per minute; never while nothing is sunk', () => {
    const sink = { track: 'Resource', totalPoints: 0, coupons: 0, couponProgress: 0.5, pointsToCoupon: 900 };
    expect(nextCouponSeconds({ ...sink, pointsPerMinute: 300 })).toBe(180);
    expect(nextCouponSeconds({ ...sink, pointsPerMinute: 0 })).toBeNull();
  });
});
