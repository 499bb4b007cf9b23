import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './service-process';

/** What `npm start` writes to `<STATE_DIR>/platform.json` once it is ready. */
export interface PlatformDescription {
  url: string;
  login: { email: string };
  services: Record<string, { url: string; pid: number | null }>;
  fleet: {
    name: string;
    scenario: string;
    server_id: string;
    host: string;
    port: number;
    control_url: string;
  }[];
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/**
 * A base port with the next four free as well (`npm start` uses PORT..PORT+4), below Linux's ephemeral range
 * (32768-60999) so that no port handed out by the system meanwhile (e.g. to a simulator) can take one of them.
 */
export async function freePortRange(size = 5): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 21_000 + Math.floor(Math.random() * 1_100) * 10;
    const free = await Promise.all(Array.from({ length: size }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${size} consecutive free ports found`);
}

/**
 * The whole platform started the way a user starts it: `node scripts/start.mjs` (what `npm start` runs), with a
 * simulated fleet, waiting for its `READY <url>` line. Stopped with SIGINT, like Ctrl-C.
 */
export class PlatformProcess {
  readonly output: string[] = [];

  private constructor(
    readonly child: ChildProcess,
    readonly stateDir: string,
  ) {
    const collect = (chunk: Buffer): void => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  static start(env: Record<string, string>): PlatformProcess {
    const stateDir = mkdtempSync(join(tmpdir(), 'gsm-platform-'));
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'start.mjs')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', STATE_DIR: stateDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new PlatformProcess(child, stateDir);
  }

  /** Resolves with the URL of the `READY <url>` line; rejects when the process exits first or time runs out. */
  async ready(timeoutMs = 180_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const line = this.output.find((l) => l.startsWith('READY '));
      if (line) return line.slice('READY '.length).trim();
      if (this.child.exitCode !== null)
        throw new Error(`npm start exited with ${this.child.exitCode}:\n${this.output.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`npm start printed no READY line within ${timeoutMs} ms:\n${this.output.join('\n')}`);
  }

  /** The platform as it is now (process ids change when a crashed service is restarted). */
  describe(): PlatformDescription {
    return JSON.parse(readFileSync(join(this.stateDir, 'platform.json'), 'utf8')) as PlatformDescription;
  }

  /** Ctrl-C: resolves with the exit code and the time it took. */
  async stop(timeoutMs = 20_000): Promise<{ code: number | null; ms: number }> {
    const begun = Date.now();
    if (this.child.exitCode !== null) return { code: this.child.exitCode, ms: 0 };
    const exited = new Promise<number | null>((r) => this.child.once('exit', (code) => r(code)));
    this.child.kill('SIGINT');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return { code, ms: Date.now() - begun };
  }
}
