import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './service-process';

/** One simulated server as `npm run sim -- --json` prints it. */
export interface SimulatedServer {
  host: string;
  port: number;
  addon_http_port: number;
  addon_ws_port: number;
  admin_password: string;
  control_url: string;
}

/**
 * The game-server simulator started as its own process (`apps/game-sim/dist/main.js --json`), with helpers for
 * its control API. Tests talk to the simulated servers over real HTTPS, UDP, HTTP and WebSocket on loopback.
 */
export class SimulatorProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly servers: SimulatedServer[],
    readonly stderr: string[],
  ) {}

  /** `nodeArgs` go to node itself (e.g. `--cpu-prof`), before the simulator's own arguments. */
  static async start(args: string[] = [], timeoutMs = 20_000, nodeArgs: string[] = []): Promise<SimulatorProcess> {
    const main = join(REPO_ROOT, 'apps', 'game-sim', 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} does not exist: run \`npm run build\` first`);
    const child = spawn(process.execPath, [...nodeArgs, main, '--json', ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stderr: string[] = [];
    child.stderr?.on('data', (c: Buffer) => stderr.push(c.toString('utf8')));
    const servers = await new Promise<SimulatedServer[]>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`simulator did not start within ${timeoutMs} ms: ${stderr.join('')}`)),
        timeoutMs,
      );
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        const line = out.split('\n')[0];
        if (out.includes('\n') && line) {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(line) as SimulatedServer[]);
          } catch (error) {
            reject(error as Error);
          }
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`simulator exited with ${code}: ${stderr.join('')}`));
      });
    });
    return new SimulatorProcess(child, servers, stderr);
  }

  server(index: number): SimulatedServer {
    const server = this.servers[index];
    if (!server) throw new Error(`the simulator has no server ${index}`);
    return server;
  }

  private async control(index: number, method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.server(index).control_url}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  setFault(index: number, fault: string, params: Record<string, unknown> = {}): Promise<unknown> {
    return this.control(index, 'PUT', `/faults/${fault}`, params);
  }

  clearFaults(index: number, fault?: string): Promise<unknown> {
    return this.control(index, 'DELETE', fault ? `/faults/${fault}` : '/faults');
  }

  expireTokens(index: number): Promise<unknown> {
    return this.control(index, 'POST', '/tokens/expire');
  }

  /** A new certificate on server `index`'s game port; resolves to its fingerprint. */
  async rotateCertificate(index: number): Promise<string> {
    const answer = (await this.control(index, 'POST', '/certificate')) as { cert_fingerprint: string };
    return answer.cert_fingerprint;
  }

  /** PasswordLogin requests with a password that server `index` received so far. */
  async passwordLogins(index: number): Promise<number> {
    return Number((await this.describe(index))['password_logins']);
  }

  patchWorld(index: number, patch: Record<string, unknown>): Promise<unknown> {
    return this.control(index, 'PATCH', '/world', patch);
  }

  describe(index: number): Promise<Record<string, unknown>> {
    return this.control(index, 'GET', '') as Promise<Record<string, unknown>>;
  }

  /** Stops the simulator (SIGTERM) and waits for it to exit. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null) return this.child.exitCode;
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.kill('SIGTERM');
    return exited;
  }
}
