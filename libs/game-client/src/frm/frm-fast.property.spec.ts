import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { buildingsBySchema, fastContainer, fastExtractor, fastInventoryItem } from './frm-buildings';
import type { Parsed } from './frm-common';
import { fastStation, parseDroneStationsBySchema } from './frm-drone-stations';
import { checkParsed, maxRecordsOf } from './frm-limits';
import { fastCircuit, parsePowerBySchema } from './frm-power';
import {
  parseDrones,
  parseDroneStations,
  parseExtractors,
  parseInventory,
  parsePlayers,
  parsePower,
  parseProduction,
  parseStorage,
  parseTrains,
} from './frm-records';
import { fastDrone, fastTrain, travelBySchema } from './frm-travel';
import { fastPlayer, fastProduction, worldBySchema } from './frm-world';

// The hand-written fast paths (frm-fast.ts) must read every record exactly as the schemas do: the same records (key
// order included), the same skipped count, the same errors and the same limits (frm-limits.ts), whatever FRM sends.

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as Record<string, unknown>[];

/** Values any field may take instead of its own: absent, null, wrong types, numeric strings, non-finite, hostile. */
const anyOdd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 500 }),
  fc.double(),
  fc.constantFrom(-0, 1e300, -1e16, 2 ** 53, 0.5, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constantFrom('', '12.5', ' 7 ', '1e3', 'None', 'No Station', 'Desc_Null', 'Unassigned', 'x', '00:02:30'),
  fc.constant('n'.repeat(1025)),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ x: 1, y: 2, z: 3 }),
  fc.constant({ x: '1', y: 2, z: 3 }),
  fc.constant({ CircuitGroupID: -1, CircuitID: 3, PowerConsumed: 2 }),
  fc.constant({ CircuitGroupID: 2.5 }),
  fc.constant({ CircuitGroupID: '4', PowerConsumed: '1.5' }),
);

interface Case {
  name: string;
  endpoint: string;
  samples: Record<string, unknown>[];
  /** Keys to change besides the samples' own. */
  keys: string[];
  /** Values this kind's own fields take (lists, nested objects). */
  odd: fc.Arbitrary<unknown>[];
  fast: (body: unknown) => Parsed<object>;
  /** The fast reader of one record (undefined: left to the schema). */
  read: (item: unknown) => object | undefined;
  schema: (body: unknown) => Parsed<object>;
}

const itemLists = [
  fc.constant([{ Name: 'Battery', ClassName: 'Desc_Battery_C', Amount: 80, MaxAmount: 100 }]),
  fc.constant([
    { Name: 'None', ClassName: 'Desc_None', Amount: 0 },
    { ClassName: 'Desc_Coal_C', Amount: '4' },
  ]),
  fc.constant([{ Name: 'Coal', ClassName: 'Desc_Coal_C', Amount: 300 }, { ClassName: 5 }, null]),
  fc.constant([
    { Name: 'Coal', ClassName: 'Desc_Coal_C', Amount: 7, MaxAmount: 100, Extra: [1] },
    { Name: '', ClassName: 'Desc_Coal_C', Amount: 3 },
  ]),
];

const cases: Case[] = [
  {
    name: 'getPlayer',
    endpoint: 'getPlayer',
    samples: fixture('getPlayer'),
    keys: ['ID', 'Name', 'Online', 'PlayerHP', 'Speed', 'Dead', 'location'],
    odd: [],
    fast: parsePlayers,
    read: fastPlayer,
    schema: worldBySchema.players,
  },
  {
    name: 'getProdStats',
    endpoint: 'getProdStats',
    samples: fixture('getProdStats'),
    keys: ['Type', 'ClassName', 'Name'],
    odd: [fc.constantFrom('Solid', 'Liquid', 'Desc_Coal_C')],
    fast: parseProduction,
    read: fastProduction,
    schema: worldBySchema.production,
  },
  {
    name: 'getPower',
    endpoint: 'getPower',
    samples: [...fixture('getPower-battery-charging'), ...fixture('getPower-fuse-tripped')],
    keys: ['CircuitID', 'BatteryTimeEmpty', 'BatteryTimeFull'],
    odd: [fc.constantFrom('00:58:35', '2394330:26:57', '1:61:00', 0, 7)],
    fast: parsePower,
    read: fastCircuit,
    schema: parsePowerBySchema,
  },
  {
    name: 'getTrains',
    endpoint: 'getTrains',
    samples: fixture('getTrains'),
    keys: ['PowerInfo', 'Status', 'TrainStation'],
    odd: [fc.constantFrom('No Station', 'Parked', 'TDS_Docked')],
    fast: parseTrains,
    read: fastTrain,
    schema: travelBySchema.trains,
  },
  {
    name: 'getDrone',
    endpoint: 'getDrone',
    samples: fixture('getDrone'),
    keys: [],
    odd: [fc.constantFrom('No Destination', 'Flying', 'Arlanda')],
    fast: parseDrones,
    read: fastDrone,
    schema: travelBySchema.drones,
  },
  {
    name: 'getExtractor',
    endpoint: 'getExtractor',
    samples: fixture('getExtractor'),
    keys: ['PowerInfo', 'ManuSpeed'],
    odd: [
      fc.constant([{ CurrentProd: 5, MaxProd: 60, ProdPercent: 100 }]),
      fc.constant([{ CurrentProd: '5', MaxProd: 60 }]),
      fc.constant([null]),
      fc.constant([[]]),
      fc.constant([7, { CurrentProd: 1 }]),
      fc.constant([{ CurrentProd: 2, MaxProd: Number.POSITIVE_INFINITY }]),
      fc.constantFrom('Build_MinerMk2_C', 'Build_WaterPump_C'),
    ],
    fast: parseExtractors,
    read: fastExtractor,
    schema: buildingsBySchema.extractors,
  },
  {
    name: 'getDroneStation',
    endpoint: 'getDroneStation',
    samples: [...fixture('getDroneStation'), ...fixture('getDroneStation-reference')],
    keys: ['ActiveFuel', 'LatestRndTrip', 'AvgRndTrip', 'FuelInventory', 'PowerInfo'],
    odd: [
      ...itemLists,
      fc.constant({ FuelName: 'Battery', EstimatedFuelCostRate: 0.8 }),
      fc.constant({ FuelName: 5, EstimatedFuelCostRate: 0.8 }),
      fc.constant({ FuelName: 'None', EstimatedFuelCostRate: 2 }),
      fc.constant({ FuelName: '', EstimatedFuelCostRate: '0.8' }),
      fc.constant({ EstimatedFuelCostRate: 1e-300 }),
      fc.constantFrom('00:00:00', '00:02:08', '99:99:99', 128.5, 0),
    ],
    fast: parseDroneStations,
    read: fastStation,
    schema: parseDroneStationsBySchema,
  },
  {
    name: 'getStorageInv',
    endpoint: 'getStorageInv',
    samples: fixture('getStorageInv'),
    keys: ['Inventory'],
    odd: itemLists,
    fast: parseStorage,
    read: fastContainer,
    schema: buildingsBySchema.storage,
  },
  {
    name: 'getWorldInv',
    endpoint: 'getWorldInv',
    samples: [...fixture('getWorldInv'), ...fixture('getCloudInv')],
    keys: ['Name', 'ClassName', 'Amount', 'MaxAmount'],
    odd: [fc.constantFrom('Desc_None', 'Desc_IronPlate_C')],
    fast: (body) => parseInventory('getWorldInv', body),
    read: fastInventoryItem,
    schema: (body) => buildingsBySchema.inventory('getWorldInv', body),
  },
];

/** What a caller sees: the records after the limits check (as the client does), or the error's name and message. */
function outcome(endpoint: string, parse: (body: unknown) => Parsed<object>, body: unknown) {
  try {
    const parsed = checkParsed(endpoint, parse(body));
    return { parsed, json: JSON.stringify(parsed) };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

describe.each(cases)('$name: the fast path reads like the schema', (c) => {
  const odd = fc.oneof(anyOdd, ...c.odd);
  const keys = [...new Set([...c.samples.flatMap((s) => Object.keys(s)), ...c.keys])];
  const record = fc
    .tuple(fc.constantFrom(...c.samples), fc.array(fc.tuple(fc.constantFrom(...keys), odd), { maxLength: 4 }))
    .map(([base, changes]) => {
      const r: Record<string, unknown> = { ...base };
      for (const [key, value] of changes) {
        if (value === undefined) delete r[key];
        else r[key] = value;
      }
      return r;
    });

  it('gives the same records, skipped count and limit errors for well-formed, odd and hostile records', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 4, arbitrary: record }, { weight: 1, arbitrary: odd }), { maxLength: 6 }),
        (body) => {
          expect(outcome(c.endpoint, c.fast, body)).toEqual(outcome(c.endpoint, c.schema, body));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('reads the fixtures by the fast path into the same records', () => {
    for (const sample of c.samples) expect(c.read(sample)).toBeDefined();
    const fast = c.fast(c.samples);
    expect(fast.records.length).toBeGreaterThan(0);
    expect(fast).toEqual(c.schema(c.samples));
  });

  it('gives the same error for a body that is not a list, and for one over the records cap', () => {
    const over = new Array(maxRecordsOf(c.endpoint) + 1).fill(c.samples[0]);
    for (const body of ['x', 5, null, { error: 'Blocked API call: World not ready.' }, over]) {
      const fast = outcome(c.endpoint, c.fast, body);
      expect(fast.error).toMatch(/^Frm(Parse|Limit)Error: /);
      expect(fast).toEqual(outcome(c.endpoint, c.schema, body));
    }
  });
});
