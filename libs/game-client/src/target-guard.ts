// The poller connects to hosts that users register, so a registered host is untrusted input (SSRF). The guard lets
// through public unicast addresses only and hands back the exact address it checked, so that the caller connects to
// that address instead of resolving the name a second time (which a rebinding DNS server could answer differently).
import { lookup } from 'node:dns/promises';
import { z } from 'zod';
import {
  cidr,
  contains,
  format,
  InvalidCidrError,
  IPV4_MAPPED,
  parseIp,
  parseIPv4Number,
  parseIPv6,
  unmap,
  type Cidr,
  type Ip,
} from './ip-address';

export { InvalidCidrError } from './ip-address';

/** The guard's answer for one host: the address to connect to, or why the host may not be polled. */
export type TargetVerdict =
  | { allowed: true; host: string; address: string; family: 4 | 6 }
  | { allowed: false; host: string; reason: string; code: 'invalid_host' | 'forbidden_address' | 'unresolvable' };

/** Options of {@link TargetGuard}. */
export interface TargetGuardOptions {
  /**
   * CIDRs accepted even when otherwise refused: for tests and the local demo only, empty by default. IPv4 addresses,
   * IPv4-mapped IPv6 ones included, only ever match IPv4 CIDRs.
   */
  allowCidrs?: readonly string[];
  /** Returns every A and AAAA record of a name; defaults to the system resolver (`dns.lookup`, all addresses). */
  resolve?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
}

interface Refusal {
  readonly what: string;
  readonly advice: string;
}
interface Range extends Refusal {
  readonly cidr: Cidr;
  /** NAT64 well-known prefix: RFC 6052 forbids it for non-global IPv4, so the embedded address decides. */
  readonly embedsIPv4: boolean;
}
type Target =
  | { kind: 'refused'; code: 'invalid_host' | 'forbidden_address'; reason: string }
  | { kind: 'ip'; ip: Ip; zone: string | undefined }
  | { kind: 'name'; name: string };

const PUBLIC = "register the server's public IP address";
const PRIVATE = "register the server's public IP address and forward the game ports to it";
const EXAMPLE = "register the server's real public IP address (this range is reserved for examples)";
const TUNNEL = "register the server's native IPv6 address or its public IPv4 address";

function range(text: string, what: string, advice = PUBLIC, embedsIPv4 = false): Range {
  return { cidr: cidr(text), what: `${what} (${text})`, advice, embedsIPv4 };
}

const PROVIDER = "register the game server's own public IP address (this one belongs to a cloud provider's platform)";

/**
 * Cloud providers' internal services at addresses that are public, or inside ranges an operator may allow (link-local,
 * CGNAT, unique local): instance metadata with credentials, the platform's DNS and agents. Refused before the
 * allow-list is consulted, so allowing 169.254.0.0/16 or 100.64.0.0/10 for a lab never opens them.
 */
const PROVIDER_RANGES: readonly Range[] = [
  range('169.254.169.254/32', 'a cloud instance metadata address (AWS, GCP, Azure, OpenStack)', PROVIDER),
  range('168.63.129.16/32', "Azure's platform address (WireServer, DNS, health probes)", PROVIDER),
  range('100.100.100.200/32', "Alibaba Cloud's instance metadata address", PROVIDER),
  range('161.26.0.0/16', "IBM Cloud's private service network", PROVIDER),
  range('fd00:ec2::254/128', "AWS's IPv6 instance metadata address", PROVIDER),
  range('fd00:ec2::253/128', "AWS's IPv6 DNS resolver address", PROVIDER),
];

// First match wins, so narrower ranges come before the ranges that contain them.
const RANGES: readonly Range[] = [
  range('0.0.0.0/8', 'a "this network" (unspecified) address'),
  range('10.0.0.0/8', 'a private-use address', PRIVATE),
  range(
    '100.64.0.0/10',
    'a carrier-grade NAT shared address',
    `ask your provider for a public IP address, then ${PUBLIC}`,
  ),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address'),
  range('172.16.0.0/12', 'a private-use address', PRIVATE),
  range('192.0.0.0/24', 'an IETF protocol assignment address'),
  range('192.0.2.0/24', 'a documentation address', EXAMPLE),
  range('192.88.99.0/24', 'a deprecated 6to4 relay anycast address'),
  range('192.168.0.0/16', 'a private-use address', PRIVATE),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('198.51.100.0/24', 'a documentation address', EXAMPLE),
  range('203.0.113.0/24', 'a documentation address', EXAMPLE),
  range('224.0.0.0/4', 'a multicast address'),
  range('255.255.255.255/32', 'the limited broadcast address'),
  range('240.0.0.0/4', 'a reserved address'),
  range('::/128', 'the unspecified address'),
  range('::1/128', 'the loopback address'),
  range('::/96', 'a deprecated IPv4-compatible address', "register the server's IPv4 address as it is"),
  range('64:ff9b:1::/48', 'a local-use NAT64 address', TUNNEL),
  range('64:ff9b::/96', 'a NAT64 address', PUBLIC, true),
  range('100::/64', 'a discard-only address'),
  range('2001::/32', 'a Teredo tunnel address', TUNNEL),
  range('2001::/23', 'an IETF protocol assignment address'),
  range('2001:db8::/32', 'a documentation address', EXAMPLE),
  range('2002::/16', 'a 6to4 tunnel address', TUNNEL),
  range('3fff::/20', 'a documentation address', EXAMPLE),
  range('fc00::/7', 'a unique local address', PRIVATE),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a deprecated site-local address'),
  range('ff00::/8', 'a multicast address'),
];
const GLOBAL_UNICAST = cidr('2000::/3');
// Names that only ever mean something inside a private network (RFC 6761, RFC 6762, RFC 8375, ICANN .internal).
const LOCAL_SUFFIXES = ['local', 'localdomain', 'internal', 'home.arpa', 'lan'];

/**
 * Decides whether a user-registered host may be polled: public unicast IPv4/IPv6 only, odd IPv4 spellings judged
 * by the address they mean, names judged by every address they resolve to.
 */
export class TargetGuard {
  private readonly allow: readonly Cidr[];
  private readonly resolve: NonNullable<TargetGuardOptions['resolve']>;

  /** @throws {InvalidCidrError} when an `allowCidrs` entry is not a strict CIDR. */
  constructor(options: TargetGuardOptions = {}) {
    this.allow = (options.allowCidrs ?? []).map(allowCidr);
    this.resolve = options.resolve ?? systemResolve;
  }

  /** Judges `host`; on success `address` is the checked address to connect to (never connect to the name). */
  async check(host: string): Promise<TargetVerdict> {
    const typed = typeof host === 'string' ? host.trim() : '';
    const target = parseTarget(typed);
    if (target.kind === 'refused') return deny(typed, target.code, target.reason);
    if (target.kind === 'ip') return literalVerdict(typed, target.ip, target.zone, this.allow);
    return this.checkName(typed, target.name);
  }

  /** Synchronous classification of a literal IP (after normalising odd spellings); null when it is public unicast. */
  static classify(ip: string): string | null {
    const typed = ip.trim();
    const target = parseTarget(typed);
    if (target.kind === 'refused') return target.reason;
    if (target.kind === 'name') return `${show(typed)} is not an IP address; only literal addresses can be classified`;
    const verdict = literalVerdict(typed, target.ip, target.zone, []);
    return verdict.allowed ? null : verdict.reason;
  }

  private async checkName(typed: string, name: string): Promise<TargetVerdict> {
    // Resolver errors stay out of the reason: they describe our infrastructure, not the user's host.
    const found = await Promise.resolve(name)
      .then((n) => this.resolve(n))
      .catch(() => []);
    const ips = found.map((record) => parseIp(String(record.address).split('%')[0] ?? ''));
    const usable = ips.filter((ip): ip is Ip => ip !== null).map(unmap);
    const fallback = usable[0];
    if (!fallback || usable.length !== ips.length) {
      return deny(
        typed,
        'unresolvable',
        `Could not resolve ${show(typed)} to an IP address; check the spelling and that it has a public A or AAAA record, or ${PUBLIC}`,
      );
    }
    const refusals = usable.map((ip) => judge(ip, this.allow)).filter((r): r is Refusal => r !== null);
    const first = refusals[0];
    if (first) {
      // Ranges, never the resolved addresses: echoing them would turn the guard into a DNS oracle for internal names.
      const kinds = [...new Set(refusals.map((r) => r.what))].join(' and ');
      return deny(
        typed,
        'forbidden_address',
        `${show(typed)} resolves to ${kinds}; a name must resolve only to public addresses, so ${first.advice}`,
      );
    }
    const chosen = usable.find((ip) => ip.family === 4) ?? fallback;
    return { allowed: true, host: typed, address: format(chosen), family: chosen.family };
  }
}

/** inet_aton-style parsing (decimal, octal `0`, hex `0x` parts; 1-4 parts); the dotted quad, or null if not IPv4. */
export function normaliseIPv4(input: string): string | null {
  const value = parseIPv4Number(input);
  return value === null ? null : format({ family: 4, value: BigInt(value) });
}

/** Reads a comma-separated allow-list (e.g. an env value); blank entries are ignored, bad CIDRs throw. */
export function parseAllowCidrs(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  entries.forEach(allowCidr);
  return entries;
}

async function systemResolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const found = await lookup(hostname, { all: true, order: 'verbatim' });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

function literalVerdict(typed: string, ip: Ip, zone: string | undefined, allow: readonly Cidr[]): TargetVerdict {
  const address = unmap(ip);
  const canonical = format(address);
  const meaning = address === ip ? canonical : `IPv4-mapped ${canonical}`;
  const subject = typed.toLowerCase() === canonical ? show(typed) : `${show(typed)} (${meaning})`;
  const refusal = judge(address, allow);
  if (refusal) return deny(typed, 'forbidden_address', `${subject} is ${refusal.what}; ${refusal.advice}`);
  if (zone !== undefined) {
    const reason = `${show(typed)} has a zone id (%${zone}), which only applies to link-local addresses; register the address without it`;
    return deny(typed, 'invalid_host', reason);
  }
  return { allowed: true, host: typed, address: canonical, family: address.family };
}

function judge(ip: Ip, allow: readonly Cidr[]): Refusal | null {
  const provider = PROVIDER_RANGES.find((r) => contains(r.cidr, ip));
  if (provider) return provider;
  if (allow.some((c) => contains(c, ip))) return null;
  const hit = RANGES.find((r) => contains(r.cidr, ip));
  if (hit?.embedsIPv4) {
    const inner = judge({ family: 4, value: ip.value & 0xffffffffn }, []);
    return inner && { what: `${hit.what} embedding ${inner.what}`, advice: inner.advice };
  }
  if (hit) return hit;
  if (ip.family === 6 && !contains(GLOBAL_UNICAST, ip)) {
    return { what: 'an address outside the global unicast range (2000::/3)', advice: PUBLIC };
  }
  return null;
}

function parseTarget(host: string): Target {
  if (host === '') return refused("No host given; enter the server's public IP address or DNS name");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    return refused(`${show(host)} looks like a URL; give only the host name or IP address, and the port separately`);
  }
  return host.startsWith('[') || host.includes(':') ? parseColonForm(host) : parseDottedForm(host);
}

function parseColonForm(host: string): Target {
  const bracketed = /^\[([^\]]*)\](:.*)?$/.exec(host);
  const colons = host.split(':').length - 1;
  if (bracketed?.[2] !== undefined || (!bracketed && colons === 1)) {
    return refused(`${show(host)} includes a port; give the port separately and enter the host on its own`);
  }
  const literal = bracketed ? (bracketed[1] ?? '') : host;
  const percent = literal.indexOf('%');
  const zone = percent < 0 ? undefined : literal.slice(percent + 1);
  const ip = parseIPv6(percent < 0 ? literal : literal.slice(0, percent));
  if (!ip || (zone !== undefined && !/^[\w.-]+$/.test(zone))) {
    return refused(
      `${show(host)} is not a valid IPv6 address; write it like 2001:4860:4860::8888 (ports go separately)`,
    );
  }
  return { kind: 'ip', ip, zone };
}

function parseDottedForm(host: string): Target {
  if (/[^\x21-\x7e]/.test(host)) {
    const unicode = /\P{ASCII}/u.test(host);
    return refused(
      unicode
        ? 'The host contains non-ASCII characters; give an internationalised name in its punycode (xn--) form'
        : 'The host contains spaces or control characters; enter only the host name or IP address',
    );
  }
  // One trailing dot only marks the name as fully qualified; an IPv4 literal with one is still that literal.
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length > 253)
    return refused(`The host name is ${name.length} characters long; use a DNS name of at most 253 characters`);
  if (!/^[a-z0-9.-]*$/i.test(name)) {
    return refused(
      `${show(host)} contains characters that are not allowed in a host name; use letters, digits, hyphens and dots only`,
    );
  }
  const labels = name.split('.');
  // A name whose last label is a number is an IPv4 literal to every resolver (WHATWG URL does the same), never a name.
  if (/^(?:0x[0-9a-f]*|\d+)$/i.test(labels[labels.length - 1] ?? '')) {
    const value = parseIPv4Number(name);
    if (value === null)
      return refused(
        `${show(host)} looks like an IPv4 address but is not a valid one; write it as four numbers 0-255 separated by dots`,
      );
    return { kind: 'ip', ip: { family: 4, value: BigInt(value) }, zone: undefined };
  }
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label))) {
    return refused(
      `${show(host)} is not a valid host name; use 1-63 letters, digits or hyphens between dots, not starting or ending with a hyphen`,
    );
  }
  const lower = name.toLowerCase();
  const under = (suffix: string): boolean => lower === suffix || lower.endsWith(`.${suffix}`);
  if (under('localhost')) {
    return refused(
      `${show(host)} is the poller's own machine (localhost is always loopback, 127.0.0.0/8 and ::1/128); ${PUBLIC}`,
      'forbidden_address',
    );
  }
  const local = LOCAL_SUFFIXES.find(under);
  if (local)
    return refused(
      `${show(host)} is a private-network name (.${local}); register the server's public DNS name or IP address`,
    );
  return { kind: 'name', name: lower };
}

function deny(host: string, code: Exclude<TargetVerdict, { allowed: true }>['code'], reason: string): TargetVerdict {
  return { allowed: false, host, code, reason };
}

function refused(reason: string, code: 'invalid_host' | 'forbidden_address' = 'invalid_host'): Target {
  return { kind: 'refused', code, reason };
}

/** The typed host for messages; anything unprintable or over-long is not echoed back. */
function show(host: string): string {
  return /^[\x21-\x7e]{1,254}$/.test(host) ? host : 'The host';
}

function allowCidr(text: string): Cidr {
  const net = cidr(text);
  // Mapped addresses are judged as the IPv4 address they carry, so such an entry would silently never match.
  if (net.prefix >= 96 && contains(IPV4_MAPPED, net)) {
    throw new InvalidCidrError(
      `Invalid allow-list CIDR "${text}": IPv4-mapped addresses are judged as IPv4; write the IPv4 CIDR instead`,
    );
  }
  return net;
}

/**
 * The TARGET_ALLOW_CIDRS variable: ranges a user-given host (game server, webhook) may be in although private or
 * loopback, comma-separated CIDRs. Empty (the default) allows only public unicast addresses; tests and the local
 * demo set 127.0.0.0/8.
 */
export function allowCidrsVar() {
  return z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseAllowCidrs(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });
}
