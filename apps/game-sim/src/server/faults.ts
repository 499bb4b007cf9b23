/**
 * Faults a simulated server can show on demand, each as real servers show them:
 * - stopped: nothing listens (connection refused; UDP unreachable)
 * - blackhole: connections are accepted and never answered; UDP is dropped (clients time out)
 * - slow: every answer waits `delayMs` (default 3000)
 * - degraded: the tick rate is held at `tickRate` (default 9: HealthCheck says "slow")
 * - wrong_password: the admin password was changed on the server (the registered one is refused)
 * - addon_missing: FRM is not installed: its port refuses, the `frm` proxy answers bad_function
 * - addon_port_closed: FRM runs but its port is blocked: the proxy still works
 * - proxy_missing: the game build lacks the `frm` proxy function (bad_function), FRM's port works
 * - loading: a save is loading: UDP says Loading, HTTPS refuses connections, FRM says "World not ready"
 * - malformed_json: the game API answers 200 with a broken JSON body
 * - reset: the connection is reset in the middle of the response
 * - huge_body: every answer is a JSON array streamed to `bytes` (default 500 MB), without a Content-Length
 * - many_records: getFactory lists `count` buildings (default 1,000,000), streamed as they are rendered
 */
export const FAULT_NAMES = [
  'stopped',
  'blackhole',
  'slow',
  'degraded',
  'wrong_password',
  'addon_missing',
  'addon_port_closed',
  'proxy_missing',
  'loading',
  'malformed_json',
  'reset',
  'huge_body',
  'many_records',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** Which interface a response fault applies to. */
export type FaultScope = 'game' | 'frm' | 'all';

export interface FaultParams {
  delayMs?: number;
  tickRate?: number;
  scope?: FaultScope;
  /** huge_body: bytes sent. */
  bytes?: number;
  /** many_records: buildings sent. */
  count?: number;
}

export function isFaultName(value: string): value is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(value);
}

/** Validates control-API parameters of a fault; returns an error message or null. */
export function validateFaultParams(name: FaultName, params: FaultParams): string | null {
  if (params.scope !== undefined && !['game', 'frm', 'all'].includes(params.scope))
    return 'scope must be game, frm or all';
  if (name === 'slow' && params.delayMs !== undefined && !(params.delayMs >= 0 && params.delayMs <= 600_000)) {
    return 'delayMs must be between 0 and 600000';
  }
  if (name === 'degraded' && params.tickRate !== undefined && !(params.tickRate >= 0 && params.tickRate <= 60)) {
    return 'tickRate must be between 0 and 60';
  }
  if (
    name === 'huge_body' &&
    params.bytes !== undefined &&
    !(Number.isSafeInteger(params.bytes) && params.bytes >= 2)
  ) {
    return 'bytes must be a whole number of at least 2';
  }
  if (
    name === 'many_records' &&
    params.count !== undefined &&
    !(Number.isSafeInteger(params.count) && params.count >= 1 && params.count <= 100_000_000)
  ) {
    return 'count must be a whole number between 1 and 100000000';
  }
  return null;
}

/** The faults set on one server. */
export class FaultSet {
  private readonly active = new Map<FaultName, FaultParams>();

  has(name: FaultName): boolean {
    return this.active.has(name);
  }

  get(name: FaultName): FaultParams | undefined {
    return this.active.get(name);
  }

  set(name: FaultName, params: FaultParams = {}): void {
    this.active.set(name, params);
  }

  clear(name?: FaultName): void {
    if (name) this.active.delete(name);
    else this.active.clear();
  }

  /** True when a response fault applies to the given interface. */
  appliesTo(name: FaultName, target: 'game' | 'frm'): boolean {
    const params = this.active.get(name);
    if (!params) return false;
    const scope = params.scope ?? 'all';
    return scope === 'all' || scope === target;
  }

  toJSON(): Record<string, FaultParams> {
    return Object.fromEntries(this.active);
  }
}
