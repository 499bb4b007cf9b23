import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { GAME_ERROR_CODES, GameClientError, type GameErrorCode } from './errors';
import { FrmClient } from './frm.client';
import { GameApiClient } from './game-api.client';
import type { GameTransport, RawResponse } from './https-transport';

// Property tests of FrmClient end to end over a fake transport: whatever FRM's port and the game's `frm` proxy
// answer (non-JSON, truncated JSON, FRM error objects, wrong shapes, any status, network failures), each call
// resolves with well-formed records or rejects with a GameClientError of a documented code.

const FIXTURES = join(__dirname, 'frm', 'fixtures');
const FIXTURE_TEXTS = readdirSync(FIXTURES).map((name) => readFileSync(join(FIXTURES, name), 'utf8'));

const ERROR_CODES: readonly GameErrorCode[] = GAME_ERROR_CODES;

/** FRM body texts: real captures, whole or cut anywhere, any JSON, FRM's error objects, garbage. */
const frmText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...FIXTURE_TEXTS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIXTURE_TEXTS), fc.nat())
      .map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
  },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constantFrom('Blocked API call: World not ready.', 'Unknown endpoint', ''), fc.string())
      .map((error) => JSON.stringify({ error })),
  },
  { weight: 1, arbitrary: fc.constantFrom('', '<html>404</html>', 'null', '[', '{"ID":', '\ufeff[]', '[1e999]') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
);

const status = fc.oneof(fc.constantFrom(200, 200, 200, 204, 400, 404, 500, 503), fc.integer({ min: 100, max: 599 }));
const contentType = fc.constantFrom('application/json', 'text/html', '', 'application/json; charset=utf-8');

/** What FRM's own port does: answers something, or fails on the network. */
const httpOutcome: fc.Arbitrary<RawResponse | GameClientError> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ status, contentType, contentDisposition: fc.constant(null), text: frmText }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<GameErrorCode>('refused', 'timeout', 'reset', 'unreachable', 'tls')
      .map((code) => new GameClientError(code, `simulated ${code}`, { transport: 'frm-http' })),
  },
);

/** What the game port answers to the `frm` proxy function (and to the PasswordLogin before it). */
const proxyAnswer: fc.Arbitrary<RawResponse> = fc.record({
  status,
  contentType,
  contentDisposition: fc.constant(null),
  text: fc.oneof(
    frmText,
    fc.constantFrom(
      '{"errorCode":"bad_function","errorMessage":"Payload JSON function \'frm\' not found"}',
      '{"errorCode":"internal_server_error"}',
      '{"errorCode":"invalid_token","errorMessage":"Token has expired"}',
      '{"data":{"authenticationToken":"tok"}}',
    ),
  ),
});

const scenario = fc.record({
  http: fc.array(httpOutcome, { minLength: 1, maxLength: 3 }),
  proxy: fc.array(proxyAnswer, { minLength: 1, maxLength: 4 }),
});

/** An FrmClient (and its game API client) on a transport scripted by the scenario, with call counts. */
function fakeFrm(s: { http: (RawResponse | GameClientError)[]; proxy: RawResponse[] }) {
  const counts = { http: 0, proxy: 0 };
  const transport = {
    get: () => {
      const outcome = s.http[Math.min(counts.http++, s.http.length - 1)]!;
      return outcome instanceof GameClientError ? Promise.reject(outcome) : Promise.resolve(outcome);
    },
    send: () => Promise.resolve(s.proxy[Math.min(counts.proxy++, s.proxy.length - 1)]!),
  } as unknown as GameTransport;
  const api = new GameApiClient(transport, { address: '127.0.0.1', port: 7777 }, { password: () => 'pw' });
  const frm = new FrmClient(transport, api, { address: '127.0.0.1', addonHttpPort: 8080 });
  return { frm, counts };
}

function expectTypedError(error: unknown): void {
  if (!(error instanceof GameClientError)) throw error;
  expect(ERROR_CODES).toContain(error.code);
  expect(error.message.length).toBeGreaterThan(0);
  expect(['frm-http', 'frm-proxy', 'https']).toContain(error.details.transport);
}

function expectFlatFinite(record: object): void {
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`${key} is ${value}`);
    if (value !== null && !['number', 'string', 'boolean'].includes(typeof value)) throw new Error(`${key} is nested`);
  }
}

const CALLS = ['power', 'players', 'production', 'trains', 'drones', 'droneStations', 'factory'] as const;

describe('FrmClient: any answer of FRM or the proxy gives records or a typed error', () => {
  it.each(CALLS.map((c) => [c]))('%s', async (call) => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { frm, counts } = fakeFrm(s);
        try {
          const parsed = await frm[call]();
          expect(Array.isArray(parsed.records)).toBe(true);
          expect(Number.isInteger(parsed.skipped) && parsed.skipped >= 0).toBe(true);
          parsed.records.forEach(expectFlatFinite);
        } catch (error) {
          expectTypedError(error);
        }
        // One try on FRM's port, then at most login + proxy + re-login + proxy.
        expect(counts.http).toBeLessThanOrEqual(1);
        expect(counts.proxy).toBeLessThanOrEqual(4);
      }),
      { numRuns: 60 },
    );
  });

  it('sessionInfo', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { frm } = fakeFrm(s);
        try {
          const session = await frm.sessionInfo();
          expectFlatFinite(session);
          expect(typeof session.sessionName).toBe('string');
        } catch (error) {
          expectTypedError(error);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('check() says available or unavailable with a reason, or rejects with a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { frm } = fakeFrm(s);
        try {
          const result = await frm.check();
          if (result.status === 'available') {
            expect(result.reason).toBeNull();
            expect(['http', 'proxy']).toContain(result.via);
          } else {
            expect(result.status).toBe('unavailable');
            expect(typeof result.reason).toBe('string');
            expect(result.reason!.length).toBeGreaterThan(0);
          }
        } catch (error) {
          expectTypedError(error);
        }
      }),
      { numRuns: 150 },
    );
  });
});
