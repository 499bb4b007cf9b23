import fc from 'fast-check';
import { GAME_ERROR_CODES, GameClientError, type GameErrorCode } from './errors';
import { GameApiClient } from './game-api.client';
import { describeChangelist } from './game-version';
import type { GameTransport, RawResponse } from './https-transport';
import { GAME_PHASE_NAMES, parseGamePhase, parseServerGameState, type ServerGameState } from './server-state';

// Property tests of the game HTTPS API client's response handling: whatever a port answers (any status, content
// type and body: envelopes with wrong types, hostile error codes, non-JSON, truncated JSON), every call resolves
// with a well-formed value or rejects with a GameClientError carrying one of the documented codes, and never
// retries without bound.

const ERROR_CODES: readonly GameErrorCode[] = GAME_ERROR_CODES;

const PASSWORD = 'pw-Zq8#property-secret';

/** Values of the wrong type, numeric-looking strings and the keys that are special on plain objects. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(1e308, -1e308, -0, 2 ** 53 + 2, 'NaN', 'Infinity', '1e999', '', ' ', 'x'.repeat(5000)),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** A key of the game's serverGameState in a random letter case (the game's docs and the game disagree on case). */
const STATE_KEYS = [
  'activeSessionName',
  'numConnectedPlayers',
  'playerLimit',
  'techTier',
  'activeSchematic',
  'gamePhase',
  'isGameRunning',
  'isGamePaused',
  'totalGameDuration',
  'averageTickRate',
];
const randomCase = (key: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: key.length, maxLength: key.length })
    .map((upper) => [...key].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

const phaseText = fc.oneof(
  fc.nat({ max: 20 }).map((n) => `/Script/FactoryGame.FGGamePhase'/Game/GP_Project_Assembly_Phase_${n}'`),
  fc.constantFrom(
    `GP_Project_Assembly_Phase_${'9'.repeat(400)}`,
    `GP_Project_Assembly_Phase_${'9'.repeat(20)}`,
    'GP_Project_Assembly_Phase_-1',
    'GP_Project_Assembly_Phase_',
    'None',
  ),
);

const gameState: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(fc.constantFrom(...STATE_KEYS).chain(randomCase), fc.oneof(hostile, phaseText)), { maxLength: 12 })
  .map((entries) => Object.fromEntries(entries));

/** QueryServerState's `data`: sometimes the real shape, sometimes anything. */
const stateData: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostile,
  fc
    .tuple(fc.constantFrom('serverGameState', 'ServerGameState', 'SERVERGAMESTATE'), fc.oneof(gameState, hostile))
    .map(([key, value]) => Object.fromEntries([[key, value]])),
);

/** A JSON text as JSON.parse would see it, with `__proto__` as an own key. */
function withProtoKey(value: Record<string, unknown>, proto: unknown): unknown {
  const rest = JSON.stringify(value).slice(1, -1);
  return JSON.parse(`{"__proto__": ${JSON.stringify(proto) ?? 'null'}${rest === '' ? '' : `, ${rest}`}}`);
}

describe('parseServerGameState', () => {
  it('gives null or exactly the normalised fields, each of its type, numbers finite', () => {
    fc.assert(
      fc.property(stateData, (data) => {
        const state = parseServerGameState(data);
        if (state === null) return;
        expectWellFormedState(state);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the keys in any letter case, and ignores a __proto__ key', () => {
    fc.assert(
      fc.property(gameState, hostile, (state, proto) => {
        // Through JSON, as the game's bytes arrive (-0 becomes 0).
        const inner = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
        const plain = parseServerGameState({ serverGameState: inner });
        expect(plain).not.toBeNull();
        // A `__proto__` key (inside, or beside serverGameState) is data that names no field: the result is the same.
        const lowered = Object.fromEntries(Object.entries(inner).map(([k, v]) => [k.toLowerCase(), v]));
        const empty = parseServerGameState({ serverGameState: {} });
        expect(parseServerGameState({ serverGameState: withProtoKey({}, lowered) })).toEqual(empty);
        expect(parseServerGameState(withProtoKey({ serverGameState: inner }, { servergamestate: proto }))).toEqual(
          plain,
        );
        expect(parseServerGameState(withProtoKey({}, { servergamestate: inner }))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseGamePhase and describeChangelist', () => {
  it('a phase is a safe whole number with a name, or neither', () => {
    fc.assert(
      fc.property(fc.oneof(phaseText, fc.string(), fc.constant(null), fc.constant(undefined)), (raw) => {
        const { number, name } = parseGamePhase(raw);
        expect(number === null).toBe(name === null);
        if (number === null) return;
        expect(Number.isSafeInteger(number) && number >= 0).toBe(true);
        expect(name).toBe(GAME_PHASE_NAMES[number] ?? `Phase ${number}`);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips phase numbers', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), (n) => {
        expect(parseGamePhase(`GP_Project_Assembly_Phase_${n}`).number).toBe(n);
      }),
    );
  });

  it('describes any changelist without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.integer(), fc.double()), (cl) => {
        expect(describeChangelist(cl)).toContain(`(CL ${cl})`);
      }),
    );
  });
});

/** A response of the game port: any status and content type, bodies from plausible envelopes to garbage. */
const envelope = fc.record(
  {
    errorCode: fc.oneof(
      fc.constantFrom('wrong_password', 'invalid_token', 'insufficient_scope', 'bad_function', 'missing_params'),
      hostile,
    ),
    errorMessage: fc.oneof(fc.string(), fc.constant(`first line\n${PASSWORD.length} more`), hostile),
    data: fc.oneof(
      stateData,
      fc.record({ health: fc.oneof(fc.constantFrom('healthy', 'slow'), hostile) }),
      fc.record({ authenticationToken: fc.oneof(fc.constant('token-abc'), hostile) }),
    ),
  },
  { requiredKeys: [] },
);

const bodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: envelope.map((e) => JSON.stringify(e)) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 2,
    arbitrary: fc.tuple(envelope, fc.nat()).map(([e, cut]) => {
      const text = JSON.stringify(e);
      return text.slice(0, cut % (text.length + 1));
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '<html>502 Bad Gateway</html>', 'null', '[]', '{}', '\u0000', '\ufeff{}'),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`) },
);

const response: fc.Arbitrary<RawResponse> = fc.record({
  status: fc.oneof(
    fc.constantFrom(200, 200, 200, 204, 400, 401, 403, 404, 500, 503),
    fc.integer({ min: 100, max: 599 }),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/jsonx',
    'text/html',
    'text/plain',
    '',
  ),
  contentDisposition: fc.constant(null),
  text: bodyText,
});

/** A transport that answers the n-th request with the n-th response (the last one repeats). */
function fakeTransport(responses: RawResponse[]): GameTransport {
  let n = 0;
  return {
    send: (_url: string, init: { body?: string }) => {
      // The client sends a JSON body with a function name, always.
      expect(typeof (JSON.parse(init.body ?? 'null') as { function?: unknown }).function).toBe('string');
      return Promise.resolve(responses[Math.min(n++, responses.length - 1)]!);
    },
  } as unknown as GameTransport;
}

function expectTypedError(error: unknown): void {
  if (!(error instanceof GameClientError)) throw error;
  expect(ERROR_CODES).toContain(error.code);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message).not.toContain(PASSWORD);
  expect(error.details.transport).toBe('https');
  if (error.details.apiErrorCode !== undefined) expect(typeof error.details.apiErrorCode).toBe('string');
}

function expectWellFormedState(state: ServerGameState): void {
  expect(Object.keys(state).sort()).toEqual(
    [
      'activeSchematic',
      'gamePhase',
      'gamePhaseName',
      'gamePhaseNumber',
      'isPaused',
      'isRunning',
      'playerCount',
      'playerLimit',
      'sessionName',
      'techTier',
      'tickRate',
      'totalDuration',
    ].sort(),
  );
  for (const key of ['sessionName', 'activeSchematic', 'gamePhase', 'gamePhaseName'] as const)
    expect(state[key] === null || typeof state[key] === 'string').toBe(true);
  for (const key of ['isRunning', 'isPaused'] as const)
    expect(state[key] === null || typeof state[key] === 'boolean').toBe(true);
  for (const key of ['playerCount', 'playerLimit', 'techTier', 'totalDuration', 'gamePhaseNumber'] as const)
    expect(state[key] === null || Number.isInteger(state[key])).toBe(true);
  expect(state.tickRate === null || Number.isFinite(state.tickRate)).toBe(true);
  expect(state.gamePhaseNumber === null || Number.isSafeInteger(state.gamePhaseNumber)).toBe(true);
}

type Call = 'healthCheck' | 'queryServerState' | 'login' | 'frmProxy';

describe('GameApiClient: any answer is a well-formed value or a typed GameClientError', () => {
  it.each<[Call]>([['healthCheck'], ['queryServerState'], ['login'], ['frmProxy']])('%s', async (call) => {
    await fc.assert(
      fc.asyncProperty(fc.array(response, { minLength: 1, maxLength: 4 }), async (responses) => {
        const client = new GameApiClient(
          fakeTransport(responses),
          { address: '127.0.0.1', port: 7777 },
          {
            password: () => PASSWORD,
          },
        );
        let value: unknown;
        try {
          value = await (call === 'frmProxy' ? client.frmProxy('getPower') : client[call]());
        } catch (error) {
          expectTypedError(error);
          return;
        } finally {
          // At most: login, call, login again after invalid_token, call again.
          expect(client.stats.requests).toBeLessThanOrEqual(4);
        }
        switch (call) {
          case 'healthCheck': {
            const { health, latencyMs } = value as Awaited<ReturnType<GameApiClient['healthCheck']>>;
            expect(typeof health).toBe('string');
            expect(Number.isFinite(latencyMs)).toBe(true);
            break;
          }
          case 'queryServerState':
            expectWellFormedState(value as ServerGameState);
            break;
          case 'login':
            expect(typeof value).toBe('string');
            expect(value).not.toBe('');
            break;
          case 'frmProxy':
            // Raw FRM JSON (anything JSON can be), or nothing for a 204 / empty body: FrmClient checks it.
            break;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('an API error code is reported verbatim, mapped to a documented code, whatever its name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty')),
        fc.constantFrom(200, 400, 401, 403, 500),
        async (errorCode, status) => {
          const text = JSON.stringify({ errorCode, errorMessage: 'nope' });
          const answer = { status, contentType: 'application/json', contentDisposition: null, text };
          const client = new GameApiClient(fakeTransport([answer]), { address: '127.0.0.1', port: 7777 });
          const error = await client.healthCheck().then(
            () => null,
            (e: unknown) => e,
          );
          expectTypedError(error);
          expect((error as GameClientError).details.apiErrorCode).toBe(errorCode);
        },
      ),
      { numRuns: 200 },
    );
  });
});
