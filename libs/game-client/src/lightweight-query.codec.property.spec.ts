import { createSocket, type Socket } from 'node:dgram';
import fc from 'fast-check';
import {
  decodePoll,
  decodeResponse,
  encodePoll,
  encodeResponse,
  LightweightQueryError,
  LQ_MAGIC,
  LQ_POLL_LENGTH,
  LQ_PROTOCOL_VERSION,
  LQ_SERVER_STATES,
  LQ_TERMINATOR,
  peekResponseCookie,
  queryServerState,
  subStateName,
  type LightweightQueryResponse,
  type LightweightQueryResponseFields,
} from './lightweight-query';

// Property tests of the lightweight query codec: every datagram reaching the port is untrusted input, so the
// decoders must answer `null` or a well-formed message for any bytes, never throw, and valid messages round-trip.

const UINT64_MAX = (1n << 64n) - 1n;
const uint64 = fc.bigInt({ min: 0n, max: UINT64_MAX });

/** Valid response fields: everything the wire format can carry (names are well-formed UTF-16, so they round-trip). */
const responseFields: fc.Arbitrary<LightweightQueryResponseFields> = fc.record({
  cookie: uint64,
  stateCode: fc.integer({ min: 0, max: LQ_SERVER_STATES.length - 1 }),
  changelist: fc.integer({ min: 0, max: 0xffff_ffff }),
  flags: uint64,
  subStates: fc.array(
    fc.record({ id: fc.integer({ min: 0, max: 0xff }), version: fc.integer({ min: 0, max: 0xffff }) }),
    { maxLength: 40 },
  ),
  serverName: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 })),
});

/** A valid encoded response. */
const validResponse = responseFields.map((fields) => encodeResponse(fields));

/** A 4-byte envelope header, mostly a plausible one, so random tails get past the first checks. */
const header = fc
  .record({
    magic: fc.oneof({ weight: 4, arbitrary: fc.constant(LQ_MAGIC) }, fc.integer({ min: 0, max: 0xffff })),
    type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1) }, fc.integer({ min: 0, max: 0xff })),
    version: fc.oneof({ weight: 4, arbitrary: fc.constant(LQ_PROTOCOL_VERSION) }, fc.integer({ min: 0, max: 0xff })),
  })
  .map(({ magic, type, version }) => {
    const b = Buffer.alloc(4);
    b.writeUInt16LE(magic, 0);
    b[2] = type;
    b[3] = version;
    return b;
  });

/** Any bytes: pure noise, noise behind a plausible header, and valid messages mutated, truncated or extended. */
const hostileDatagram: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a)),
  fc
    .tuple(header, fc.uint8Array({ maxLength: 300 }), fc.boolean())
    .map(([h, tail, terminate]) =>
      Buffer.concat([h, Buffer.from(tail), terminate ? Buffer.from([1]) : Buffer.alloc(0)]),
    ),
  fc
    .tuple(
      validResponse,
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 0xff })), { minLength: 1, maxLength: 4 }),
    )
    .map(([packet, edits]) => {
      const copy = Buffer.from(packet);
      for (const [at, value] of edits) copy[at % copy.length] = value;
      return copy;
    }),
  fc.tuple(validResponse, fc.nat()).map(([packet, cut]) => packet.subarray(0, cut % packet.length)),
  fc
    .tuple(validResponse, fc.uint8Array({ minLength: 1, maxLength: 8 }))
    .map(([packet, extra]) => Buffer.concat([packet, Buffer.from(extra)])),
  uint64.map((cookie) => encodePoll(cookie)),
);

/** Checks that a decoded response is internally consistent and within the wire format's ranges. */
function expectWellFormed(r: LightweightQueryResponse, packet: Buffer): void {
  expect(r.cookie >= 0n && r.cookie <= UINT64_MAX).toBe(true);
  expect(r.flags >= 0n && r.flags <= UINT64_MAX).toBe(true);
  expect(LQ_SERVER_STATES[r.stateCode]).toBe(r.state);
  expect(Number.isInteger(r.changelist) && r.changelist >= 0 && r.changelist <= 0xffff_ffff).toBe(true);
  expect(r.modded).toBe((r.flags & 1n) === 1n);
  expect(Array.isArray(r.subStates)).toBe(true);
  expect(r.subStates.length).toBeLessThanOrEqual(0xff);
  for (const s of r.subStates) {
    expect(Number.isInteger(s.id) && s.id >= 0 && s.id <= 0xff).toBe(true);
    expect(Number.isInteger(s.version) && s.version >= 0 && s.version <= 0xffff).toBe(true);
  }
  expect(typeof r.serverName).toBe('string');
  // Strict length: the packet is exactly what the counts say, terminator included.
  const nameBytes = packet.readUInt16LE(26 + 3 * r.subStates.length);
  expect(packet.length).toBe(29 + 3 * r.subStates.length + nameBytes);
  expect(packet[packet.length - 1]).toBe(LQ_TERMINATOR);
}

describe('lightweight query codec: properties', () => {
  it('decodes any datagram to null or a well-formed message, never throwing', () => {
    fc.assert(
      fc.property(hostileDatagram, (packet) => {
        const poll = decodePoll(packet);
        if (poll !== null) {
          expect(packet).toHaveLength(LQ_POLL_LENGTH);
          expect(encodePoll(poll).equals(packet)).toBe(true);
        }
        const response = decodeResponse(packet);
        if (response !== null) {
          expectWellFormed(response, packet);
          // A response that decodes also lets the client recognise its cookie.
          expect(peekResponseCookie(packet)).toBe(response.cookie);
        }
        const peeked = peekResponseCookie(packet);
        if (peeked !== null) expect(peeked >= 0n && peeked <= UINT64_MAX).toBe(true);
        // A datagram is never both a poll and a response.
        expect(poll !== null && response !== null).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });

  it('re-encodes a decoded response to the same bytes when its name is valid UTF-8', () => {
    fc.assert(
      fc.property(hostileDatagram, (packet) => {
        const response = decodeResponse(packet);
        if (response === null) return;
        const nameStart = 28 + 3 * response.subStates.length;
        const rawName = packet.subarray(nameStart, packet.length - 1);
        if (!Buffer.from(response.serverName, 'utf8').equals(rawName)) return; // lenient U+FFFD decoding
        const { state: _s, modded: _m, ...fields } = response;
        expect(encodeResponse(fields).equals(packet)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips every valid response and poll', () => {
    fc.assert(
      fc.property(responseFields, uint64, (fields, cookie) => {
        const packet = encodeResponse(fields);
        expect(packet).toHaveLength(29 + 3 * fields.subStates.length + Buffer.byteLength(fields.serverName, 'utf8'));
        const decoded = decodeResponse(packet);
        expect(decoded).toEqual({
          ...fields,
          state: LQ_SERVER_STATES[fields.stateCode],
          modded: (fields.flags & 1n) === 1n,
        });
        expect(decodePoll(packet)).toBeNull();
        expect(decodePoll(encodePoll(cookie))).toBe(cookie);
        expect(decodeResponse(encodePoll(cookie))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every proper prefix and every extension of a valid response', () => {
    fc.assert(
      fc.property(validResponse, fc.uint8Array({ minLength: 1, maxLength: 16 }), (packet, extra) => {
        for (let cut = 0; cut < packet.length; cut++) expect(decodeResponse(packet.subarray(0, cut))).toBeNull();
        expect(decodeResponse(Buffer.concat([packet, Buffer.from(extra)]))).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('encoders throw RangeError (never write a corrupt packet) for values outside the wire format', () => {
    const outOfRange = fc.oneof(
      fc.record({
        field: fc.constant('cookie'),
        value: fc.oneof(fc.bigInt({ max: -1n }), fc.bigInt({ min: 1n << 64n })),
      }),
      fc.record({
        field: fc.constant('flags'),
        value: fc.oneof(fc.bigInt({ max: -1n }), fc.bigInt({ min: 1n << 64n })),
      }),
      fc.record({
        field: fc.constant('stateCode'),
        value: fc.oneof(
          fc.integer({ min: 4 }),
          fc.integer({ max: -1 }),
          fc.double({ noInteger: true }),
          fc.constantFrom(NaN, Infinity),
        ),
      }),
      fc.record({
        field: fc.constant('changelist'),
        value: fc.oneof(
          fc.integer({ min: 2 ** 32, max: Number.MAX_SAFE_INTEGER }),
          fc.integer({ max: -1 }),
          fc.constant(NaN),
        ),
      }),
      fc.record({
        field: fc.constant('subStates'),
        value: fc.oneof(
          fc.constant(Array(256).fill({ id: 0, version: 0 }) as unknown),
          fc.record({ id: fc.integer({ min: 256 }), version: fc.constant(0) }).map((s) => [s]),
          fc.record({ id: fc.constant(0), version: fc.integer({ min: 0x10000 }) }).map((s) => [s]),
          fc.record({ id: fc.constant(0), version: fc.double({ noInteger: true }) }).map((s) => [s]),
        ),
      }),
      fc.record({
        field: fc.constant('serverName'),
        value: fc.integer({ min: 0x10000, max: 0x10100 }).map((n) => 'x'.repeat(n)),
      }),
    );
    fc.assert(
      fc.property(responseFields, outOfRange, (fields, { field, value }) => {
        const bad = { ...fields, [field]: value } as LightweightQueryResponseFields;
        expect(() => encodeResponse(bad)).toThrow(RangeError);
        if (field === 'cookie') expect(() => encodePoll(value as bigint)).toThrow(RangeError);
      }),
      { numRuns: 150 },
    );
  });

  it('names exactly the sub-state ids 0-7 and no others', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (id) => {
        const name = subStateName(id);
        expect(name === undefined).toBe(!(Number.isInteger(id) && id >= 0 && id <= 7));
      }),
    );
  });
});

describe('lightweight query client: hostile answers', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  it('resolves only with a valid answer to its own poll, else rejects with LightweightQueryError', async () => {
    // A loopback "server" that answers each poll with hostile datagrams, sometimes echoing the poll's cookie.
    let replies: (cookie: bigint) => Buffer[] = () => [];
    const server = createSocket('udp4');
    sockets.push(server);
    server.on('message', (packet, from) => {
      const cookie = decodePoll(packet);
      if (cookie !== null) for (const reply of replies(cookie)) server.send(reply, from.port, from.address);
    });
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
    const port = server.address().port;

    const echoCookie = (packet: Buffer, cookie: bigint): Buffer => {
      if (packet.length < 12) return packet;
      const copy = Buffer.from(packet);
      copy.writeBigUInt64LE(cookie, 4);
      return copy;
    };
    const plan = fc.array(fc.tuple(hostileDatagram, fc.boolean()), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(plan, async (datagrams) => {
        replies = (cookie) => datagrams.map(([d, echo]) => (echo ? echoCookie(d, cookie) : d));
        let result: Awaited<ReturnType<typeof queryServerState>> | undefined;
        try {
          result = await queryServerState({ host: '127.0.0.1', port, timeoutMs: 40, attempts: 1 });
        } catch (error) {
          expect(error).toBeInstanceOf(LightweightQueryError);
          expect(['timeout', 'bad_response']).toContain((error as LightweightQueryError).code);
          return;
        }
        // Success only for a datagram that decodes and carries this poll's cookie.
        const { rttMs, ...response } = result;
        expect(rttMs).toBeGreaterThanOrEqual(0);
        const matching = datagrams
          .map(([d, echo]) => decodeResponse(echo ? echoCookie(d, response.cookie) : d))
          .filter((r) => r !== null);
        expect(matching).toContainEqual(response);
      }),
      { numRuns: 25 },
    );
  });
});
