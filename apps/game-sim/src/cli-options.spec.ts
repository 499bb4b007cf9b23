import { advertiseHostProblem, parseCli, USAGE } from './cli-options';
import { advertisedHost, listenProblem, type FleetOptions } from './fleet';

const parse = (...argv: string[]) => {
  const options = parseCli(argv, () => 7);
  if (options === 'help') throw new Error('unexpected help');
  return options;
};

describe('parseCli', () => {
  it('defaults: 3 servers on 127.0.0.1, free ports, random seed, loopback only', () => {
    const { fleet, json, faults, seedGiven } = parse();
    expect(fleet).toMatchObject({
      count: 3,
      seed: 7,
      mode: 'ports',
      host: '127.0.0.1',
      basePort: 0,
      controlPort: 0,
      tokenTtlSeconds: 3600,
      pushCycleSeconds: 5,
      listenAny: false,
    });
    expect(fleet.advertiseHost).toBeUndefined();
    expect({ json, faults, seedGiven }).toEqual({ json: false, faults: [], seedGiven: false });
    expect(listenProblem(fleet)).toBeNull();
  });

  it('reads the documented options', () => {
    const { fleet, json, faults, seedGiven } = parse(
      '--count=5',
      '--seed',
      '42',
      '--json',
      '--host',
      '127.0.0.9',
      '--base-port',
      '17000',
      '--control-port',
      '17999',
      '--password',
      'secret-pw',
      '--fault',
      '2:slow,delayMs=500',
    );
    expect(fleet).toMatchObject({ count: 5, seed: 42, host: '127.0.0.9', basePort: 17000, controlPort: 17999 });
    expect(fleet.adminPassword).toBe('secret-pw');
    expect(json && seedGiven).toBe(true);
    expect(faults).toEqual([{ target: '2', name: 'slow', params: { delayMs: 500 } }]);
  });

  it('takes a password that begins with a dash in the --password=P form (npm start passes its random one so)', () => {
    expect(parse('--password=-QFLzZvPIx7YnVhJ').fleet.adminPassword).toBe('-QFLzZvPIx7YnVhJ');
  });

  it('explains bad values', () => {
    expect(() => parse('--count', 'many')).toThrow('--count must be an integer from 1 to 2000');
    expect(() => parse('--fault', 'melted')).toThrow('unknown fault "melted"');
    expect(() => parse('--no-such-option')).toThrow();
    expect(parseCli(['--help'], () => 1)).toBe('help');
  });

  it('without --listen-any, a non-loopback host is refused with the reason and the way out', () => {
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.5']) {
      const problem = listenProblem(parse('--host', host).fleet);
      expect(problem).toContain(`--host ${host} is not a loopback address`);
      expect(problem).toContain('--listen-any');
    }
    for (const host of ['127.0.0.1', '127.3.2.1', '::1']) expect(listenProblem(parse('--host', host).fleet)).toBeNull();
  });

  it('--listen-any accepts 0.0.0.0 and :: (0.0.0.0 by default) and nothing else', () => {
    expect(parse('--listen-any').fleet).toMatchObject({ host: '0.0.0.0', listenAny: true });
    for (const host of ['0.0.0.0', '::']) {
      const { fleet } = parse('--listen-any', '--host', host);
      expect(fleet).toMatchObject({ host, listenAny: true });
      expect(listenProblem(fleet)).toBeNull();
    }
    expect(listenProblem(parse('--listen-any', '--host', '127.0.0.1').fleet)).toContain(
      'use it with --host 0.0.0.0 or --host ::',
    );
    expect(listenProblem(parse('--listen-any', '--host', '10.0.0.1').fleet)).toContain('not --host 10.0.0.1');
    expect(listenProblem(parse('--listen-any', '--loopback').fleet)).toContain('cannot be combined with --loopback');
  });

  it('--advertise-host names the host of the descriptors; by default the listen host, 127.0.0.1 for any', () => {
    const host = (...argv: string[]) => advertisedHost(parse(...argv).fleet);
    expect(host()).toBe('127.0.0.1');
    expect(host('--host', '127.0.0.5')).toBe('127.0.0.5');
    expect(host('--host', '::1')).toBe('::1');
    expect(host('--listen-any', '--host', '0.0.0.0')).toBe('127.0.0.1');
    expect(host('--listen-any', '--host', '::')).toBe('127.0.0.1');
    expect(host('--listen-any', '--advertise-host', 'fleet')).toBe('fleet');
    expect(host('--listen-any', '--advertise-host', '172.29.0.10')).toBe('172.29.0.10');
    expect(() => parse('--loopback', '--advertise-host', 'fleet')).toThrow('applies to ports mode');
    expect(() => parse('--listen-any', '--advertise-host', 'http://fleet:7777')).toThrow(
      'is not a host name or IP address',
    );
  });

  it('documents the new flags', () => {
    expect(USAGE).toContain('--listen-any');
    expect(USAGE).toContain('isolated container network only');
    expect(USAGE).toContain('--advertise-host H');
  });
});

describe('advertiseHostProblem', () => {
  it.each(['fleet', 'game-sim_1', 'sim.example.internal', 'localhost', '10.0.0.5', '127.0.0.1', '::1', 'fe80::1'])(
    'accepts %s',
    (host) => expect(advertiseHostProblem(host)).toBeNull(),
  );

  it.each([
    ['', 'not a host name'],
    ['http://fleet', 'not a host name'],
    ['fleet:17000', 'not a host name'],
    ['[::1]', 'not a host name'],
    ['-fleet', 'not a host name'],
    ['fle et', 'not a host name'],
    ['a..b', 'not a host name'],
    [`${'a'.repeat(64)}.example`, 'not a host name'],
    ['300.1.1.1', 'looks like an IPv4 address'],
    ['0.0.0.0', 'not an address clients can connect to'],
    ['::', 'not an address clients can connect to'],
  ])('refuses %j', (host, message) => expect(advertiseHostProblem(host)).toContain(message));
});

describe('listenProblem', () => {
  const base: Pick<FleetOptions, 'mode' | 'host' | 'listenAny'> = { mode: 'ports', host: '127.0.0.1' };

  it('loopback mode never needs a host check', () => {
    expect(listenProblem({ ...base, mode: 'loopback', host: '0.0.0.0' })).toBeNull();
  });

  it('an undefined listenAny means off (programmatic callers)', () => {
    expect(listenProblem({ ...base, host: '0.0.0.0' })).toContain('not a loopback address');
  });
});
