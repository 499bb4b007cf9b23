import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseGenerators, parseGeneratorsBySchema } from './frm-records';

// getGenerators' hand-written fast path (polled every 15 s) must read every generator exactly as the schema does:
// the same records, the same skipped count, whatever FRM sends.

const coal = (
  JSON.parse(readFileSync(join(__dirname, 'fixtures', 'getGenerators.json'), 'utf8')) as Record<string, unknown>[]
)[0]!;
const geothermal = {
  ...coal,
  ClassName: 'Build_GeneratorGeoThermal_C',
  BaseProd: 150,
  RegulatedDemandProd: 0,
  FuelResource: 'Geothermal',
  Supplement: {},
  FuelInventory: [],
  AvailableFuel: [],
};

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 500 }),
  fc.double(),
  fc.constantFrom('', '12.5', 'None', 'Solid', 'Waste Full', 'x'),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ x: 1, y: 2, z: 3 }),
  fc.constant({ Name: 'Water', ClassName: 'Desc_Water_C', PercentFull: 40 }),
  fc.constant({ ClassName: 'None', PercentFull: '3' }),
  fc.constant([{ Name: 'Coal', ClassName: 'Desc_Coal_C', Amount: 12, MaxAmount: 100 }]),
  fc.constant([
    { Name: 'None', ClassName: 'Desc_None', Amount: 0 },
    { ClassName: 'Desc_Coal_C', Amount: '4' },
  ]),
  fc.constant([{ Name: 'Coal', ClassName: 'Desc_Coal_C', Amount: 300 }, { ClassName: 5 }]),
  fc.constant([
    { Name: 'None', ClassName: 'Desc_None', Amount: 5 },
    { Name: 'Coal', ClassName: 'Desc_Coal_C', Amount: 7, MaxAmount: 100 },
  ]),
  fc.constant({ CircuitGroupID: -1, CircuitID: 3, PowerConsumed: 0 }),
  fc.constant({ CircuitGroupID: 2.5 }),
);
const keys = [...Object.keys(coal), 'FuelAmount', 'NuclearWarning', 'ProductionCapacity'];

const generator = fc
  .tuple(fc.constantFrom(coal, geothermal), fc.array(fc.tuple(fc.constantFrom(...keys), odd), { maxLength: 4 }))
  .map(([base, changes]) => {
    const g: Record<string, unknown> = { ...base };
    for (const [key, value] of changes) {
      if (value === undefined) delete g[key];
      else g[key] = value;
    }
    return g;
  });

describe('getGenerators: the fast path reads like the schema', () => {
  it('gives the same records and skipped count for well-formed and odd generators', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(generator, odd), { maxLength: 6 }), (body) => {
        expect(parseGenerators(body)).toEqual(parseGeneratorsBySchema(body));
      }),
      { numRuns: 3000 },
    );
  });
});
