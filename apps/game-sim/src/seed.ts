/*
 * The fleet seeder (`node apps/game-sim/dist/seed.js`, a one-shot compose service): waits for the platform's API
 * and the simulator's control API, signs the demo account up (or in), moves it to the Team plan and registers
 * every simulated server it does not have yet, through the REST API only. Idempotent; configured by the
 * environment (see SEED_USAGE). Prints neither passwords nor tokens; every failure is one sentence and exit 1.
 */
import { readSeedOptions, SEED_USAGE, SeedError, type SeedOptions } from './seed-options';

/** One simulated server as the control API's GET /servers lists it (the fields the seeder uses). */
export interface FleetServer {
  id: string;
  host: string;
  port: number;
  addon_http_port: number;
  addon_ws_port: number;
  admin_password: string;
}

export interface SeedResult {
  total: number;
  created: number;
  existing: number;
}

interface Answer {
  status: number;
  json: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why a request did not get an answer, in words (connection refused, unknown host, time-out...). */
export function unreachable(url: string, error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `${url} did not answer in time`;
  const code = e?.cause?.code;
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'unknown host'
        : (code ?? e?.cause?.message ?? e?.message ?? String(error));
  return `cannot reach ${url} (${reason})`;
}

/** The API's error as `status message (remedy)`, from its `{error: {code, message, remedy}}` body. */
export function describeFailure(res: Answer): string {
  const error = (res.json as Loose)?.error;
  if (error && typeof error === 'object' && typeof error.message === 'string') {
    const remedy = typeof error.remedy === 'string' && error.remedy ? ` ${error.remedy}` : '';
    return `HTTP ${res.status}: ${error.message.replace(/\.?$/, '.')}${remedy}`;
  }
  if (typeof error === 'string') return `HTTP ${res.status}: ${error}`;
  return `HTTP ${res.status}`;
}

/** Matches a registered server with a simulated one: host (case-insensitive) and game port. */
export function serverKey(host: string, port: number): string {
  return `${host.toLowerCase().replace(/^\[(.*)\]$/, '$1')}:${port}`;
}

function isFleetServer(value: unknown): value is FleetServer {
  const s = value as Loose;
  return (
    !!s &&
    typeof s.host === 'string' &&
    Number.isInteger(s.port) &&
    Number.isInteger(s.addon_http_port) &&
    Number.isInteger(s.addon_ws_port) &&
    typeof s.admin_password === 'string'
  );
}

export class Seeder {
  private token = '';

  constructor(
    private readonly options: SeedOptions,
    private readonly log: (line: string) => void,
  ) {}

  private async call(method: string, route: string, body?: unknown): Promise<Answer> {
    const url = `${this.options.apiUrl}${route}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SeedError(`${method} ${route} failed: ${unreachable(this.options.apiUrl, error)}`);
    }
    const text = await res.text();
    try {
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      // Not JSON (a proxy's error page, say): the status alone describes it.
      return { status: res.status, json: null };
    }
  }

  /** Step 1: every `retryMs` until both answer, or a SeedError once `timeoutMs` has passed. */
  async waitForPlatform(): Promise<FleetServer[]> {
    const { apiUrl, controlUrl, timeoutMs, retryMs } = this.options;
    const deadline = Date.now() + timeoutMs;
    let said = '';
    let saidAt = 0;
    for (;;) {
      const waits: string[] = [];
      let fleet: FleetServer[] | null = null;
      const ready = await fetch(`${apiUrl}/health/ready`, { signal: AbortSignal.timeout(5000) }).then(
        async (r) => {
          await r.body?.cancel();
          return r.status === 200 ? null : `the API at ${apiUrl} to be ready (GET /health/ready: HTTP ${r.status})`;
        },
        (error: unknown) => `the API to be ready: ${unreachable(apiUrl, error)}`,
      );
      if (ready) waits.push(ready);
      try {
        const res = await fetch(`${controlUrl}/servers`, { signal: AbortSignal.timeout(5000) });
        const json: unknown = res.ok ? await res.json() : null;
        if (Array.isArray(json) && json.length > 0 && json.every(isFleetServer)) fleet = json;
        else
          waits.push(
            `the simulator at ${controlUrl} to list its servers (GET /servers: HTTP ${res.status}` +
              `${res.status === 503 ? ', still starting' : res.ok ? ', not a list of servers' : ''})`,
          );
      } catch (error) {
        waits.push(`the simulator to list its servers: ${unreachable(controlUrl, error)}`);
      }
      if (waits.length === 0 && fleet) return fleet;
      const what = waits.join('; and for ');
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new SeedError(
          `gave up after ${Math.round(timeoutMs / 1000)} s (SEED_TIMEOUT_S) waiting for ${what}; check that ` +
            'API_URL and SIM_CONTROL_URL point to the running services',
        );
      }
      if (what !== said || Date.now() - saidAt > 30_000) {
        this.log(`waiting for ${what}; retrying every ${retryMs / 1000} s`);
        said = what;
        saidAt = Date.now();
      }
      await sleep(Math.min(retryMs, left));
    }
  }

  /**
   * Step 2: signs in to the demo account, or signs it up first when the sign-in fails (sign-up answers 202 alike
   * for a new and an existing e-mail, so only the sign-in after it tells).
   */
  async signIn(): Promise<'created' | 'signed in'> {
    const { email, password } = this.options;
    const login = () => this.call('POST', '/api/v1/auth/login', { email, password });
    let session = await login();
    let account: 'created' | 'signed in' = 'signed in';
    if (session.status === 401) {
      const reg = await this.call('POST', '/api/v1/auth/register', { email, password, name: 'Demo Pioneer' });
      if (reg.status !== 202) throw new SeedError(`creating the demo account ${email} failed: ${describeFailure(reg)}`);
      session = await login();
      account = 'created';
    }
    if (session.status === 401)
      throw new SeedError(
        `the demo account ${email} exists but DEMO_PASSWORD does not open it (${describeFailure(session)}); ` +
          'set DEMO_PASSWORD to its password, or DEMO_EMAIL to another address',
      );
    if (session.status !== 200) throw new SeedError(`signing in as ${email} failed: ${describeFailure(session)}`);
    const token = (session.json as Loose)?.token;
    if (typeof token !== 'string' || !token)
      throw new SeedError(`signing in as ${email} gave no session token (HTTP ${session.status})`);
    this.token = token;
    return account;
  }

  /** Step 3: the Team plan (share links, roles, the API, 15 servers) unless the account is on it already. */
  async ensureTeamPlan(): Promise<boolean> {
    const sub = await this.call('GET', '/api/v1/billing/subscription');
    if (sub.status !== 200)
      throw new SeedError(`reading the demo account's subscription failed: ${describeFailure(sub)}`);
    if ((sub.json as Loose)?.plan?.id === 'team') return false;
    const put = await this.call('PUT', '/api/v1/billing/subscription', { plan: 'team', period: 'monthly' });
    if (put.status !== 200)
      throw new SeedError(`moving the demo account to the Team plan failed: ${describeFailure(put)}`);
    return true;
  }

  /** Step 4: registers the simulated servers the account does not have yet (by host and port). */
  async registerServers(fleet: FleetServer[]): Promise<SeedResult> {
    const list = await this.call('GET', '/api/v1/servers');
    if (list.status !== 200 || !Array.isArray(list.json))
      throw new SeedError(`listing the demo account's servers failed: ${describeFailure(list)}`);
    const known = new Set((list.json as Loose[]).map((s) => serverKey(String(s.host), Number(s.port))));
    const failures: string[] = [];
    let created = 0;
    for (const [i, sim] of fleet.entries()) {
      const name = `Factory ${i + 1}`;
      if (known.has(serverKey(sim.host, sim.port))) continue;
      const res = await this.call('POST', '/api/v1/servers', {
        name,
        host: sim.host,
        port: sim.port,
        admin_password: sim.admin_password,
        addon_http_port: sim.addon_http_port,
        addon_ws_port: sim.addon_ws_port,
      });
      if (res.status === 201) {
        created++;
        known.add(serverKey(sim.host, sim.port));
        this.log(`registered ${name} (${sim.host}:${sim.port})`);
      } else {
        const failure = `registering ${name} (${sim.host}:${sim.port}) failed: ${describeFailure(res)}`;
        this.log(failure);
        failures.push(failure);
      }
    }
    if (failures.length > 0) {
      throw new SeedError(
        `${failures.length} of ${fleet.length} simulated servers could not be registered (${created} were); ` +
          `the first: ${failures[0]}`,
      );
    }
    return { total: fleet.length, created, existing: fleet.length - created };
  }

  async run(): Promise<SeedResult> {
    const { email, apiUrl, controlUrl } = this.options;
    this.log(`seeding the simulated fleet at ${controlUrl} into ${apiUrl} for ${email}`);
    const fleet = await this.waitForPlatform();
    this.log(`the API is ready and the simulator lists ${fleet.length} server(s)`);
    const account = await this.signIn();
    this.log(account === 'created' ? `created the demo account ${email}` : `signed in as ${email}`);
    if (await this.ensureTeamPlan()) this.log('moved the demo account to the Team plan');
    return this.registerServers(fleet);
  }
}

async function main(): Promise<void> {
  const log = (line: string): void => void process.stdout.write(`fleet-seed: ${line}\n`);
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(`${SEED_USAGE}\n`);
    return;
  }
  const options = readSeedOptions(process.env);
  const result = await new Seeder(options, log).run();
  log(
    `seeded ${result.total} servers for ${options.email} (${result.created} new, ${result.existing} already ` +
      `registered); sign in at ${options.publicUrl}`,
  );
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      // A sentence, never a stack trace: SeedErrors explain themselves; anything else is reported by its message.
      const message =
        error instanceof SeedError
          ? error.message
          : `unexpected failure: ${(error as Error)?.message ?? String(error)}; nothing more was done`;
      process.stderr.write(`fleet-seed: ${message}\n`);
      process.exit(1);
    },
  );
}
