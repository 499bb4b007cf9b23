import {
  decodePoll,
  decodeResponse,
  encodePoll,
  encodeResponse,
  LQ_MAGIC,
  LQ_POLL_LENGTH,
  peekResponseCookie,
  subStateName,
  type LightweightQueryResponse,
} from './lightweight-query';

const hex = (spaced: string): Buffer => Buffer.from(spaced.replace(/[\s|]/g, ''), 'hex');

// The byte-exact example of the protocol documentation.
const POLL = hex('D5 F6 00 01 A2 BE 44 ED 91 01 00 00 01');
const RESPONSE = hex(`
  D5 F6 01 01 | A2 BE 44 ED 91 01 00 00 | 03 | 7A 96 05 00 | 00 00 00 00 00 00 00 00 |
  04 | 00 11 00 | 01 01 00 | 03 05 00 | 02 01 00 | 13 00 |
  53 61 74 69 73 66 61 63 74 6F 72 79 20 53 65 72 76 65 72 | 01`);
const COOKIE = 1_726_262_591_138n;
const DECODED: LightweightQueryResponse = {
  cookie: COOKIE,
  state: 'playing',
  stateCode: 3,
  changelist: 366_202,
  flags: 0n,
  modded: false,
  subStates: [
    { id: 0, version: 17 },
    { id: 1, version: 1 },
    { id: 3, version: 5 },
    { id: 2, version: 1 },
  ],
  serverName: 'Satisfactory Server',
};
const fields = ({ state: _s, modded: _m, ...rest }: LightweightQueryResponse) => rest;

/** The response with `mutate` applied to a copy of its bytes. */
const patched = (mutate: (b: Buffer) => void, base: Buffer = RESPONSE): Buffer => {
  const copy = Buffer.from(base);
  mutate(copy);
  return copy;
};

describe('lightweight query codec: the documented example', () => {
  it('is 13 + 60 bytes, and the response length is 4 + 25 + 3N + nameBytes', () => {
    expect(POLL).toHaveLength(LQ_POLL_LENGTH);
    expect(RESPONSE).toHaveLength(60);
    expect(RESPONSE).toHaveLength(4 + 25 + 3 * 4 + 19);
    expect(RESPONSE.readUInt16LE(0)).toBe(LQ_MAGIC);
  });

  it('round-trips the poll', () => {
    expect(decodePoll(POLL)).toBe(COOKIE);
    expect(encodePoll(COOKIE).equals(POLL)).toBe(true);
  });

  it('round-trips the response, keeping the sub-states in wire order', () => {
    expect(decodeResponse(RESPONSE)).toEqual(DECODED);
    expect(encodeResponse(fields(DECODED)).equals(RESPONSE)).toBe(true);
  });
});

describe('lightweight query codec: values', () => {
  it('encodes a multibyte UTF-8 name by its byte length', () => {
    const serverName = 'Fabrik Süd 🏭';
    const packet = encodeResponse({ ...fields(DECODED), subStates: [], serverName });
    const nameBytes = Buffer.byteLength(serverName, 'utf8');
    expect(nameBytes).toBe(16); // 13 UTF-16 code units: ü takes 2 bytes, the emoji 4
    expect(packet.readUInt16LE(26)).toBe(nameBytes);
    expect(packet).toHaveLength(4 + 25 + nameBytes);
    expect(decodeResponse(packet)?.serverName).toBe(serverName);
  });

  it('maps every state code and the modded flag, full-range integers included', () => {
    const states = [0, 1, 2, 3].map((stateCode) => decodeResponse(encodeResponse({ ...fields(DECODED), stateCode })));
    expect(states.map((r) => r?.state)).toEqual(['offline', 'idle', 'loading', 'playing']);
    const extreme = { ...fields(DECODED), cookie: 2n ** 64n - 1n, changelist: 0xffff_ffff, flags: 0b11111n };
    expect(decodeResponse(encodeResponse(extreme))).toMatchObject({ ...extreme, modded: true });
    expect(decodeResponse(encodeResponse({ ...fields(DECODED), flags: 0b10n }))?.modded).toBe(false);
  });

  it('keeps unknown sub-state ids, which subStateName flags as unknown', () => {
    const subStates = [{ id: 200, version: 0xffff }, ...DECODED.subStates];
    expect(decodeResponse(encodeResponse({ ...fields(DECODED), subStates }))?.subStates).toEqual(subStates);
    expect(subStateName(200)).toBeUndefined();
    expect([0, 1, 2, 3, 7].map(subStateName)).toEqual([
      'serverGameState',
      'serverOptions',
      'advancedGameSettings',
      'saveCollection',
      'custom4',
    ]);
  });

  it('refuses to encode what does not fit the wire format', () => {
    const base = fields(DECODED);
    expect(() => encodePoll(-1n)).toThrow(RangeError);
    expect(() => encodePoll(2n ** 64n)).toThrow(RangeError);
    expect(() => encodeResponse({ ...base, stateCode: 4 })).toThrow(RangeError);
    expect(() => encodeResponse({ ...base, changelist: 2 ** 32 })).toThrow(RangeError);
    expect(() => encodeResponse({ ...base, subStates: [{ id: 256, version: 0 }] })).toThrow(RangeError);
    expect(() => encodeResponse({ ...base, subStates: [{ id: 0, version: 1.5 }] })).toThrow(RangeError);
    expect(() => encodeResponse({ ...base, subStates: Array(256).fill({ id: 0, version: 0 }) })).toThrow(RangeError);
    expect(() => encodeResponse({ ...base, serverName: 'x'.repeat(0x10000) })).toThrow(RangeError);
  });
});

describe('lightweight query codec: malformed packets decode to null', () => {
  it.each([
    ['wrong magic', patched((b) => (b[0] = 0xd6), POLL)],
    ['wrong type', patched((b) => (b[2] = 1), POLL)],
    ['wrong version', patched((b) => (b[3] = 2), POLL)],
    ['missing terminator', patched((b) => (b[12] = 0), POLL)],
    ['12 bytes', POLL.subarray(0, 12)],
    ['14 bytes', Buffer.concat([POLL, Buffer.from([1])])],
    ['empty', Buffer.alloc(0)],
    ['a response', RESPONSE],
  ])('poll: %s', (_case, packet) => {
    expect(decodePoll(packet)).toBeNull();
  });

  it.each([
    ['wrong magic', patched((b) => b.writeUInt16LE(0xf6d6, 0))],
    ['wrong type', patched((b) => (b[2] = 0))],
    ['wrong version', patched((b) => (b[3] = 0))],
    ['missing terminator', RESPONSE.subarray(0, -1)],
    ['terminator not 0x01', patched((b) => (b[59] = 0))],
    ['truncated mid sub-states', RESPONSE.subarray(0, 30)],
    ['truncated to 3 bytes', RESPONSE.subarray(0, 3)],
    ['extra trailing byte', Buffer.concat([RESPONSE, Buffer.from([1])])],
    ['name length past the end', patched((b) => b.writeUInt16LE(20, 38))],
    ['name length short of the end', patched((b) => b.writeUInt16LE(18, 38))],
    ['sub-state count past the end', patched((b) => (b[25] = 20))],
    ['unknown state code', patched((b) => (b[12] = 4))],
    ['a poll', POLL],
  ])('response: %s', (_case, packet) => {
    expect(decodeResponse(packet)).toBeNull();
  });
});

describe('peekResponseCookie', () => {
  it('reads the cookie of any response-shaped packet, whatever its version, and nothing else', () => {
    expect(peekResponseCookie(patched((b) => (b[3] = 2)))).toBe(COOKIE);
    expect(peekResponseCookie(RESPONSE.subarray(0, 12))).toBe(COOKIE);
    expect(peekResponseCookie(RESPONSE.subarray(0, 11))).toBeNull();
    expect(peekResponseCookie(POLL)).toBeNull();
  });
});
