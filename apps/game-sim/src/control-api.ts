import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { SimServer } from './server/sim-server';
import { FAULT_NAMES, isFaultName, validateFaultParams, type FaultParams } from './server/faults';
import { patchWorld, worldSummary } from './world-patch';

/** What the control API reads of the fleet (the Fleet class; declared here so the two files do not import each other). */
export interface Fleet {
  readonly ready: boolean;
  readonly servers: readonly SimServer[];
  find(id: string): SimServer | undefined;
}

type Json = Record<string, unknown>;

/**
 * The simulator's control API (HTTP; on loopback, or where the servers listen with --listen-any). While the fleet
 * starts, every route answers 503 {"error": "starting"}: a list of the servers is complete once it answers.
 *   GET    /servers                         every server's descriptor
 *   GET    /servers/:id                     one server, with a summary of its world
 *   PUT    /servers/:id/faults/:fault       set a fault; JSON body of parameters (delayMs, tickRate, scope)
 *   DELETE /servers/:id/faults/:fault       clear one fault; DELETE /servers/:id/faults clears all
 *   POST   /servers/:id/tokens/expire       every login token of the server expires now
 *   POST   /servers/:id/certificate         a new self-signed certificate on the game port (open connections drop);
 *                                           answers the new cert_fingerprint
 *   PATCH  /servers/:id/world               change the world: tick rate, fuses, players, fuel, extractors, drone
 *                                           ports, item rates, circuits, trains, session, sink (world-patch.ts)
 */
export class ControlApi {
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Listens on `host`:`port`; `url` names `urlHost` (default `host`), the host clients reach it by. */
  static async start(fleet: Fleet, host: string, port: number, urlHost = host): Promise<ControlApi> {
    const server = createServer((req, res) => void handle(fleet, req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address();
    const actual = address && typeof address === 'object' ? address.port : port;
    return new ControlApi(server, `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${actual}`);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Json | null> {
  let raw = '';
  for await (const chunk of req) raw += (chunk as Buffer).toString('utf8');
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

async function handle(fleet: Fleet, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parts = (req.url ?? '/').split('?')[0]!.split('/').filter(Boolean);
  const method = req.method ?? 'GET';
  try {
    if (!fleet.ready) return reply(res, 503, { error: 'starting', status: 'starting' });
    if (parts[0] === 'health') return reply(res, 200, { status: 'ok', servers: fleet.servers.length });
    if (parts[0] !== 'servers') return reply(res, 404, { error: 'unknown route; see GET /servers' });
    if (parts.length === 1 && method === 'GET')
      return reply(
        res,
        200,
        fleet.servers.map((s) => s.describe()),
      );
    const server = fleet.find(parts[1] ?? '');
    if (!server) return reply(res, 404, { error: `no simulated server "${parts[1]}"` });
    const [, , section, name] = parts;
    if (!section && method === 'GET') {
      const w = server.world;
      w.advanceTo(Date.now());
      return reply(res, 200, { ...server.describe(), world: worldSummary(w) });
    }
    if (section === 'faults') {
      if (method === 'DELETE' && !name) {
        await server.clearFault();
        return reply(res, 200, server.describe());
      }
      if (!name || !isFaultName(name)) {
        return reply(res, 400, { error: `unknown fault "${name ?? ''}"; one of ${FAULT_NAMES.join(', ')}` });
      }
      if (method === 'DELETE') {
        await server.clearFault(name);
        return reply(res, 200, server.describe());
      }
      if (method === 'PUT' || method === 'POST') {
        const params = await readJson(req);
        const problem =
          params === null ? 'body must be a JSON object' : validateFaultParams(name, params as FaultParams);
        if (problem) return reply(res, 400, { error: problem });
        await server.setFault(name, params as FaultParams);
        return reply(res, 200, server.describe());
      }
    }
    if (section === 'tokens' && name === 'expire' && method === 'POST') {
      return reply(res, 200, { expired: server.expireTokens() });
    }
    if (section === 'certificate' && !name && method === 'POST') {
      return reply(res, 200, { cert_fingerprint: await server.rotateCertificate() });
    }
    if (section === 'world' && method === 'PATCH') {
      const outcome = patchWorld(server.world, await readJson(req));
      return reply(res, outcome.status, outcome.body);
    }
    return reply(res, 404, { error: `no route ${method} ${req.url}` });
  } catch (error) {
    return reply(res, 500, { error: (error as Error).message });
  }
}
