/*
 * npx tsc -b libs/game-client/bench && node libs/game-client/bench/dist/hostile.bench.js [-- --fault huge_body]
 *
 * One hostile simulated server (its own process) answers getFactory with a 500 MB body (huge_body) or a million
 * buildings (many_records); this process polls it once with the platform's GameServerClient (default caps: 8 MiB
 * for getFactory) and prints the outcome, the time it took and this process's peak RSS (VmHWM), before and after.
 * Run it on the code before issue 21 to get the "before" row of docs/security/hostile.md.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SimulatorProcess } from '@app/testing';
import { GameServerClient, GameTransport } from '@app/game-client';

const { values } = parseArgs({
  options: {
    fault: { type: 'string', default: 'huge_body' },
    timeout: { type: 'string', default: '60000' },
  },
});

const mib = (key: string): number =>
  Math.round(
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024,
  );

async function main(): Promise<void> {
  const sim = await SimulatorProcess.start(['--count', '1', '--seed', '5']);
  const transport = new GameTransport();
  try {
    const target = sim.server(0);
    const fault = values.fault!;
    await sim.setFault(0, fault, fault === 'huge_body' ? { bytes: 500_000_000, scope: 'frm' } : { count: 1_000_000 });
    const client = new GameServerClient(
      transport,
      {
        address: target.host,
        port: target.port,
        addonHttpPort: target.addon_http_port,
        password: () => target.admin_password,
      },
      { timeoutMs: Number(values.timeout) },
    );
    const before = mib('VmRSS');
    const started = performance.now();
    let outcome: string;
    try {
      const { records } = await client.frm.factory();
      outcome = `ok: ${records.length} buildings read`;
    } catch (error) {
      outcome = `${(error as { code?: string }).code ?? 'error'}: ${(error as Error).message}`;
    }
    const took = Math.round(performance.now() - started);
    process.stdout.write(
      `${JSON.stringify({
        fault,
        node: process.version,
        timeout_ms: Number(values.timeout),
        rss_before_mib: before,
        rss_peak_mib: mib('VmHWM'),
        took_ms: took,
        outcome,
      })}\n`,
    );
  } finally {
    await transport.close();
    await sim.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
