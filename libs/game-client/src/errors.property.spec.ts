import fc from 'fast-check';
import { classifyNetworkError, GameClientError, type GameErrorCode, type GameTransportKind } from './errors';

// Property tests of classifyNetworkError: whatever a socket, undici or an abort throws (Errors with any code, name,
// message and cause chain, DOMExceptions with numeric codes, cycles, non-Error values), the answer is one
// GameClientError with a documented code, never an exception of its own.

const CODES: readonly GameErrorCode[] = ['refused', 'timeout', 'reset', 'tls', 'unreachable'];
const TRANSPORTS: readonly GameTransportKind[] = ['tcp', 'https', 'frm-http', 'frm-proxy', 'udp'];

const errorCode = fc.oneof(
  fc.constantFrom(
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENOTFOUND',
    'EAI_AGAIN',
    'UND_ERR_SOCKET',
    'UND_ERR_CONNECT_TIMEOUT',
    'ERR_SSL_WRONG_VERSION_NUMBER',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'EPROTO',
    'constructor',
    '__proto__',
    'toString',
  ),
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.constant(undefined),
);

/** An error-like value: plain objects and Errors with code / name / message, nested causes (sometimes a cycle). */
const errorLike: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.array(
      fc.record(
        {
          code: errorCode,
          name: fc.oneof(fc.constantFrom('TimeoutError', 'AbortError', 'Error', 'DataCloneError'), fc.string()),
          message: fc.oneof(
            fc.constantFrom('SSL routines', 'certificate has expired', 'socket hang up'),
            fc.string(),
            fc.integer(),
          ),
        },
        { requiredKeys: [] },
      ),
      { minLength: 1, maxLength: 7 },
    ),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([links, asErrors, cycle]) => {
    const chain = links.map((fields) => Object.assign(asErrors ? new Error() : {}, fields) as Record<string, unknown>);
    chain.forEach((e, i) => {
      if (i + 1 < chain.length) e.cause = chain[i + 1];
    });
    if (cycle) chain[chain.length - 1]!.cause = chain[0];
    return chain[0];
  });

const anyThrown: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: errorLike },
  { weight: 1, arbitrary: fc.anything() },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('AbortError', 'TimeoutError', 'DataCloneError', 'InvalidStateError', 'NetworkError')
      .map((name) => new DOMException('simulated', name)),
  },
  // Values String() throws for: a callable-less toString (CI found `{ toString: '' }`), no prototype at all, and the
  // same as a message of an error in the chain.
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      Symbol('thrown'),
      42n,
      () => 1,
      new AggregateError([]),
      { toString: '' },
      Object.create(null),
      { message: { toString: '' } },
      Object.assign(new Error('x'), { code: 'EPROTO', message: Object.create(null) }),
      { name: 'Error', message: Symbol('m') },
    ),
  },
);

describe('classifyNetworkError', () => {
  it('maps anything thrown to one GameClientError with a documented code', () => {
    fc.assert(
      fc.property(anyThrown, fc.constantFrom(...TRANSPORTS), fc.string(), (thrown, transport, where) => {
        const error = classifyNetworkError(thrown, transport, where);
        expect(error).toBeInstanceOf(GameClientError);
        expect(CODES).toContain(error.code);
        expect(error.details.transport).toBe(transport);
        expect(typeof error.message).toBe('string');
        expect(error.cause).toBe(thrown);
      }),
      { numRuns: 1000 },
    );
  });

  it('describes values that cannot be turned into text without throwing', () => {
    const error = classifyNetworkError({ toString: '' }, 'tcp', 'host:7777');
    expect(error.code).toBe('reset');
    expect(error.message).toBe('connection to host:7777 failed: [object Object]');
    expect(classifyNetworkError(Object.create(null), 'https', 'h').message).toBe(
      'connection to h failed: [object Object]',
    );
    const tls = classifyNetworkError(
      Object.assign(new Error(), { code: 'EPROTO', message: { toString: '' } }),
      'https',
      'h',
    );
    expect(tls.code).toBe('tls');
  });

  it('keeps a GameClientError as it is', () => {
    fc.assert(
      fc.property(fc.constantFrom<GameErrorCode>('wrong_password', 'fingerprint_mismatch', 'bad_json'), (code) => {
        const original = new GameClientError(code, 'x');
        expect(classifyNetworkError(original, 'https', 'here')).toBe(original);
      }),
    );
  });
});
