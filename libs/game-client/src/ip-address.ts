// IP address literals as the target guard reads them: strict IPv4 and IPv6 to 128-bit values, CIDR ranges, and
// inet_aton-style IPv4 numbers (which URL parsers and resolvers accept, so the guard must judge them too).
import { isIP, SocketAddress } from 'node:net';

/** Thrown at construction (or by {@link parseAllowCidrs}) for an allow-list entry that is not a strict CIDR. */
export class InvalidCidrError extends Error {
  override name = 'InvalidCidrError';
}

type Family = 4 | 6;
/** An address as a number of its family's width. */
export interface Ip {
  readonly family: Family;
  readonly value: bigint;
}
/** A range: the network's address and its prefix length. */
export interface Cidr extends Ip {
  readonly prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

export function parseIPv4Number(input: string): number | null {
  const parts = input.split('.');
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const m = /^(?:0x([0-9a-f]*)|(0[0-7]*)|([1-9][0-9]*))$/i.exec(part);
    if (!m) return null;
    // inet_aton reads a bare "0x" as zero.
    values.push(m[1] !== undefined ? parseInt(m[1] || '0', 16) : m[2] !== undefined ? parseInt(m[2], 8) : Number(m[3]));
  }
  const last = values.pop() ?? 0;
  // The last part fills all the bytes the earlier parts left: 127.1 is 127.0.0.1, 10.1 is 10.0.0.1.
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return null;
  return values.reduce((sum, v, i) => sum + v * 2 ** (8 * (3 - i)), 0) + last;
}

/** Strict IPv6 (no zone, no brackets) to a 128-bit value; embedded dotted IPv4 tails are allowed. */
export function parseIPv6(text: string): Ip | null {
  if (isIP(text) !== 6 || text.includes('%')) return null;
  let hex = text.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hex);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    hex = `${hex.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = hex.split('::');
  const front = head === '' ? [] : head.split(':');
  const back = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups =
    rest === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return { family: 6, value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n) };
}

/** Strict literal: canonical dotted quad or IPv6, nothing inet_aton-ish. */
export function parseIp(text: string): Ip | null {
  if (isIP(text) !== 4) return parseIPv6(text);
  return { family: 4, value: text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(part), 0n) };
}

export function format(ip: Ip): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((shift) => (ip.value >> shift) & 0xffn).join('.');
  const groups = [...Array(8).keys()].map((i) => ((ip.value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return new SocketAddress({ address: groups.join(':'), family: 'ipv6' }).address;
}

export function unmap(ip: Ip): Ip {
  return contains(IPV4_MAPPED, ip) ? { family: 4, value: ip.value & 0xffffffffn } : ip;
}

export function contains(net: Cidr, ip: Ip): boolean {
  const shift = BigInt(BITS[net.family] - net.prefix);
  return net.family === ip.family && ip.value >> shift === net.value >> shift;
}

export function cidr(text: string): Cidr {
  const fail = (why: string): InvalidCidrError => new InvalidCidrError(`Invalid allow-list CIDR "${text}": ${why}`);
  const match = /^([^/]+)\/(0|[1-9][0-9]{0,2})$/.exec(text);
  const ip = parseIp(match?.[1] ?? '');
  if (!match || !ip)
    throw fail('write a plain IPv4 or IPv6 address, a slash and a prefix length, e.g. 127.0.0.0/8 or ::1/128');
  const prefix = Number(match[2]);
  if (prefix > BITS[ip.family]) throw fail(`an IPv${ip.family} prefix length is at most ${BITS[ip.family]}`);
  const shift = BigInt(BITS[ip.family] - prefix);
  const base = { family: ip.family, value: (ip.value >> shift) << shift };
  if (base.value !== ip.value)
    throw fail(`it has bits set after the /${prefix} prefix; did you mean ${format(base)}/${prefix}?`);
  return { ...base, prefix };
}

/** ::ffff:0:0/96: IPv4 addresses carried in IPv6. */
export const IPV4_MAPPED = cidr('::ffff:0:0/96');
