import { isIP } from 'node:net';
import fc from 'fast-check';
import { InvalidCidrError, normaliseIPv4, parseAllowCidrs, TargetGuard, type TargetVerdict } from './target-guard';

// Property tests of the target guard (SSRF protection for user-registered hosts): any string gives a verdict, never
// an exception; refused ranges are refused in every spelling (decimal, hex, octal, short forms, IPv4-mapped IPv6,
// brackets) unless an allow-list CIDR covers them; a name is allowed only when every address it resolves to is.

type Records = { address: string; family: 4 | 6 }[];

/** IPv4 ranges the guard refuses, as [base, prefix]. */
const REFUSED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** IPv6 ranges the guard refuses (besides mapped / NAT64 ones, judged by their IPv4 address). */
const REFUSED_V6: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['4000::', 2],
  ['8000::', 1],
  ['0:0:0:1::', 64],
];

const v4ToInt = (ip: string): number => ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
const intToV4 = (n: number): string => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
const inV4 = (n: number, [base, prefix]: [string, number]): boolean =>
  Math.floor(n / 2 ** (32 - prefix)) === Math.floor(v4ToInt(base) / 2 ** (32 - prefix));
const refusedV4 = (n: number): boolean => n === 0xffff_ffff || REFUSED_V4.some((r) => inV4(n, r));

function v6ToBig(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}
const bigToV6 = (v: bigint): string =>
  [...Array(8).keys()].map((i) => ((v >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');

/** An address inside one of the refused IPv4 ranges (the broadcast address included). */
const privateV4 = fc.oneof(
  fc.constant(0xffff_ffff),
  fc
    .constantFrom(...REFUSED_V4)
    .chain(([base, prefix]) => fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((host) => v4ToInt(base) + host)),
);
/** A public unicast IPv4 address. */
const publicV4 = fc.integer({ min: 0, max: 0xffff_ffff }).filter((n) => !refusedV4(n));

/** The spellings of one IPv4 address that resolvers and URL parsers accept, and so must the guard. */
const spellingsV4 = (n: number): fc.Arbitrary<string> => {
  const [a, b, c, d] = intToV4(n).split('.').map(Number) as [number, number, number, number];
  const hex = (x: number) => `0x${x.toString(16)}`;
  const oct = (x: number) => `0${x.toString(8)}`;
  const h16 = (x: number) => x.toString(16);
  return fc.constantFrom(
    `${a}.${b}.${c}.${d}`,
    `${n}`,
    hex(n),
    hex(n).toUpperCase().replace('0X', '0x'),
    `${oct(a)}.${oct(b)}.${oct(c)}.${oct(d)}`,
    `${a}.${b}.${c * 256 + d}`,
    `${a}.${b * 65536 + c * 256 + d}`,
    `${hex(a)}.${b}.${hex(c)}.${d}`,
    `${a}.${b}.${c}.${d}.`,
    `  ${a}.${b}.${c}.${d}\t`,
    `::ffff:${a}.${b}.${c}.${d}`,
    `::FFFF:${h16(a * 256 + b)}:${h16(c * 256 + d)}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `0:0:0:0:0:ffff:${a}.${b}.${c}.${d}`,
  );
};

/** An address inside one of the refused IPv6 ranges, fully written out (optionally bracketed, upper case). */
const privateV6 = fc
  .tuple(fc.constantFrom(...REFUSED_V6), fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), fc.boolean(), fc.boolean())
  .map(([[base, prefix], random, bracket, upper]) => {
    const host = prefix === 128 ? 0n : random & ((1n << BigInt(128 - prefix)) - 1n);
    const value = ((v6ToBig(base) >> BigInt(128 - prefix)) << BigInt(128 - prefix)) | host;
    return {
      value,
      text: `${bracket ? '[' : ''}${upper ? bigToV6(value).toUpperCase() : bigToV6(value)}${bracket ? ']' : ''}`,
    };
  })
  // Mapped (::ffff:0:0/96) addresses are judged as IPv4: covered by the IPv4 properties.
  .filter(({ value }) => value >> 32n !== 0xffffn);

/** Anything a user could type into the host field. */
const anyHost: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.domain(),
  fc.ipV4(),
  fc.ipV4Extended(),
  fc.ipV6(),
  fc.webUrl(),
  fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6(), fc.domain()), fc.nat({ max: 70_000 })).map(([h, p]) => `${h}:${p}`),
  fc.tuple(fc.ipV6(), fc.string({ maxLength: 10 })).map(([h, z]) => `${h}%${z}`),
  fc.tuple(fc.ipV6(), fc.string({ maxLength: 10 })).map(([h, z]) => `[${h}%${z}]`),
  fc.constantFrom('x'.repeat(100_000), `${'a.'.repeat(200)}com`, '\u0000', '[', ']', '[]', '::ffff:', '0x', '.', '..'),
  fc.array(fc.constantFrom('0', '1', '.', ':', 'x', 'f', '[', ']', '%', '7'), { maxLength: 30 }).map((c) => c.join('')),
);

const NO_NAMES = (): Promise<Records> => Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));

function expectVerdictShape(verdict: TargetVerdict): void {
  if (verdict.allowed) {
    expect(isIP(verdict.address)).toBe(verdict.family);
    // An allowed address is one the guard itself classifies as public (no allow-list here).
    expect(TargetGuard.classify(verdict.address)).toBeNull();
  } else {
    expect(['invalid_host', 'forbidden_address', 'unresolvable']).toContain(verdict.code);
    expect(verdict.reason.length).toBeGreaterThan(10);
    // The reason is for people: bounded, printable, never an echo of unbounded or control-character input.
    expect(verdict.reason.length).toBeLessThan(800);
    // eslint-disable-next-line no-control-regex
    expect(verdict.reason).not.toMatch(/[\u0000-\u001f\u007f]/);
  }
}

describe('target guard: properties', () => {
  const guard = new TargetGuard({ resolve: NO_NAMES });

  it('answers any string with a verdict (never throws), and classify agrees with check on literals', async () => {
    await fc.assert(
      fc.asyncProperty(anyHost, async (host) => {
        const verdict = await guard.check(host);
        expectVerdictShape(verdict);
        const classified = TargetGuard.classify(host);
        expect(classified === null || typeof classified === 'string').toBe(true);
        if (
          verdict.allowed &&
          isIP(
            host
              .trim()
              .replace(/^\[|\]$/g, '')
              .replace(/\.$/, ''),
          ) !== 0
        )
          expect(classified).toBeNull();
      }),
      { numRuns: 600 },
    );
  });

  it('refuses every refused IPv4 address in every spelling, unless an allow-list CIDR covers it', async () => {
    await fc.assert(
      fc.asyncProperty(
        privateV4.chain((n) => fc.tuple(fc.constant(n), spellingsV4(n))),
        async ([n, spelling]) => {
          const verdict = await guard.check(spelling);
          expect(verdict).toMatchObject({ allowed: false, code: 'forbidden_address' });
          expect(TargetGuard.classify(spelling)).toEqual(expect.any(String));
          // The /32 of the address itself, allowed: then it passes, as the canonical dotted quad.
          const allowing = new TargetGuard({ allowCidrs: [`${intToV4(n)}/32`], resolve: NO_NAMES });
          expect(await allowing.check(spelling)).toEqual({
            allowed: true,
            host: spelling.trim(),
            address: intToV4(n),
            family: 4,
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('allows every public IPv4 address in every spelling, as its canonical form', async () => {
    await fc.assert(
      fc.asyncProperty(
        publicV4.chain((n) => fc.tuple(fc.constant(n), spellingsV4(n))),
        async ([n, spelling]) => {
          expect(await guard.check(spelling)).toMatchObject({ allowed: true, address: intToV4(n), family: 4 });
          expect(TargetGuard.classify(spelling)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses loopback, link-local, unique-local, multicast, documentation and other reserved IPv6', async () => {
    await fc.assert(
      fc.asyncProperty(privateV6, async ({ text }) => {
        expect(await guard.check(text)).toMatchObject({ allowed: false, code: 'forbidden_address' });
      }),
      { numRuns: 300 },
    );
  });

  it('a name is allowed only if every address it resolves to is public, and never echoes the addresses', async () => {
    const record = fc.oneof(
      publicV4.map((n) => ({ address: intToV4(n), family: 4 as const, bad: false })),
      privateV4.map((n) => ({ address: intToV4(n), family: 4 as const, bad: true })),
      privateV4.map((n) => ({ address: `::ffff:${intToV4(n)}`, family: 6 as const, bad: true })),
      privateV6.map(({ value }) => ({ address: bigToV6(value), family: 6 as const, bad: true })),
      fc
        .constantFrom('2606:4700:4700::1111', '2001:4860:4860::8888')
        .map((a) => ({ address: a, family: 6 as const, bad: false })),
      fc.constantFrom('fe80::1%eth0', 'not-an-address', '', '1.2.3', '::ffff:1.2.3.400').map((a) => ({
        address: a,
        family: 4 as const,
        bad: a === 'fe80::1%eth0',
      })),
    );
    await fc.assert(
      fc.asyncProperty(fc.domain(), fc.array(record, { maxLength: 4 }), async (name, records) => {
        const local = /(^|\.)(localhost|local|localdomain|internal|home\.arpa|lan)$/i.test(name);
        const resolving = new TargetGuard({ resolve: () => Promise.resolve(records) });
        const verdict = await resolving.check(name);
        expectVerdictShape(verdict);
        if (local) return expect(verdict.allowed).toBe(false);
        const parsable = records.every((r) => isIP(r.address.split('%')[0]!) !== 0);
        if (records.length === 0 || !parsable) return expect(verdict).toMatchObject({ code: 'unresolvable' });
        if (records.some((r) => r.bad)) {
          expect(verdict).toMatchObject({ allowed: false, code: 'forbidden_address' });
          if (!verdict.allowed)
            for (const r of records)
              if (r.bad) expect(verdict.reason.replace(/\S+\/\d+/g, '')).not.toContain(r.address);
          return;
        }
        expect(verdict.allowed).toBe(true);
        if (verdict.allowed) {
          // IPv4 is preferred when the name has both.
          const v4 = records.find((r) => isIP(r.address) === 4);
          if (v4) expect(verdict.address).toBe(v4.address);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a failing resolver (rejecting or throwing) gives "unresolvable", never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(fc.domain(), fc.anything(), fc.boolean(), async (name, reason, sync) => {
        const resolve = (): Promise<Records> => {
          if (sync) throw reason;
          return Promise.reject(reason as Error);
        };
        const verdict = await new TargetGuard({ resolve }).check(name);
        expectVerdictShape(verdict);
        expect(verdict.allowed).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('allow-list CIDRs and IPv4 normalisation', () => {
  it('parseAllowCidrs returns the entries or throws InvalidCidrError, nothing else', () => {
    const entry = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .tuple(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 8 })), fc.integer({ min: -1, max: 200 }))
        .map(([ip, p]) => `${ip}/${p}`),
      fc.constantFrom('127.0.0.0/8', '::1/128', '10.0.0.0/08', '1.2.3.4/33', '::ffff:0:0/96', ',', ' , '),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const value = entries.join(',');
        try {
          const parsed = parseAllowCidrs(value);
          expect(Array.isArray(parsed)).toBe(true);
          // Whatever parses also builds a guard.
          expect(() => new TargetGuard({ allowCidrs: parsed })).not.toThrow();
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidCidrError);
          expect((error as Error).message).toMatch(/^Invalid allow-list CIDR/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every network address with its prefix length, and a CIDR allows exactly its range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 0, max: 0xffff_ffff }),
        async (address, prefix, probe) => {
          const size = 2 ** (32 - prefix);
          const base = Math.floor(address / size) * size;
          const cidr = `${intToV4(base)}/${prefix}`;
          expect(parseAllowCidrs(` ${cidr} `)).toEqual([cidr]);
          const guard = new TargetGuard({ allowCidrs: [cidr], resolve: NO_NAMES });
          const inside = Math.floor(probe / size) === Math.floor(base / size);
          const verdict = await guard.check(intToV4(probe));
          expect(verdict.allowed).toBe(inside || !refusedV4(probe));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('normaliseIPv4 gives null or a dotted quad that normalises to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4Extended(), fc.ipV4(), publicV4.chain(spellingsV4)), (text) => {
        const normal = normaliseIPv4(text);
        if (normal === null) return;
        expect(isIP(normal)).toBe(4);
        expect(normaliseIPv4(normal)).toBe(normal);
      }),
      { numRuns: 500 },
    );
  });
});
