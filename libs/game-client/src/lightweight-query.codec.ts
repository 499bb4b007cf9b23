/**
 * Codec for the Satisfactory dedicated server "Lightweight Query API": the UDP ping on the game port (7777 by
 * default) that tells whether a server is up and in which state, without the HTTPS API or a token.
 *
 * Wire format (all integers little-endian):
 * - envelope: uint16 magic 0xF6D5, uint8 message type, uint8 protocol version (1), payload, uint8 terminator 0x01;
 * - poll (type 0) payload: uint64 cookie, so a poll is always 13 bytes;
 * - response (type 1) payload: uint64 cookie (echoed), uint8 server state, uint32 changelist, uint64 flags,
 *   uint8 sub-state count N, N × (uint8 id, uint16 version), uint16 name byte length, UTF-8 name;
 *   so a response is exactly `29 + 3N + nameBytes` bytes (`4 + 25 + 3N + nameBytes` counting the terminator).
 *
 * Decoders are strict and return `null` rather than throw: every datagram reaching the port is untrusted input,
 * and the client simply ignores what does not decode. Encoders throw `RangeError` on values that do not fit
 * the wire format, because that is a programming error in the caller (the simulator, the tests).
 */

/** The protocol magic, `D5 F6` on the wire. */
export const LQ_MAGIC = 0xf6d5;
/** The only protocol version this codec speaks. */
export const LQ_PROTOCOL_VERSION = 1;
/** Every message ends with this byte; the server discards messages that do not. */
export const LQ_TERMINATOR = 0x01;
/** The default game port, where the server also answers the lightweight query. */
export const LQ_DEFAULT_PORT = 7777;
/** Length of a poll: 4-byte envelope header, 8-byte cookie, terminator. */
export const LQ_POLL_LENGTH = 13;

/** Message types (envelope offset 2). */
export const LqMessageType = { pollServerState: 0, serverStateResponse: 1 } as const;

/** Server state as reported by the query; `offline` is defined by the protocol but never sent by a server. */
export type ServerStateName = 'offline' | 'idle' | 'loading' | 'playing';

/** Server state names indexed by their wire code (0 Offline, 1 Idle: no save loaded, 2 Loading, 3 Playing). */
export const LQ_SERVER_STATES: readonly ServerStateName[] = ['offline', 'idle', 'loading', 'playing'];

/** Bits of the response's `ServerFlags`: bit 0 Modded, bits 1-4 free for mods (Custom1..4). */
export const LqServerFlag = { modded: 1n, custom1: 2n, custom2: 4n, custom3: 8n, custom4: 16n } as const;

/** Sub-state ids. Each sub-state's version changes when that part of the server state changes. */
export const LqSubStateId = {
  serverGameState: 0,
  serverOptions: 1,
  advancedGameSettings: 2,
  saveCollection: 3,
  custom1: 4,
  custom2: 5,
  custom3: 6,
  custom4: 7,
} as const;

/** Name of a sub-state id known to protocol version 1. */
export type LqSubStateName = keyof typeof LqSubStateId;

/** A decoded Server State Response. */
export interface LightweightQueryResponse {
  /** The poll's cookie, echoed by the server. */
  cookie: bigint;
  state: ServerStateName;
  /** Wire code of `state` (0-3). */
  stateCode: number;
  /** The game build (changelist) the server runs. */
  changelist: number;
  /** Raw `ServerFlags`; see {@link LqServerFlag}. */
  flags: bigint;
  /** Bit 0 of `flags`. */
  modded: boolean;
  /** In wire order (servers do not sort them); ids unknown to this codec are kept, see {@link subStateName}. */
  subStates: { id: number; version: number }[];
  serverName: string;
}

/** What {@link encodeResponse} needs: the derived fields (`state`, `modded`) come from `stateCode` and `flags`. */
export type LightweightQueryResponseFields = Omit<LightweightQueryResponse, 'state' | 'modded'>;

const HEADER_LENGTH = 4;
/** Fixed part of a response: header, cookie, state, changelist, flags, count, name length, terminator. */
const RESPONSE_FIXED_LENGTH = HEADER_LENGTH + 8 + 1 + 4 + 8 + 1 + 2 + 1;
const SUB_STATE_LENGTH = 3;
const UINT64_MAX = (1n << 64n) - 1n;

/** Name of a sub-state id, or `undefined` for ids protocol version 1 does not define (safe to ignore). */
export function subStateName(id: number): LqSubStateName | undefined {
  const entry = Object.entries(LqSubStateId).find(([, value]) => value === id);
  return entry?.[0] as LqSubStateName | undefined;
}

/** Encodes a Poll Server State message (13 bytes). */
export function encodePoll(cookie: bigint): Buffer {
  assertUint64('cookie', cookie);
  const packet = Buffer.alloc(LQ_POLL_LENGTH);
  writeHeader(packet, LqMessageType.pollServerState);
  packet.writeBigUInt64LE(cookie, HEADER_LENGTH);
  packet[LQ_POLL_LENGTH - 1] = LQ_TERMINATOR;
  return packet;
}

/** Decodes a Poll Server State message to its cookie; `null` unless it is exactly a well-formed version 1 poll. */
export function decodePoll(packet: Buffer): bigint | null {
  if (packet.length !== LQ_POLL_LENGTH || !hasHeader(packet, LqMessageType.pollServerState)) return null;
  if (packet[LQ_POLL_LENGTH - 1] !== LQ_TERMINATOR) return null;
  return packet.readBigUInt64LE(HEADER_LENGTH);
}

/** Encodes a Server State Response; `state` and `modded` are derived from `stateCode` and `flags`. */
export function encodeResponse(r: LightweightQueryResponseFields): Buffer {
  assertUint64('cookie', r.cookie);
  assertUint64('flags', r.flags);
  assertUint('stateCode', r.stateCode, LQ_SERVER_STATES.length - 1);
  assertUint('changelist', r.changelist, 0xffff_ffff);
  assertUint('subStates.length', r.subStates.length, 0xff);
  const name = Buffer.from(r.serverName, 'utf8');
  assertUint('serverName byte length', name.length, 0xffff);

  const packet = Buffer.alloc(RESPONSE_FIXED_LENGTH + SUB_STATE_LENGTH * r.subStates.length + name.length);
  writeHeader(packet, LqMessageType.serverStateResponse);
  let offset = packet.writeBigUInt64LE(r.cookie, HEADER_LENGTH);
  offset = packet.writeUInt8(r.stateCode, offset);
  offset = packet.writeUInt32LE(r.changelist, offset);
  offset = packet.writeBigUInt64LE(r.flags, offset);
  offset = packet.writeUInt8(r.subStates.length, offset);
  for (const [index, subState] of r.subStates.entries()) {
    assertUint(`subStates[${index}].id`, subState.id, 0xff);
    assertUint(`subStates[${index}].version`, subState.version, 0xffff);
    offset = packet.writeUInt8(subState.id, offset);
    offset = packet.writeUInt16LE(subState.version, offset);
  }
  offset = packet.writeUInt16LE(name.length, offset);
  offset += name.copy(packet, offset);
  packet[offset] = LQ_TERMINATOR;
  return packet;
}

/**
 * Decodes a Server State Response. Strict: magic, type 1, version 1, a known state code, a length that matches
 * the sub-state count and name length exactly, and the terminator; `null` otherwise.
 */
export function decodeResponse(packet: Buffer): LightweightQueryResponse | null {
  if (packet.length < RESPONSE_FIXED_LENGTH || !hasHeader(packet, LqMessageType.serverStateResponse)) return null;
  if (packet[packet.length - 1] !== LQ_TERMINATOR) return null;
  const cookie = packet.readBigUInt64LE(4);
  const stateCode = packet.readUInt8(12);
  const changelist = packet.readUInt32LE(13);
  const flags = packet.readBigUInt64LE(17);
  const count = packet.readUInt8(25);
  const state = LQ_SERVER_STATES[stateCode];
  // The name length sits after the sub-states: check the packet reaches it before reading it.
  const nameLengthOffset = 26 + SUB_STATE_LENGTH * count;
  if (state === undefined || packet.length < nameLengthOffset + 3) return null;
  const nameLength = packet.readUInt16LE(nameLengthOffset);
  if (packet.length !== RESPONSE_FIXED_LENGTH + SUB_STATE_LENGTH * count + nameLength) return null;

  const subStates: { id: number; version: number }[] = [];
  for (let offset = 26; offset < nameLengthOffset; offset += SUB_STATE_LENGTH) {
    subStates.push({ id: packet.readUInt8(offset), version: packet.readUInt16LE(offset + 1) });
  }
  // Lenient on the name's UTF-8 (invalid sequences become U+FFFD): it is display-only, the state is what counts.
  const serverName = packet.toString('utf8', nameLengthOffset + 2, nameLengthOffset + 2 + nameLength);
  const modded = (flags & LqServerFlag.modded) !== 0n;
  return { cookie, state, stateCode, changelist, flags, modded, subStates, serverName };
}

/**
 * Cookie of anything that looks like a Server State Response (magic and type 1, any version, at least the
 * cookie), or `null`. Lets the client tell "the server answered our poll in a format we do not understand"
 * (a protocol change) from stray noise on the port.
 */
export function peekResponseCookie(packet: Buffer): bigint | null {
  if (packet.length < HEADER_LENGTH + 8) return null;
  if (packet.readUInt16LE(0) !== LQ_MAGIC || packet[2] !== LqMessageType.serverStateResponse) return null;
  return packet.readBigUInt64LE(HEADER_LENGTH);
}

function writeHeader(packet: Buffer, type: number): void {
  packet.writeUInt16LE(LQ_MAGIC, 0);
  packet[2] = type;
  packet[3] = LQ_PROTOCOL_VERSION;
}

function hasHeader(packet: Buffer, type: number): boolean {
  return packet.readUInt16LE(0) === LQ_MAGIC && packet[2] === type && packet[3] === LQ_PROTOCOL_VERSION;
}

function assertUint64(field: string, value: bigint): void {
  if (value < 0n || value > UINT64_MAX) throw new RangeError(`${field} must fit in a uint64, got ${value}`);
}

function assertUint(field: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${field} must be an integer in 0..${max}, got ${value}`);
  }
}
