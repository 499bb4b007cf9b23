import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  FrmParseError,
  parseDroneStations,
  parseDrones,
  parseDuration,
  parseFactory,
  parseModList,
  parsePlayers,
  parsePower,
  parseProduction,
  parseSessionInfo,
  parseTrains,
  type Parsed,
} from './frm-records';

// Property tests of the FRM parsers: any JSON value (and hostile shapes JSON can carry: wrong types, huge numbers,
// numeric-looking strings, deep nesting, `__proto__` keys) either parses into flat records whose numbers are all
// finite, or fails as a whole with FrmParseError; nothing else may escape.

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as unknown;
}

interface ListParser {
  endpoint: string;
  parse: (body: unknown) => Parsed<object>;
  /** Keys of a realistic record (from the fixtures), so mutated records often still parse. */
  sample: Record<string, unknown>;
}

const firstOf = (name: string): Record<string, unknown> => (fixture(name) as Record<string, unknown>[])[0]!;

const PARSERS: ListParser[] = [
  { endpoint: 'getPower', parse: parsePower, sample: firstOf('getPower-battery-charging.json') },
  { endpoint: 'getPlayer', parse: parsePlayers, sample: firstOf('getPlayer.json') },
  { endpoint: 'getProdStats', parse: parseProduction, sample: firstOf('getProdStats.json') },
  { endpoint: 'getTrains', parse: parseTrains, sample: firstOf('getTrains.json') },
  { endpoint: 'getDrone', parse: parseDrones, sample: firstOf('getDrone.json') },
  { endpoint: 'getDroneStation', parse: parseDroneStations, sample: firstOf('getDroneStation.json') },
  { endpoint: 'getFactory', parse: (b) => parseFactory(b), sample: firstOf('getFactory-assembler.json') },
  {
    endpoint: 'getModList',
    parse: parseModList,
    sample: { Name: 'Ficsit Remote Monitoring', SMRName: 'FicsitRemoteMonitoring', Version: '1.5.3' },
  },
];

/** Numbers and strings that look like numbers: the values a drifting or hostile FRM could send. */
const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, -0, 2 ** 53 + 2, -(2 ** 63), NaN, Infinity),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '1e308', '0x10', '12abc', ' 12 ', '', '.5', '5.'),
  fc.constantFrom('+5', '-0', '1_000', '١٢', '12\u00a0', '1'.repeat(400), `0.${'0'.repeat(400)}1`),
);

const durationText = fc.oneof(
  fc
    .tuple(fc.nat({ max: 10_000 }), fc.nat({ max: 99 }), fc.nat({ max: 99 }))
    .map(([h, m, s]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`),
  fc.constantFrom(`${'9'.repeat(400)}:00:00`, `${'9'.repeat(20)}:59:59`, '-1:00:00', '1:2:3:4', ' 01:02:03 ', ''),
);

const deeplyNested = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      JSON.parse(
        arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ) as unknown,
  );

/** `{"__proto__": …}` as JSON.parse builds it: an own key, not the prototype. */
const protoObject = fc
  .jsonValue({ maxDepth: 2 })
  .map((inner) => JSON.parse(`{"__proto__": ${JSON.stringify(inner) ?? 'null'}, "polluted": true}`) as unknown);

/** Any value a field might hold. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: durationText },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 'None', 'No Station', 'Unassigned', 'x'.repeat(20_000)) },
  { weight: 1, arbitrary: fc.record({ x: hostileNumber, y: hostileNumber, z: hostileNumber }) },
  { weight: 1, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A realistic record with some fields replaced by hostile values, some removed, some extra keys added. */
function mutatedRecord(sample: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(sample);
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...keys), hostileValue), { maxLength: 4 }),
      fc.subarray(keys, { maxLength: 2 }),
      fc.array(
        fc.tuple(fc.constantFrom('__proto__', 'constructor', 'toString', 'error', 'ID', 'PowerInfo'), hostileValue),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([edits, removed, extra]) => {
      const record: Record<string, unknown> = JSON.parse(JSON.stringify(sample)) as Record<string, unknown>;
      for (const key of removed) delete record[key];
      for (const [key, value] of edits) record[key] = value;
      // defineProperty: an own `__proto__` key, as JSON.parse makes it.
      for (const [key, value] of extra) Object.defineProperty(record, key, { value, enumerable: true, writable: true });
      return record;
    });
}

/** A whole response body: any JSON, a hostile value, a list of (mostly realistic) records, or FRM's error object. */
function body(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 4, arbitrary: fc.array(fc.oneof(mutatedRecord(sample), hostileValue), { maxLength: 6 }) },
    { weight: 2, arbitrary: mutatedRecord(sample) },
    { weight: 1, arbitrary: fc.record({ error: fc.oneof(fc.string(), hostileValue) }) },
  );
}

/** Every leaf of a parsed record is a finite number, a string, a boolean or null: flat and storable. */
function expectStorable(record: object): void {
  expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`${key} is ${value}, not a finite number`);
    } else if (value !== null && typeof value !== 'string' && typeof value !== 'boolean') {
      throw new Error(`${key} is ${typeof value}, not a flat value`);
    }
  }
}

/** Whether `body` must be refused as a whole (not an array, and not a usable object). */
function refusedAsWhole(body: unknown): boolean {
  if (Array.isArray(body)) return false;
  if (typeof body !== 'object' || body === null) return true;
  return typeof (body as { error?: unknown }).error === 'string';
}

/** Keys every record of a parser has: those of the fixture's parsed record. */
const KEYS = new Map(PARSERS.map((p) => [p.endpoint, Object.keys(p.parse([p.sample]).records[0]!).sort()]));

describe('FRM parsers: any body parses into finite, flat records or fails with FrmParseError', () => {
  afterEach(() => {
    // Nothing a body contains may reach Object.prototype.
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each(PARSERS.map((p) => [p.endpoint, p] as const))('%s', (endpoint, parser) => {
    fc.assert(
      fc.property(body(parser.sample), (input) => {
        let parsed: Parsed<object>;
        try {
          parsed = parser.parse(input);
        } catch (error) {
          if (!(error instanceof FrmParseError)) throw error;
          expect(error.endpoint).toBe(endpoint);
          expect(error.message.startsWith(`${endpoint}: `)).toBe(true);
          expect(refusedAsWhole(input)).toBe(true);
          if (error.frmError !== null) expect(error.frmError).toBe((input as { error: string }).error);
          return;
        }
        expect(refusedAsWhole(input)).toBe(false);
        expect(Array.isArray(parsed.records)).toBe(true);
        expect(Number.isInteger(parsed.skipped) && parsed.skipped >= 0).toBe(true);
        expect(parsed.records.length + parsed.skipped).toBe(Array.isArray(input) ? input.length : 1);
        for (const record of parsed.records) {
          expectStorable(record);
          expect(Object.keys(record).sort()).toEqual(KEYS.get(endpoint));
        }
      }),
      { numRuns: 250 },
    );
  });

  it('identity fields are non-empty strings, circuit ids integers, durations whole non-negative seconds', () => {
    const power = PARSERS[0]!.sample;
    const circuit = fc
      .tuple(mutatedRecord(power), durationText, durationText)
      .map(([record, empty, full]) => ({ ...record, BatteryTimeEmpty: empty, BatteryTimeFull: full }));
    fc.assert(
      fc.property(fc.array(circuit, { maxLength: 5 }), (input) => {
        for (const c of parsePower(input).records) {
          expect(Number.isSafeInteger(c.circuitGroupId)).toBe(true);
          for (const seconds of [c.batteryTimeEmptySeconds, c.batteryTimeFullSeconds])
            if (seconds !== null) expect(Number.isSafeInteger(seconds) && seconds >= 0).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.array(mutatedRecord(PARSERS[3]!.sample), { maxLength: 5 }), (input) => {
        for (const t of parseTrains(input).records) expect(t.trainId.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });

  it('getSessionInfo: a session with finite numbers, or FrmParseError', () => {
    const sample = fixture('getSessionInfo.json') as Record<string, unknown>;
    const input = fc.oneof(
      fc.jsonValue(),
      hostileValue,
      mutatedRecord(sample),
      fc.array(mutatedRecord(sample), { maxLength: 3 }),
      fc.record({ error: fc.string() }),
    );
    fc.assert(
      fc.property(input, (value) => {
        let session: ReturnType<typeof parseSessionInfo>;
        try {
          session = parseSessionInfo(value);
        } catch (error) {
          if (!(error instanceof FrmParseError)) throw error;
          expect(error.endpoint).toBe('getSessionInfo');
          return;
        }
        expectStorable(session);
        expect(typeof session.sessionName).toBe('string');
        expect(Number.isInteger(session.totalPlaySeconds)).toBe(true);
        for (const n of [session.passedDays, session.dayHours, session.dayMinutes])
          if (n !== null) expect(Number.isSafeInteger(n)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a __proto__ key in a record is data, never a prototype', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PARSERS), fc.jsonValue({ maxDepth: 2 }), (parser, inner) => {
        const proto = `[{"__proto__": ${JSON.stringify(inner) ?? 'null'},`;
        const text = JSON.stringify([parser.sample]).replace(/^\[\{/, () => proto);
        const withProto = parser.parse(JSON.parse(text));
        const plain = parser.parse([parser.sample]);
        expect(withProto).toEqual(plain);
        for (const r of withProto.records) expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
      }),
      { numRuns: 100 },
    );
  });
});

describe('parseDuration', () => {
  it('reads HH:MM:SS as whole seconds and anything else as null (never Infinity or NaN)', () => {
    fc.assert(
      fc.property(fc.oneof(durationText, hostileValue, fc.string()), (value) => {
        const seconds = parseDuration(value);
        if (seconds === null) return;
        expect(Number.isSafeInteger(seconds) && seconds >= 0).toBe(true);
        expect(typeof value).toBe('string');
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips hours, minutes and seconds', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.nat({ max: 59 }), fc.nat({ max: 59 }), (h, m, s) => {
        const pad = (n: number) => String(n).padStart(2, '0');
        expect(parseDuration(`${pad(h)}:${pad(m)}:${pad(s)}`)).toBe(h * 3600 + m * 60 + s);
      }),
    );
  });
});
