import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import type { FleetOptions } from './fleet';
import { isFaultName, validateFaultParams, type FaultName, type FaultParams } from './server/faults';

export interface CliOptions {
  fleet: FleetOptions;
  json: boolean;
  faults: { target: string; name: FaultName; params: FaultParams }[];
  seedGiven: boolean;
}

export const USAGE = `Usage: npm run sim -- [options]
  --count N            simulated servers (default 3)
  --seed S             world seed (default random; printed) - the same seed gives the same worlds
  --json               print one JSON array of {host, port, addon_http_port, addon_ws_port, admin_password, control_url}
  --loopback           server N on 127.0.0.N+1 with the real ports (7777 TCP+UDP, 8080, 8081)
  --host H             ports mode: the loopback address to listen on (default 127.0.0.1; 0.0.0.0 with --listen-any)
  --listen-any         listen on every interface (--host 0.0.0.0 or ::), the control API too; prints a warning.
                       For an isolated container network only: the control API lists every admin password
  --advertise-host H   ports mode: the host name or IP others reach the servers by, used as "host" in --json and
                       GET /servers and in control URLs, e.g. a compose service name (default: the listen host,
                       127.0.0.1 when listening on 0.0.0.0 or ::)
  --base-port P        ports mode: server i uses P+3i (game), +1 (add-on HTTP), +2 (add-on WS); default 0 = free ports
  --control-port P     control API port (default 0 = free)
  --token-ttl S        lifetime of login tokens in seconds (default 3600)
  --push-cycle S       FRM WebSocket push interval in seconds (default 5)
  --password P         one admin password for every server (default: one per server)
  --fault [N:]NAME[,key=value]   start with a fault on server N (1-based) or all, e.g. --fault 2:slow,delayMs=500
Faults: stopped, blackhole, slow, degraded, wrong_password, addon_missing, addon_port_closed, proxy_missing,
        loading, malformed_json, reset`;

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

function parseFault(spec: string): CliOptions['faults'][number] {
  const [head = '', ...pairs] = spec.split(',');
  const [target, name] = head.includes(':') ? head.split(':', 2) : ['all', head];
  if (!name || !isFaultName(name)) throw new Error(`--fault ${spec}: unknown fault "${name ?? ''}"`);
  const params: FaultParams = {};
  for (const pair of pairs) {
    const [key, value] = pair.split('=', 2);
    if (key === 'scope') params.scope = value as FaultParams['scope'];
    else if (key === 'delayMs' || key === 'tickRate' || key === 'bytes' || key === 'count') params[key] = Number(value);
    else throw new Error(`--fault ${spec}: unknown parameter "${key}" (delayMs, tickRate, scope, bytes, count)`);
  }
  const problem = validateFaultParams(name, params);
  if (problem) throw new Error(`--fault ${spec}: ${problem}`);
  return { target: target ?? 'all', name, params };
}

/**
 * Why `host` cannot be advertised to clients, or null: it must be an IP address other than 0.0.0.0 / ::, or a
 * host name (letters, digits, '-' and '_' in dot-separated labels of at most 63 characters, 253 in all).
 */
export function advertiseHostProblem(host: string): string | null {
  const shown = JSON.stringify(host);
  if (isIP(host)) {
    return host === '0.0.0.0' || host === '::'
      ? `--advertise-host ${host} is not an address clients can connect to: ` +
          'give the name or IP others reach the simulator by (e.g. the compose service name)'
      : null;
  }
  const label = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/i;
  const labels = host.replace(/\.$/, '').split('.');
  if (host.length === 0 || host.length > 253 || !labels.every((l) => label.test(l)))
    return (
      `--advertise-host ${shown} is not a host name or IP address ` +
      '(e.g. fleet, sim.example.internal, 10.0.0.5; no scheme, port or brackets)'
    );
  if (labels.every((l) => /^\d+$/.test(l)))
    return `--advertise-host ${shown} looks like an IPv4 address but is not one`;
  return null;
}

/** Parses the simulator's command line; throws an Error with a readable message on bad input. */
export function parseCli(argv: string[], randomSeed: () => number): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean', default: false },
      loopback: { type: 'boolean', default: false },
      host: { type: 'string' },
      'listen-any': { type: 'boolean', default: false },
      'advertise-host': { type: 'string' },
      'base-port': { type: 'string' },
      'control-port': { type: 'string' },
      'token-ttl': { type: 'string' },
      'push-cycle': { type: 'string' },
      password: { type: 'string' },
      fault: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const count = int('count', values.count, 3, 1, 2000);
  const listenAny = values['listen-any'];
  const advertiseHost = values['advertise-host'];
  if (advertiseHost !== undefined) {
    if (values.loopback)
      throw new Error('--advertise-host applies to ports mode: --loopback servers have their own addresses');
    const problem = advertiseHostProblem(advertiseHost);
    if (problem) throw new Error(problem);
  }
  return {
    json: values.json,
    seedGiven: values.seed !== undefined,
    faults: (values.fault ?? []).map(parseFault),
    fleet: {
      count,
      seed: int('seed', values.seed, randomSeed(), 0, 2 ** 32 - 1),
      mode: values.loopback ? 'loopback' : 'ports',
      host: values.host ?? (listenAny ? '0.0.0.0' : '127.0.0.1'),
      listenAny,
      ...(advertiseHost === undefined ? {} : { advertiseHost }),
      basePort: int('base-port', values['base-port'], 0, 0, 65535 - 3 * count),
      controlPort: int('control-port', values['control-port'], 0, 0, 65535),
      tokenTtlSeconds: int('token-ttl', values['token-ttl'], 3600, 1, 30 * 24 * 3600),
      pushCycleSeconds: int('push-cycle', values['push-cycle'], 5, 1, 3600),
      adminPassword: values.password,
    },
  };
}
