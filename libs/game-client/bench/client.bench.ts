/*
 * npm run bench:client [-- --servers 20 --seconds 4 --rounds 3]
 *
 * One client process polls N simulated servers (QueryServerState over kept-alive HTTPS) in a separate simulator
 * process, once with the platform's GameServerClient and once with a bare undici loop, alternating rounds so both
 * see the same machine noise. Prints requests per second and CPU time per request of this process for each, and
 * the ratio (goal: the client costs at most 1.5x the bare loop per request).
 */
import { parseArgs } from 'node:util';
import { SimulatorProcess, type SimulatedServer } from '@app/testing';
import { Agent, request } from 'undici';
import { GameServerClient, GameTransport } from '@app/game-client';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
  },
});
const SERVERS = Number(values.servers);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);

type Poll = () => Promise<unknown>;

/** Runs one poll loop per server for `seconds`; returns requests done and this process's CPU time. */
async function measure(polls: Poll[], seconds: number): Promise<{ requests: number; cpuUs: number; wallMs: number }> {
  let requests = 0;
  const deadline = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    polls.map(async (poll) => {
      while (performance.now() < deadline) {
        await poll();
        requests++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { requests, cpuUs: used.user + used.system, wallMs: performance.now() - started };
}

async function bareLogin(agent: Agent, s: SimulatedServer): Promise<string> {
  const res = await request(`https://${s.host}:${s.port}/api/v1`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      function: 'PasswordLogin',
      data: { minimumPrivilegeLevel: 'Administrator', password: s.admin_password },
    }),
  });
  return ((await res.body.json()) as { data: { authenticationToken: string } }).data.authenticationToken;
}

async function main(): Promise<void> {
  const sim = await SimulatorProcess.start(['--count', String(SERVERS), '--seed', '1', '--token-ttl', '86400']);
  const agent = new Agent({
    connect: { rejectUnauthorized: false },
    connections: 2,
    keepAliveTimeout: 10_000,
    pipelining: 1,
  });
  const transport = new GameTransport();
  try {
    const tokens = await Promise.all(sim.servers.map((s) => bareLogin(agent, s)));
    const bare: Poll[] = sim.servers.map((s, i) => async () => {
      const res = await request(`https://${s.host}:${s.port}/api/v1`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${tokens[i]}` },
        body: '{"function":"QueryServerState"}',
      });
      return res.body.json();
    });
    const clients = sim.servers.map(
      (s) =>
        new GameServerClient(transport, {
          address: s.host,
          port: s.port,
          addonHttpPort: s.addon_http_port,
          password: () => s.admin_password,
        }),
    );
    const client: Poll[] = clients.map((c) => () => c.api.queryServerState());
    await measure(bare, 1); // warm up: connections, JIT
    await measure(client, 1);
    process.stdout.write(
      `bench:client  servers=${SERVERS}  ${ROUNDS} rounds x ${SECONDS}s per mode (alternating: odd rounds bare first)  node ${process.version}\n` +
        `bare: undici Agent connections=2 keepAliveTimeout=10000 pipelining=1, fixed token, body.json(); client: GameServerClient on GameTransport defaults\n`,
    );
    process.stdout.write('round  mode     requests    req/s   CPU us/req  ratio\n');
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const modes = round % 2 === 1 ? (['bare', 'client'] as const) : (['client', 'bare'] as const);
      const r: Partial<Record<'bare' | 'client', { requests: number; cpuUsPerReq: number; reqPerSec: number }>> = {};
      for (const mode of modes) {
        const m = await measure(mode === 'bare' ? bare : client, SECONDS);
        r[mode] = {
          requests: m.requests,
          cpuUsPerReq: m.cpuUs / m.requests,
          reqPerSec: m.requests / (m.wallMs / 1000),
        };
      }
      const ratio = r.client!.cpuUsPerReq / r.bare!.cpuUsPerReq;
      ratios.push(ratio);
      for (const mode of ['bare', 'client'] as const)
        process.stdout.write(
          `${String(round).padStart(5)}  ${mode.padEnd(7)} ${String(r[mode]!.requests).padStart(9)} ${r[mode]!.reqPerSec.toFixed(0).padStart(8)} ${r[mode]!.cpuUsPerReq.toFixed(1).padStart(12)}${mode === 'client' ? `  ${ratio.toFixed(2)}x` : ''}\n`,
        );
    }
    const worst = Math.max(...ratios);
    process.stdout.write(
      `client / bare CPU per request, every round: ${ratios.map((x) => `${x.toFixed(2)}x`).join(', ')}; worst ${worst.toFixed(2)}x (goal <= 1.50x in every round: ${worst <= 1.5 ? 'met' : 'NOT met'})\n`,
    );
    if (worst > 1.5) process.exitCode = 1;
    process.stdout.write(
      `logins by the client: ${clients.reduce((n, x) => n + x.stats.logins, 0)} for ${SERVERS} servers\n`,
    );
  } finally {
    await transport.close();
    await agent.close();
    await sim.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:client failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
