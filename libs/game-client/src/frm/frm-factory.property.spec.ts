import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseFactory, parseFactoryBySchema } from './frm-records';

// getFactory's hand-written fast path (a large factory is ~460 KB a minute per server) must read every building
// exactly as the schema does: the same records, the same skipped count, whatever FRM sends.

const sample = (
  JSON.parse(readFileSync(join(__dirname, 'fixtures', 'getFactory-assembler.json'), 'utf8')) as Record<
    string,
    unknown
  >[]
)[0]!;

const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 500 }),
  fc.double({ noNaN: false }),
  fc.constantFrom('', '12.5', 'Unassigned', 'x', '1e3'),
  fc.constant([]),
  fc.constant({}),
  fc.constant([{ Amount: 100, MaxAmount: 100 }]),
  fc.constant([{ Amount: 0, MaxAmount: 50 }, { Amount: '3' }]),
  fc.constant({ x: 1, y: 2, z: 3 }),
  fc.constant({ CircuitGroupID: -1, PowerConsumed: 2 }),
);

const building = fc
  .array(fc.tuple(fc.constantFrom(...Object.keys(sample), 'IsConfigured', 'ingredients', 'production'), odd), {
    maxLength: 4,
  })
  .map((changes) => {
    const b: Record<string, unknown> = { ...sample };
    for (const [key, value] of changes) {
      if (value === undefined) delete b[key];
      else b[key] = value;
    }
    return b;
  });

describe('getFactory: the fast path reads like the schema', () => {
  it('gives the same records and skipped count for well-formed and odd buildings', () => {
    fc.assert(
      fc.property(fc.array(building, { maxLength: 6 }), (body) => {
        expect(parseFactory(body)).toEqual(parseFactoryBySchema(body));
      }),
      { numRuns: 3000 },
    );
  });
});
