/**
 * bench:poller's bare baseline: a bare undici keep-alive request, measured in this process in the same run as the
 * poller (bench:client's bare loop): `QueryServerState` over kept-alive HTTPS with a fixed token and `body.json()`,
 * one request in flight per server. CPU is this process's user + system time.
 */
import type { SimulatedServer } from '@app/testing';
import { Agent, request } from 'undici';

/** The baseline loop's settings (printed by the bench). */
export const BARE_SETTINGS = { servers: 20, seconds: 3, connectionsPerOrigin: 2, keepAliveTimeoutMs: 10_000 };

export class BareRequests {
  private readonly agent = new Agent({
    connect: { rejectUnauthorized: false },
    connections: BARE_SETTINGS.connectionsPerOrigin,
    keepAliveTimeout: BARE_SETTINGS.keepAliveTimeoutMs,
    pipelining: 1,
  });
  private tokens: string[] = [];

  private constructor(private readonly servers: readonly SimulatedServer[]) {}

  /** Logs in to the first servers of the fleet and warms the loop up (connections, JIT). */
  static async start(fleet: readonly SimulatedServer[]): Promise<BareRequests> {
    const bare = new BareRequests(fleet.slice(0, BARE_SETTINGS.servers));
    bare.tokens = await Promise.all(bare.servers.map((s) => bare.login(s)));
    await bare.measure(1);
    return bare;
  }

  private async login(s: SimulatedServer): Promise<string> {
    const res = await request(`https://${s.host}:${s.port}/api/v1`, {
      method: 'POST',
      dispatcher: this.agent,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        function: 'PasswordLogin',
        data: { minimumPrivilegeLevel: 'Administrator', password: s.admin_password },
      }),
    });
    return ((await res.body.json()) as { data: { authenticationToken: string } }).data.authenticationToken;
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

  async close(): Promise<void> {
    await this.agent.close();
  }
}
