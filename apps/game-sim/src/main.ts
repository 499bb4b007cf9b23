/* The game-server simulator: `npm run sim -- --count 20 [--json] [--seed 42]` (see cli-options.ts). */
import { parseCli, USAGE } from './cli-options';
import { advertisedHost, Fleet, listenProblem, randomSeed } from './fleet';

async function main(): Promise<void> {
  let options;
  try {
    options = parseCli(process.argv.slice(2), randomSeed);
  } catch (error) {
    process.stderr.write(`game-sim: ${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // Handlers first: a signal that arrives while the fleet starts or prints must not kill the process uncleanly.
  const running: { fleet?: Fleet } = {};
  const stop = (): void => {
    void (running.fleet?.stop() ?? Promise.resolve()).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (options.fleet.listenAny && !listenProblem(options.fleet)) {
    process.stderr.write(
      `game-sim: WARNING: --listen-any: listening on ${options.fleet.host} (every interface), advertised as ` +
        `${advertisedHost(options.fleet)}; the servers and the control API (which lists every admin password) are ` +
        'reachable from the network: for an isolated container network only\n',
    );
  }
  const fleet = await Fleet.start(options.fleet);
  running.fleet = fleet;
  for (const fault of options.faults) await fleet.setFault(fault.target, fault.name, fault.params);
  const servers = fleet.servers.map((s) => {
    const d = s.describe();
    return {
      host: d.host,
      port: d.port,
      addon_http_port: d.addon_http_port,
      addon_ws_port: d.addon_ws_port,
      admin_password: d.admin_password,
      control_url: d.control_url,
    };
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(servers)}\n`);
  } else {
    process.stdout.write(
      `game-sim: ${servers.length} simulated server(s), seed ${options.fleet.seed}, control API ${fleet.controlUrl}\n`,
    );
    for (const [i, s] of servers.entries()) {
      process.stdout.write(
        `  sim-${i + 1}  https://${s.host}:${s.port}/api/v1  (UDP ${s.port})  FRM http://${s.host}:${s.addon_http_port}  ` +
          `WS ${s.addon_ws_port}  admin password: ${s.admin_password}\n`,
      );
    }
    process.stdout.write('Press Ctrl+C to stop.\n');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`game-sim: ${(error as Error).message}\n`);
  process.exit(1);
});
