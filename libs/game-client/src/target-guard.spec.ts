import type * as DnsPromises from 'node:dns/promises';
import { InvalidCidrError, normaliseIPv4, parseAllowCidrs, TargetGuard, type TargetGuardOptions } from './target-guard';

type Records = { address: string; family: 4 | 6 }[];
type Expected =
  | { address: string; family: 4 | 6 }
  | { code: 'invalid_host' | 'forbidden_address' | 'unresolvable'; mentions: string };

// Every name the tests use, answered without the network; unknown names fail like NXDOMAIN.
const ZONE: Record<string, Records> = {
  'game.example.com': [{ address: '8.8.8.8', family: 4 }],
  'dual.example.com': [
    { address: '2606:4700:4700::1111', family: 6 },
    { address: '1.1.1.1', family: 4 },
  ],
  'v6.example.com': [{ address: '2001:4860:4860::8888', family: 6 }],
  'mapped-public.example.com': [{ address: '::ffff:8.8.4.4', family: 6 }],
  'private.example.com': [{ address: '10.0.0.5', family: 4 }],
  'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
  'azure-wire.example.com': [
    { address: '8.8.8.8', family: 4 },
    { address: '168.63.129.16', family: 4 },
  ],
  'mixed.example.com': [
    { address: '8.8.8.8', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'mixed6.example.com': [
    { address: '1.1.1.1', family: 4 },
    { address: 'fd00::1', family: 6 },
  ],
  'two-bad.example.com': [
    { address: '192.168.1.10', family: 4 },
    { address: 'fe80::1', family: 6 },
  ],
  'mapped-private.example.com': [{ address: '::ffff:10.0.0.1', family: 6 }],
  'nat64.example.com': [{ address: '64:ff9b::a00:1', family: 6 }],
  'loopback.example.com': [{ address: '127.0.0.1', family: 4 }],
  'empty.example.com': [],
  'garbage.example.com': [{ address: 'not-an-address', family: 4 }],
};

function fakeResolver(): jest.Mock<Promise<Records>, [string]> {
  return jest.fn((name: string) => {
    const records = ZONE[name];
    return records
      ? Promise.resolve(records)
      : Promise.reject(Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  });
}

function guard(options: Omit<TargetGuardOptions, 'resolve'> = {}): TargetGuard {
  return new TargetGuard({ ...options, resolve: fakeResolver() });
}

const ok = (address: string, family: 4 | 6 = 4): Expected => ({ address, family });
const invalid = (mentions: string): Expected => ({ code: 'invalid_host', mentions });
const forbidden = (mentions: string): Expected => ({ code: 'forbidden_address', mentions });
const unresolvable = (mentions: string): Expected => ({ code: 'unresolvable', mentions });

const ROWS: [string, Expected][] = [
  // Public IPv4, including odd spellings of 8.8.8.8
  ['8.8.8.8', ok('8.8.8.8')],
  ['1.1.1.1', ok('1.1.1.1')],
  ['  8.8.8.8\t', ok('8.8.8.8')],
  ['8.8.8.8.', ok('8.8.8.8')],
  ['134744072', ok('8.8.8.8')],
  ['0x08080808', ok('8.8.8.8')],
  ['010.010.010.010', ok('8.8.8.8')],
  ['8.8.2056', ok('8.8.8.8')],
  ['0127.0.0.1', ok('87.0.0.1')],
  ['100.63.255.255', ok('100.63.255.255')],
  ['100.128.0.0', ok('100.128.0.0')],
  ['172.15.255.255', ok('172.15.255.255')],
  ['172.32.0.0', ok('172.32.0.0')],
  ['198.20.0.0', ok('198.20.0.0')],
  ['223.255.255.255', ok('223.255.255.255')],
  ['1.2.3.0x', ok('1.2.3.0')],
  // Refused IPv4 ranges
  ['0.0.0.0', forbidden('0.0.0.0/8')],
  ['0', forbidden('0.0.0.0/8')],
  ['0.1.2.3', forbidden('0.0.0.0/8')],
  ['10.0.0.1', forbidden('10.0.0.0/8')],
  ['10.1', forbidden('10.0.0.0/8')],
  ['100.64.0.1', forbidden('100.64.0.0/10')],
  ['100.127.255.255', forbidden('100.64.0.0/10')],
  ['127.0.0.1', forbidden('127.0.0.0/8')],
  ['127.255.255.254', forbidden('127.0.0.0/8')],
  ['169.254.169.254', forbidden('169.254.169.254/32')],
  ['169.254.0.1', forbidden('169.254.0.0/16')],
  // Cloud providers' internal services, some at public addresses (issue 21)
  ['168.63.129.16', forbidden("Azure's platform address (WireServer, DNS, health probes) (168.63.129.16/32)")],
  ['100.100.100.200', forbidden('100.100.100.200/32')],
  ['161.26.0.1', forbidden("IBM Cloud's private service network (161.26.0.0/16)")],
  ['161.26.255.255', forbidden('161.26.0.0/16')],
  ['fd00:ec2::254', forbidden('fd00:ec2::254/128')],
  ['[fd00:ec2::253]', forbidden('fd00:ec2::253/128')],
  ['::ffff:168.63.129.16', forbidden('168.63.129.16/32')],
  ['64:ff9b::a83f:8110', forbidden('(64:ff9b::/96) embedding Azure')],
  ['168.63.129.17', ok('168.63.129.17')],
  ['161.27.0.1', ok('161.27.0.1')],
  ['172.16.0.1', forbidden('172.16.0.0/12')],
  ['172.31.255.255', forbidden('172.16.0.0/12')],
  ['192.0.0.8', forbidden('192.0.0.0/24')],
  ['192.0.2.1', forbidden('192.0.2.0/24')],
  ['198.51.100.7', forbidden('198.51.100.0/24')],
  ['203.0.113.9', forbidden('203.0.113.0/24')],
  ['192.88.99.1', forbidden('192.88.99.0/24')],
  ['192.168.1.1', forbidden('192.168.0.0/16')],
  ['198.18.0.1', forbidden('198.18.0.0/15')],
  ['198.19.255.255', forbidden('198.18.0.0/15')],
  ['224.0.0.1', forbidden('224.0.0.0/4')],
  ['239.255.255.250', forbidden('224.0.0.0/4')],
  ['240.0.0.1', forbidden('240.0.0.0/4')],
  ['255.255.255.255', forbidden('255.255.255.255/32')],
  // Odd spellings of loopback and broadcast
  ['2130706433', forbidden('127.0.0.0/8')],
  ['0x7f000001', forbidden('127.0.0.0/8')],
  ['0X7F000001', forbidden('127.0.0.0/8')],
  ['0177.0.0.1', forbidden('127.0.0.0/8')],
  ['0x7f.1', forbidden('127.0.0.0/8')],
  ['127.1', forbidden('127.0.0.0/8')],
  ['127.0.1', forbidden('127.0.0.0/8')],
  ['0x7f.0.0.01', forbidden('127.0.0.0/8')],
  ['127.000.000.001', forbidden('127.0.0.0/8')],
  ['127.0.0.1.', forbidden('127.0.0.0/8')],
  ['4294967295', forbidden('255.255.255.255/32')],
  ['0xffffffff', forbidden('255.255.255.255/32')],
  // Not valid IPv4 although the last label is numeric: never treated as a name
  ['4294967296', invalid('not a valid one')],
  ['256.1.1.1', invalid('not a valid one')],
  ['1.2.3.256', invalid('not a valid one')],
  ['127.16777216', invalid('not a valid one')],
  ['1.2.3.4.5', invalid('not a valid one')],
  ['08.0.0.1', invalid('not a valid one')],
  ['game.example.123', invalid('not a valid one')],
  // Public IPv6, compressed, expanded, bracketed, upper case, mapped, NAT64 of a public IPv4
  ['2606:4700:4700::1111', ok('2606:4700:4700::1111', 6)],
  ['2606:4700:4700:0:0:0:0:1111', ok('2606:4700:4700::1111', 6)],
  ['2001:4860:4860::8888', ok('2001:4860:4860::8888', 6)],
  ['[2001:4860:4860::8888]', ok('2001:4860:4860::8888', 6)],
  ['2A00:1450:4001:0800:0000:0000:0000:200E', ok('2a00:1450:4001:800::200e', 6)],
  ['2001:200::1', ok('2001:200::1', 6)],
  ['3fff:1000::1', ok('3fff:1000::1', 6)],
  ['::ffff:8.8.8.8', ok('8.8.8.8')],
  ['::FFFF:0808:0808', ok('8.8.8.8')],
  ['[::ffff:1.1.1.1]', ok('1.1.1.1')],
  ['64:ff9b::808:808', ok('64:ff9b::808:808', 6)],
  ['64:ff9b::8.8.8.8', ok('64:ff9b::808:808', 6)],
  // Refused IPv6 ranges
  ['::', forbidden('::/128')],
  ['0:0:0:0:0:0:0:0', forbidden('::/128')],
  ['::1', forbidden('::1/128')],
  ['[::1]', forbidden('::1/128')],
  ['0000:0000:0000:0000:0000:0000:0000:0001', forbidden('::1/128')],
  ['::ffff:127.0.0.1', forbidden('127.0.0.0/8')],
  ['::ffff:7f00:1', forbidden('127.0.0.0/8')],
  ['::FFFF:10.0.0.1', forbidden('10.0.0.0/8')],
  ['::ffff:169.254.169.254', forbidden('169.254.169.254/32')],
  ['::127.0.0.1', forbidden('::/96')],
  ['::8.8.8.8', forbidden('::/96')],
  ['64:ff9b::7f00:1', forbidden('127.0.0.0/8')],
  ['64:ff9b::10.0.0.1', forbidden('64:ff9b::/96')],
  ['64:ff9b:1::1', forbidden('64:ff9b:1::/48')],
  ['100::1', forbidden('100::/64')],
  ['2001::1', forbidden('2001::/32')],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', forbidden('2001::/32')],
  ['2001:1::1', forbidden('2001::/23')],
  ['2001:1ff::1', forbidden('2001::/23')],
  ['2001:db8::1', forbidden('2001:db8::/32')],
  ['2001:0DB8:0000:0000:0000:0000:0000:0001', forbidden('2001:db8::/32')],
  ['2002:c000:0204::1', forbidden('2002::/16')],
  ['3fff::1', forbidden('3fff::/20')],
  ['3fff:fff::1', forbidden('3fff::/20')],
  ['fc00::1', forbidden('fc00::/7')],
  ['fd12:3456:789a::1', forbidden('fc00::/7')],
  ['fe80::1', forbidden('fe80::/10')],
  ['FEBF::1', forbidden('fe80::/10')],
  ['fe80::1%eth0', forbidden('fe80::/10')],
  ['[fe80::1%25]', forbidden('fe80::/10')],
  ['fec0::1', forbidden('fec0::/10')],
  ['ff02::1', forbidden('ff00::/8')],
  ['4000::1', forbidden('2000::/3')],
  ['1::', forbidden('2000::/3')],
  ['5f00::1', forbidden('2000::/3')],
  ['2606:4700:4700::1111%eth0', invalid('zone id')],
  ['1::2::3', invalid('not a valid IPv6 address')],
  ['[8.8.8.8]', invalid('not a valid IPv6 address')],
  ['::ffff:127.1', invalid('not a valid IPv6 address')],
  // Ports, URLs and malformed input
  ['8.8.8.8:7777', invalid('give the port separately')],
  ['game.example.com:7777', invalid('give the port separately')],
  ['[2606:4700:4700::1111]:7777', invalid('give the port separately')],
  ['localhost:80', invalid('give the port separately')],
  ['https://game.example.com/', invalid('looks like a URL')],
  ['', invalid('No host given')],
  ['   ', invalid('No host given')],
  ['game server.example.com', invalid('spaces or control characters')],
  ['game.example.com\n8.8.8.8', invalid('spaces or control characters')],
  ['bücher.example', invalid('punycode')],
  ['user@game.example.com', invalid('letters, digits, hyphens and dots')],
  ['game.example.com/status', invalid('letters, digits, hyphens and dots')],
  ['game_server.example.com', invalid('letters, digits, hyphens and dots')],
  ['-game.example.com', invalid('not a valid host name')],
  ['game..example.com', invalid('not a valid host name')],
  ['game.example.com..', invalid('not a valid host name')],
  ['.', invalid('not a valid host name')],
  [`${'a'.repeat(64)}.example.com`, invalid('1-63')],
  [`${'a.'.repeat(127)}com`, invalid('at most 253')],
  // Names that are never resolved
  ['localhost', forbidden('127.0.0.0/8')],
  ['LocalHost.', forbidden('::1/128')],
  ['api.localhost', forbidden('localhost')],
  ['printer.local', invalid('.local')],
  ['db.internal', invalid('.internal')],
  ['nas.home.arpa', invalid('.home.arpa')],
  // Names, answered by the fake resolver
  ['game.example.com', ok('8.8.8.8')],
  ['GAME.Example.COM.', ok('8.8.8.8')],
  ['dual.example.com', ok('1.1.1.1')],
  ['v6.example.com', ok('2001:4860:4860::8888', 6)],
  ['mapped-public.example.com', ok('8.8.4.4')],
  ['private.example.com', forbidden('10.0.0.0/8')],
  ['metadata.example.com', forbidden('169.254.169.254/32')],
  ['azure-wire.example.com', forbidden('168.63.129.16/32')],
  ['mixed.example.com', forbidden('127.0.0.0/8')],
  ['mixed6.example.com', forbidden('fc00::/7')],
  ['mapped-private.example.com', forbidden('10.0.0.0/8')],
  ['nat64.example.com', forbidden('64:ff9b::/96')],
  ['nxdomain.example.com', unresolvable('Could not resolve nxdomain.example.com')],
  ['empty.example.com', unresolvable('Could not resolve')],
  ['garbage.example.com', unresolvable('Could not resolve')],
];

describe('TargetGuard.check', () => {
  const subject = guard();

  it.each(ROWS)('%j', async (input, expected) => {
    const verdict = await subject.check(input);
    if ('address' in expected) {
      expect(verdict).toEqual({
        allowed: true,
        host: input.trim(),
        address: expected.address,
        family: expected.family,
      });
      return;
    }
    expect(verdict).toEqual({ allowed: false, host: input.trim(), code: expected.code, reason: expect.any(String) });
    if (verdict.allowed) return;
    expect(verdict.reason).toContain(expected.mentions);
    // The reason says what to do, not only what is wrong.
    expect(verdict.reason.split(';')[1]).toMatch(/\b(register|give|enter|use|write|check|ask)\b/);
  });

  it('has a table covering at least 50 inputs', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(50);
  });

  it('words the reason for the loopback address as documented', async () => {
    await expect(subject.check('127.0.0.1')).resolves.toMatchObject({
      reason: "127.0.0.1 is a loopback address (127.0.0.0/8); register the server's public IP address",
    });
    await expect(subject.check('0x7f.1')).resolves.toMatchObject({
      reason: "0x7f.1 (127.0.0.1) is a loopback address (127.0.0.0/8); register the server's public IP address",
    });
    await expect(subject.check('::ffff:7f00:1')).resolves.toMatchObject({
      reason: expect.stringContaining('::ffff:7f00:1 (IPv4-mapped 127.0.0.1) is a loopback address (127.0.0.0/8)'),
    });
  });

  it('never resolves literals or refused names', async () => {
    const resolve = fakeResolver();
    const strict = new TargetGuard({ resolve });
    for (const [input] of ROWS.filter(([host]) => !/example\.com\.?$/i.test(host.trim()))) await strict.check(input);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('resolves a name once, lower-cased without its trailing dot, and returns the checked address', async () => {
    const resolve = fakeResolver();
    const verdict = await new TargetGuard({ resolve }).check('Dual.Example.com.');
    expect(resolve.mock.calls).toEqual([['dual.example.com']]);
    expect(verdict).toEqual({ allowed: true, host: 'Dual.Example.com.', address: '1.1.1.1', family: 4 });
  });

  it('names every refused range of a name but never the addresses it resolved to', async () => {
    const verdict = await subject.check('two-bad.example.com');
    expect(verdict).toMatchObject({ allowed: false, code: 'forbidden_address' });
    const reason = verdict.allowed ? '' : verdict.reason;
    expect(reason).toContain('192.168.0.0/16');
    expect(reason).toContain('fe80::/10');
    expect(reason).not.toMatch(/192\.168\.1\.10|fe80::1[^/]/);
  });

  it('keeps resolver errors out of the reason and survives a resolver that throws synchronously', async () => {
    const throwing = new TargetGuard({
      resolve: () => {
        throw new Error('resolver at 10.9.8.7 timed out');
      },
    });
    const verdict = await throwing.check('game.example.com');
    expect(verdict).toMatchObject({ allowed: false, code: 'unresolvable' });
    expect(JSON.stringify(verdict)).not.toContain('10.9.8.7');
  });

  it('does not echo unprintable or over-long input', async () => {
    const long = `${'a.'.repeat(200)}com`;
    const verdict = await subject.check(long);
    expect(verdict.allowed ? '' : verdict.reason).not.toContain('a.a.a');
  });
});

describe('allowCidrs', () => {
  it('accepts loopback IPv4 only with 127.0.0.0/8, whatever the spelling', async () => {
    const demo = guard({ allowCidrs: ['127.0.0.0/8'] });
    await expect(demo.check('127.0.0.1')).resolves.toEqual({
      allowed: true,
      host: '127.0.0.1',
      address: '127.0.0.1',
      family: 4,
    });
    await expect(demo.check('0x7f.1')).resolves.toMatchObject({ allowed: true, address: '127.0.0.1' });
    await expect(demo.check('::ffff:127.0.0.1')).resolves.toMatchObject({
      allowed: true,
      address: '127.0.0.1',
      family: 4,
    });
    await expect(demo.check('loopback.example.com')).resolves.toMatchObject({ allowed: true, address: '127.0.0.1' });
    await expect(demo.check('::1')).resolves.toMatchObject({ allowed: false, code: 'forbidden_address' });
    await expect(demo.check('10.0.0.1')).resolves.toMatchObject({ allowed: false, code: 'forbidden_address' });
    await expect(demo.check('localhost')).resolves.toMatchObject({ allowed: false, code: 'forbidden_address' });
    await expect(guard().check('127.0.0.1')).resolves.toMatchObject({ allowed: false });
  });

  it("never opens cloud providers' internal addresses, whatever the allow-list says", async () => {
    const lab = guard({ allowCidrs: ['0.0.0.0/0', '169.254.0.0/16', '100.64.0.0/10', 'fc00::/7'] });
    await expect(lab.check('169.254.0.1')).resolves.toMatchObject({ allowed: true });
    await expect(lab.check('100.64.0.1')).resolves.toMatchObject({ allowed: true });
    for (const host of [
      '169.254.169.254',
      '168.63.129.16',
      '100.100.100.200',
      '161.26.3.4',
      'fd00:ec2::254',
      'fd00:ec2::253',
    ]) {
      const verdict = await lab.check(host);
      expect([host, verdict]).toEqual([host, expect.objectContaining({ allowed: false, code: 'forbidden_address' })]);
    }
  });

  it('accepts ::1 only with ::1/128', async () => {
    const demo = guard({ allowCidrs: ['::1/128'] });
    await expect(demo.check('::1')).resolves.toEqual({ allowed: true, host: '::1', address: '::1', family: 6 });
    await expect(demo.check('[0:0:0:0:0:0:0:1]')).resolves.toMatchObject({ allowed: true, address: '::1' });
    await expect(demo.check('127.0.0.1')).resolves.toMatchObject({ allowed: false });
    await expect(guard().check('::1')).resolves.toMatchObject({ allowed: false });
  });

  it.each([
    '127.0.0.1/8',
    '127.0.0.0',
    '127.0.0.0/33',
    '10.0.0.0/08',
    '0x7f.0.0.0/8',
    '127.1/8',
    ' 127.0.0.0/8',
    '::1/129',
    'fe80::%eth0/64',
    '[::1]/128',
    '::ffff:127.0.0.0/104',
    'banana',
    '',
  ])('throws InvalidCidrError for %j at construction', (bad) => {
    expect(() => new TargetGuard({ allowCidrs: [bad] })).toThrow(InvalidCidrError);
    expect(() => new TargetGuard({ allowCidrs: [bad] })).toThrow(/Invalid allow-list CIDR/);
  });

  it('suggests the network when host bits are set', () => {
    expect(() => new TargetGuard({ allowCidrs: ['127.0.0.1/8'] })).toThrow(/did you mean 127\.0\.0\.0\/8\?/);
  });

  it('parseAllowCidrs reads a comma-separated env value strictly', () => {
    expect(parseAllowCidrs(undefined)).toEqual([]);
    expect(parseAllowCidrs('  ')).toEqual([]);
    expect(parseAllowCidrs(' 127.0.0.0/8, ::1/128 ,')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(() => parseAllowCidrs('127.0.0.0/8,localhost')).toThrow(InvalidCidrError);
  });
});

describe('TargetGuard.classify', () => {
  it.each([
    ['8.8.8.8', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:1.1.1.1', null],
    ['0x7f.1', /127\.0\.0\.0\/8/],
    ['[::1]', /::1\/128/],
    ['fe80::1%eth0', /fe80::\/10/],
    ['2606:4700:4700::1111%eth0', /zone id/],
    ['game.example.com', /not an IP address/],
    ['1.2.3.4:80', /port separately/],
  ])('%j', (ip, expected) => {
    const reason = TargetGuard.classify(ip);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});

describe('normaliseIPv4', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['0x7f.0.0.01', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['4294967295', '255.255.255.255'],
    ['4294967296', null],
    ['08', null],
    ['1.2.3.4.5', null],
    ['1..2', null],
    ['', null],
    [' 1.2.3.4', null],
    ['1.2.3.4.', null],
    ['example.com', null],
    ['::1', null],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseIPv4(input)).toBe(expected);
  });
});

describe('default resolver', () => {
  it('asks dns.lookup for every address, unsorted, and never for literals', async () => {
    // The real core module object, the one the guard's import binds to (a namespace import would be a copy).
    const dns = jest.requireActual<typeof DnsPromises>('node:dns/promises');
    const lookup = jest.spyOn(dns, 'lookup').mockResolvedValue([
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '1.1.1.1', family: 4 },
    ] as never);
    try {
      const system = new TargetGuard();
      await expect(system.check('8.8.8.8')).resolves.toMatchObject({ allowed: true });
      expect(lookup).not.toHaveBeenCalled();
      await expect(system.check('dual.example.com')).resolves.toMatchObject({ allowed: true, address: '1.1.1.1' });
      expect(lookup).toHaveBeenCalledWith('dual.example.com', { all: true, order: 'verbatim' });
    } finally {
      lookup.mockRestore();
    }
  });
});
