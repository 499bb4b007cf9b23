/*
 * node libs/game-client/bench/dist/frm-get.bench.js [--servers 20 --seconds 4 --rounds 4 --endpoint getPower]
 * (build first: npx tsc -b apps/game-sim libs/game-client/bench)
 *
 * The FRM GET alone (issue 23, goal 2): one process GETs an FRM endpoint of N simulated servers (a fresh TCP
 * connection per request, FRM closes each one), once by node:http (the previous GameTransport.get, kept here) and
 * once by GameTransport.get (plain-http-get.ts), alternating rounds so both see the same machine noise. Prints
 * requests per second and this process's CPU time per request for each, and new / old per round.
 */
import { request as httpRequest } from 'node:http';
import { createConnection, type NetConnectOpts } from 'node:net';
import { parseArgs } from 'node:util';
import { SimulatorProcess } from '@app/testing';
import { AnswerMeter, answerLimits, GameTransport, type RawResponse } from '@app/game-client';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '4' },
    endpoint: { type: 'string', default: 'getPower' },
  },
});
const SERVERS = Number(values.servers);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const ENDPOINT = values.endpoint;

/** The previous GameTransport.get (node:http, no agent, socket from net.createConnection), meter included. */
function nodeHttpGet(url: string, timeoutMs: number, what: string): Promise<RawResponse> {
  const meter = new AnswerMeter(answerLimits(what), 'frm-http');
  return new Promise<RawResponse>((resolve, reject) => {
    const connect = (options: object) => createConnection(options as NetConnectOpts);
    const req = httpRequest(url, { method: 'GET', createConnection: connect }, (res) => {
      const chunks: Buffer[] = [];
      meter.declared(res.headers['content-length']);
      res.on('data', (c: Buffer) => {
        meter.push(c);
        chunks.push(c);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          contentDisposition: res.headers['content-disposition'] ?? null,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  }).finally(() => meter.release());
}

type Get = (url: string) => Promise<RawResponse>;

async function measure(urls: string[], get: Get, seconds: number) {
  let requests = 0;
  const deadline = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    urls.map(async (url) => {
      while (performance.now() < deadline) {
        const res = await get(url);
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        JSON.parse(res.text);
        requests++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { requests, cpuUsPerReq: (used.user + used.system) / requests, wallS: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const sim = await SimulatorProcess.start(['--count', String(SERVERS), '--seed', '1', '--token-ttl', '86400']);
  const transport = new GameTransport();
  try {
    const urls = sim.servers.map((s) => `http://${s.host}:${s.addon_http_port}/${ENDPOINT}`);
    const modes: Record<'node:http' | 'plainGet', Get> = {
      'node:http': (url) => nodeHttpGet(url, 5000, ENDPOINT),
      plainGet: (url) => transport.get(url, 5000, 'frm-http', ENDPOINT),
    };
    const sample = await modes.plainGet(urls[0]!);
    await measure(urls, modes['node:http'], 1); // warm-up: JIT
    await measure(urls, modes.plainGet, 1);
    process.stdout.write(
      `frm-get bench  servers=${SERVERS}  endpoint=${ENDPOINT} (${sample.text.length} bytes)  ${ROUNDS} rounds x ${SECONDS}s ` +
        `per mode (odd rounds node:http first)  node ${process.version}\n`,
    );
    process.stdout.write('round  mode        requests    req/s   CPU us/req  new/old\n');
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 === 1 ? (['node:http', 'plainGet'] as const) : (['plainGet', 'node:http'] as const);
      const r: Partial<Record<keyof typeof modes, Awaited<ReturnType<typeof measure>>>> = {};
      for (const mode of order) r[mode] = await measure(urls, modes[mode], SECONDS);
      const ratio = r.plainGet!.cpuUsPerReq / r['node:http']!.cpuUsPerReq;
      ratios.push(ratio);
      for (const mode of ['node:http', 'plainGet'] as const) {
        const m = r[mode]!;
        process.stdout.write(
          `${String(round).padStart(5)}  ${mode.padEnd(10)} ${String(m.requests).padStart(9)} ${(m.requests / m.wallS).toFixed(0).padStart(8)} ` +
            `${m.cpuUsPerReq.toFixed(1).padStart(12)}${mode === 'plainGet' ? `  ${ratio.toFixed(2)}x` : ''}\n`,
        );
      }
    }
    process.stdout.write(`plainGet / node:http CPU per request: ${ratios.map((x) => `${x.toFixed(2)}x`).join(', ')}\n`);
  } finally {
    await transport.close();
    await sim.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`frm-get bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
