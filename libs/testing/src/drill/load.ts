import { Agent, request } from 'node:http';

/** One request of the load: when it ended, how long it took, the status (0: no answer) and the error. */
export interface ApiCall {
  client: number;
  route: string;
  start: number;
  end: number;
  status: number;
  error: string | null;
}

/** Counts of a time window of the load. */
export interface ApiWindow {
  total: number;
  ok: number;
  /** Answered, but not 2xx. */
  non2xx: number;
  /** No answer: connection refused or reset, timed out. */
  failed: number;
  /** Answered 500 (a bug's answer: an outage of a dependency must say 503 and when to retry). */
  internal: number;
  /** The first few problems, for the log. */
  examples: string[];
}

const isOk = (c: ApiCall): boolean => c.status >= 200 && c.status < 300;

/**
 * A light, steady load on the API as dashboards make it: `clients` clients, each with its own kept-alive connection
 * (so the balancer spreads them over the api-gateway replicas), each sending `ratePerSecond` read requests a second
 * in turn over a few read routes. Every call is recorded, so a drill can count what failed during its fault and
 * after its recovery.
 */
export class ApiLoad {
  readonly calls: ApiCall[] = [];
  private running = false;
  private readonly loops: Promise<void>[] = [];
  private readonly agents: Agent[] = [];

  constructor(
    private readonly port: number,
    private readonly token: string,
    private readonly routes: string[],
    private readonly clients = 4,
    private readonly ratePerSecond = 2,
    private readonly timeoutMs = 5000,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < this.clients; i++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      this.agents.push(agent);
      this.loops.push(this.loop(i, agent));
    }
  }

  private async loop(client: number, agent: Agent): Promise<void> {
    const period = 1000 / this.ratePerSecond;
    // Spread the clients' requests over the period.
    await new Promise((r) => setTimeout(r, (period / this.clients) * client));
    let n = client;
    while (this.running) {
      const begun = Date.now();
      const route = this.routes[n++ % this.routes.length]!;
      this.calls.push(await this.call(client, agent, route));
      const wait = period - (Date.now() - begun);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** One GET through the balancer. */
  call(client: number, agent: Agent | undefined, route: string): Promise<ApiCall> {
    const start = Date.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, error: string | null): void => {
        if (settled) return;
        settled = true;
        resolve({ client, route, start, end: Date.now(), status, error });
      };
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: route,
          method: 'GET',
          agent,
          headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' },
          timeout: this.timeoutMs,
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => done(res.statusCode ?? 0, null));
          res.on('error', (e) => done(0, e.message));
        },
      );
      req.on('timeout', () => {
        req.destroy(new Error(`no answer within ${this.timeoutMs} ms`));
      });
      req.on('error', (e: NodeJS.ErrnoException) => done(0, e.code ?? e.message));
      req.end();
    });
  }

  /** Counts of the calls that match `filter` (e.g. those that ended during a fault). */
  count(filter: (call: ApiCall) => boolean): ApiWindow {
    const calls = this.calls.filter(filter);
    const bad = calls.filter((c) => !isOk(c));
    return {
      total: calls.length,
      ok: calls.length - bad.length,
      non2xx: bad.filter((c) => c.status > 0).length,
      failed: bad.filter((c) => c.status === 0).length,
      internal: bad.filter((c) => c.status === 500).length,
      examples: [
        ...new Set(bad.map((c) => `${c.status || c.error} ${c.route.replace(/[0-9a-f-]{36}/g, ':id')}`)),
      ].slice(0, 5),
    };
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    for (const a of this.agents) a.destroy();
  }
}
