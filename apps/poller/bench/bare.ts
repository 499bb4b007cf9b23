/**
 * bench:poller's bare baselines, measured in this process in the same run as the poller, one request (or poll) in
 * flight per server, CPU = this process's user + system time:
 * - `measure`: a bare undici keep-alive request (bench:client's bare loop): `QueryServerState` over kept-alive HTTPS
 *   with a fixed token and `body.json()`. The baseline.
 * - `measureMix`: the same polls as the poller's Pro mix made bare with undici, each kind in proportion to its Pro
 *   interval: health = `HealthCheck` + `QueryServerState` over the kept-alive HTTPS connection, every add-on kind its
 *   FRM endpoint(s) as a plain undici GET + `JSON.parse` (FRM answers `Connection: close`, as the real add-on does,
 *   so each one connects anew, as the poller's must). What the poller adds on top of this is its own work: the
 *   parsers and rows, the PostgreSQL writes, the NATS publishes and the scheduling.
 */
import type { PollKind } from '@app/contracts';
import type { SimulatedServer } from '@app/testing';
import { Agent, request } from 'undici';
import { ALL_KINDS, FRM_ENDPOINTS, gameApi, login, proIntervals } from './kind-costs';

/** The baseline loops' settings (printed by the bench). */
export const BARE_SETTINGS = { servers: 20, seconds: 3, connectionsPerOrigin: 2, keepAliveTimeoutMs: 10_000 };

/**
 * One cycle of the Pro mix's polls per server: each kind as often as its Pro interval asks in the longest interval
 * (300 s: health 30 times, factory 5 times, the add-on check once), interleaved evenly (the bench prints its length).
 */
export function proMixCycle(intervals: Record<PollKind, number> = proIntervals()): PollKind[] {
  const span = Math.max(...ALL_KINDS.map((k) => intervals[k]));
  const slots: { kind: PollKind; at: number }[] = [];
  for (const kind of ALL_KINDS) {
    const times = Math.round(span / intervals[kind]);
    for (let n = 0; n < times; n++) slots.push({ kind, at: (n + 0.5) / times });
  }
  return slots.sort((a, b) => a.at - b.at).map((s) => s.kind);
}

export class BareRequests {
  private readonly agent = new Agent({
    connect: { rejectUnauthorized: false },
    connections: BARE_SETTINGS.connectionsPerOrigin,
    keepAliveTimeout: BARE_SETTINGS.keepAliveTimeoutMs,
    pipelining: 1,
  });
  /** FRM's answers close every connection: undici connects anew per GET (no pipelining, no keep-alive to reuse). */
  private readonly frmAgent = new Agent({ connections: BARE_SETTINGS.connectionsPerOrigin, pipelining: 1 });
  private tokens: string[] = [];
  private readonly mix = proMixCycle();

  private constructor(private readonly servers: readonly SimulatedServer[]) {}

  /** Logs in to the first servers of the fleet and warms the loop up (connections, JIT). */
  static async start(fleet: readonly SimulatedServer[]): Promise<BareRequests> {
    const bare = new BareRequests(fleet.slice(0, BARE_SETTINGS.servers));
    bare.tokens = await Promise.all(bare.servers.map((s) => login(bare.agent, s)));
    await bare.measure(1);
    await bare.measureMix(1);
    return bare;
  }

  /** CPU µs of this process per bare request, one request in flight per server for `seconds`. */
  async measure(seconds = BARE_SETTINGS.seconds): Promise<{ requests: number; cpuUs: number }> {
    let requests = 0;
    const deadline = performance.now() + seconds * 1000;
    const cpu = process.cpuUsage();
    await Promise.all(
      this.servers.map(async (s, i) => {
        while (performance.now() < deadline) {
          const res = await request(`https://${s.host}:${s.port}/api/v1`, {
            method: 'POST',
            dispatcher: this.agent,
            headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${this.tokens[i]}` },
            body: '{"function":"QueryServerState"}',
          });
          await res.body.json();
          requests++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    return { requests, cpuUs: (used.user + used.system) / Math.max(1, requests) };
  }

  /** CPU µs of this process per bare poll of the Pro mix (see the file's comment), one poll in flight per server. */
  async measureMix(seconds = BARE_SETTINGS.seconds): Promise<{ polls: number; requests: number; cpuUs: number }> {
    let polls = 0;
    let requests = 0;
    const deadline = performance.now() + seconds * 1000;
    const cpu = process.cpuUsage();
    await Promise.all(
      this.servers.map(async (s, i) => {
        // Each server starts at its own place in the cycle, so every window holds the whole mix.
        for (let n = Math.floor((i * this.mix.length) / this.servers.length); performance.now() < deadline; n++) {
          const kind = this.mix[n % this.mix.length]!;
          if (kind === 'health') {
            await gameApi(this.agent, s, 'HealthCheck', { clientCustomData: '' }, null);
            await gameApi(this.agent, s, 'QueryServerState', {}, this.tokens[i]!);
            requests += 2;
          } else {
            for (const endpoint of FRM_ENDPOINTS[kind]!) {
              const res = await request(`http://${s.host}:${s.addon_http_port}/${endpoint}`, {
                dispatcher: this.frmAgent,
              });
              JSON.parse(await res.body.text());
              requests++;
            }
          }
          polls++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    return { polls, requests, cpuUs: (used.user + used.system) / Math.max(1, polls) };
  }

  async close(): Promise<void> {
    await this.agent.close();
    await this.frmAgent.close();
  }
}
