import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FrmParseError,
  parseDroneStations,
  parseExtractors,
  parseGenerators,
  parseInventory,
  parseResourceSink,
  parseStorage,
  purityOf,
} from './frm-records';

// Fixtures: the examples of reference section 2.6.1 (the source's field names), copied verbatim.
function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as unknown;
}
const first = (name: string) => (fixture(name) as Record<string, unknown>[])[0]!;

describe('getGenerators', () => {
  it('reads the documented coal generator: fuel, burn time left from the energy held, circuit', () => {
    expect(parseGenerators(fixture('getGenerators.json'))).toEqual({
      records: [
        {
          generatorId: 'Build_GeneratorCoal_C_32',
          name: 'Coal Generator',
          className: 'Build_GeneratorCoal_C',
          fuelClass: 'Desc_Coal_C',
          fuelName: 'Coal',
          fuelForm: 'Solid',
          fuelAmount: 48,
          // (48 + 0.795 of the lump burning) × 300 MJ / 75 MW.
          burnTimeLeftSeconds: 195,
          production: 75,
          capacity: 75,
          loadPercent: 100,
          clockPercent: 100,
          canStart: true,
          supplementPercent: 100,
          nuclearWarning: null,
          circuitGroupId: 44,
          posX: -98814.7578125,
          posY: -143888.078125,
          posZ: -808.1903076171875,
        },
      ],
      skipped: 0,
    });
  });

  it('has no burn time for a generator out of fuel, idle, geothermal or burning a fluid', () => {
    const coal = first('getGenerators.json');
    const [empty] = parseGenerators([
      { ...coal, FuelInventory: [], FuelAmount: 0, RegulatedDemandProd: 0, CanStart: false },
    ]).records;
    expect(empty).toMatchObject({
      fuelClass: null,
      fuelAmount: 0,
      burnTimeLeftSeconds: null,
      canStart: false,
      production: 0,
    });
    const [idle] = parseGenerators([{ ...coal, RegulatedDemandProd: 0 }]).records;
    expect(idle!.burnTimeLeftSeconds).toBeNull();
    const [fuel] = parseGenerators([
      {
        ...coal,
        ClassName: 'Build_GeneratorFuel_C',
        FuelResource: 'Liquid',
        Supplement: { Name: '', ClassName: 'None', CurrentConsumed: 0, MaxConsumed: 0, PercentFull: 0 },
        AvailableFuel: [{ Name: 'Fuel', ClassName: 'Desc_LiquidFuel_C', Amount: 0 }],
        FuelInventory: [{ Name: 'Fuel', ClassName: 'Desc_LiquidFuel_C', Amount: 35.5, MaxAmount: 50 }],
      },
    ]).records;
    expect(fuel).toMatchObject({
      fuelAmount: 35.5,
      fuelForm: 'Liquid',
      burnTimeLeftSeconds: null,
      supplementPercent: null,
    });
    const [geo] = parseGenerators([
      {
        ...coal,
        ClassName: 'Build_GeneratorGeoThermal_C',
        BaseProd: 150,
        RegulatedDemandProd: 0,
        FuelResource: 'Geothermal',
        Supplement: {},
        FuelInventory: [],
        AvailableFuel: [],
      },
    ]).records;
    expect(geo).toMatchObject({ production: 150, burnTimeLeftSeconds: null, fuelForm: 'Geothermal' });
  });

  it('reads a nuclear warning and treats "None" as none', () => {
    const coal = first('getGenerators.json');
    expect(parseGenerators([{ ...coal, NuclearWarning: 'Waste Full' }]).records[0]!.nuclearWarning).toBe('Waste Full');
    expect(parseGenerators([{ ...coal, NuclearWarning: 'None' }]).records[0]!.nuclearWarning).toBeNull();
  });
});

describe('getExtractor', () => {
  it('reads the documented miner and derives its purity from rate, tier and clock', () => {
    expect(parseExtractors(fixture('getExtractor.json')).records).toEqual([
      {
        extractorId: 'Build_MinerMk1_C_2147453782',
        name: 'Miner Mk.1',
        className: 'Build_MinerMk1_C',
        resourceClass: 'Desc_Stone_C',
        resourceName: 'Limestone',
        // 150/min from a Mk.1 (60/min normal) at 250 %.
        purity: 'Normal',
        currentProd: 2.3529410362243652,
        maxProd: 149.99998474121094,
        productivity: 1.5686275170519528,
        clockPercent: 250,
        isConfigured: true,
        isProducing: true,
        isPaused: false,
        powerConsumed: 16.788753509521484,
        circuitGroupId: 7,
        posX: -52587.4375,
        posY: 264646.90625,
        posZ: -3740.842529296875,
      },
    ]);
  });

  it.each([
    ['Build_MinerMk1_C', 30, 100, 'Impure'],
    ['Build_MinerMk2_C', 120, 100, 'Normal'],
    ['Build_MinerMk3_C', 480, 100, 'Pure'],
    ['Build_MinerMk3_C', 1200, 250, 'Pure'],
    ['Build_OilPump_C', 60, 100, 'Impure'],
    ['Build_WaterPump_C', 120, 100, null],
    ['Build_MinerMk1_C', 77, 100, null],
    ['Build_MinerMk1_C', 0, 100, null],
  ])('%s at %s/min and %s %% is %s', (className, rate, clock, purity) => {
    expect(purityOf(className, rate, clock)).toBe(purity);
  });

  it('reads an extractor without a resource ("Desc_Null") as none', () => {
    const miner = first('getExtractor.json');
    const [r] = parseExtractors([
      { ...miner, Recipe: 'Desc_Null', RecipeClassName: 'Desc_Null', production: [] },
    ]).records;
    expect(r).toMatchObject({ resourceClass: null, resourceName: null, currentProd: 0, maxProd: 0, purity: null });
  });
});

describe('getDroneStation', () => {
  it("reads the documented port: fuel held, its running-out time at FRM's estimate, latest round trip", () => {
    expect(parseDroneStations(fixture('getDroneStation-reference.json')).records).toEqual([
      {
        stationId: 'Build_DroneStation_C_2147447255',
        name: 'Arlanda',
        pairedStation: 'Viared',
        droneStatus: 'Taking Off',
        fuelName: 'Packaged Rocket Fuel',
        fuelAmount: 41,
        fuelRate: 1.8138331174850464,
        fuelTimeLeftSeconds: Math.round((41 / 1.8138331174850464) * 60),
        roundTripSeconds: 128.78955078125,
        avgIncRate: 0,
        avgOutRate: 0,
        transportRate: 4.6048984527587891,
        powerConsumed: 100,
        circuitGroupId: 5,
        posX: -48777.9609375,
        posY: 252677.703125,
        posZ: -3760.923583984375,
      },
    ]);
  });
});

describe('inventories', () => {
  it('reads getWorldInv and getCloudInv items, summing a class sent twice', () => {
    expect(parseInventory('getWorldInv', fixture('getWorldInv.json')).records).toEqual([
      { itemClass: 'Desc_IronPlate_C', itemName: 'Iron Plate', amount: 164, stackSize: 200 },
    ]);
    const twice = [...(fixture('getCloudInv.json') as object[]), ...(fixture('getCloudInv.json') as object[])];
    expect(parseInventory('getCloudInv', twice).records).toEqual([
      { itemClass: 'Desc_IronPlate_C', itemName: 'Iron Plate', amount: 328, stackSize: 200 },
    ]);
  });

  it('flattens getStorageInv to one record per container and item, without empty containers', () => {
    const box = first('getStorageInv.json');
    const { records, skipped } = parseStorage([
      box,
      { ...box, ID: 'Build_StorageContainerMk2_C_9', Name: 'Industrial Storage Container', Inventory: [] },
      {
        ...box,
        ID: 'Build_StorageContainerMk2_C_10',
        Inventory: [
          { Name: 'Wire', ClassName: 'Desc_Wire_C', Amount: 500, MaxAmount: 500 },
          { Name: 'None', ClassName: 'Desc_None', Amount: 0 },
          { Name: 'Wire', ClassName: 'Desc_Wire_C', Amount: 20, MaxAmount: 500 },
        ],
      },
    ]);
    expect(skipped).toBe(0);
    expect(records).toEqual([
      {
        containerId: 'Build_StorageContainerMk1_C_2147395408',
        containerName: 'Storage Container',
        className: 'Build_StorageContainerMk1_C',
        itemClass: 'Desc_IronPlate_C',
        itemName: 'Iron Plate',
        amount: 164,
        posX: -63207.6484375,
        posY: 262781.53125,
        posZ: -3207.024658203125,
      },
      expect.objectContaining({ containerId: 'Build_StorageContainerMk2_C_10', itemClass: 'Desc_Wire_C', amount: 520 }),
    ]);
  });
});

describe('getResourceSink', () => {
  it('reads the live capture: points, coupons, progress 0-1, the latest points per minute', () => {
    expect(parseResourceSink(fixture('getResourceSink.json')).records).toEqual([
      {
        track: 'Resource',
        totalPoints: 63086253,
        coupons: 122,
        couponProgress: 0.8801943063735962,
        pointsToCoupon: 118997,
        pointsPerMinute: 21587,
      },
    ]);
  });

  it("reads the documentation page's older shape (percent, {Index, value} points)", () => {
    const [r] = parseResourceSink([
      {
        Name: 'A.W.E.S.O.M.E.',
        NumCoupon: 3,
        Percent: 15.7,
        TotalPoints: 3334555366,
        PointsToCoupon: 10,
        GraphPoints: [{ Index: 0, value: 33218 }],
      },
    ]).records;
    expect(r).toMatchObject({ couponProgress: 0.157, totalPoints: 3334555366, pointsPerMinute: 33218 });
  });

  it("turns FRM's error object into a parse error naming it", () => {
    expect(() => parseResourceSink({ error: 'Blocked API call: World not ready.' })).toThrow(FrmParseError);
  });
});
