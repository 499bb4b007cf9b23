import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (where package.json and apps/ are). */
export const REPO_ROOT = resolve(__dirname, '../../..');

/** A service started as its own process from its build output (`apps/<app>/dist/main.js`). */
export class ServiceProcess {
  readonly output: string[] = [];
  private exitInfo: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly app: string,
    readonly child: ChildProcess,
  ) {
    this.exitInfo = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));
    const collect = (chunk: Buffer): void => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /**
   * Starts `app` with the given environment (merged over a minimal one: PATH and HOME only). `root` is the checkout
   * whose build runs (default this one; a bench compares another commit's build, e.g. a temporary worktree).
   */
  static start(app: string, env: Record<string, string>, root = REPO_ROOT): ServiceProcess {
    const main = join(root, 'apps', app, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} does not exist: run \`npm run build\` first`);
    const child = spawn(process.execPath, [main], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServiceProcess(app, child);
  }

  /** Resolves with the port once the service logs that it is ready; rejects if it exits first. */
  async ready(timeoutMs = 20_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const line of this.output) {
        const entry = parseJson(line);
        if (entry && entry.msg === `${this.app} ready` && typeof entry.port === 'number') return entry.port;
      }
      if (this.child.exitCode !== null) {
        throw new Error(
          `${this.app} exited with ${this.child.exitCode} before it was ready:\n${this.output.join('\n')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${this.app} was not ready within ${timeoutMs} ms:\n${this.output.join('\n')}`);
  }

  /** Resolves when the process exits, with its exit code. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.exitInfo;
  }

  /** Sends a signal and measures how long the process takes to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; durationMs: number }> {
    if (this.child.exitCode !== null) return { code: this.child.exitCode, durationMs: 0 };
    const started = Date.now();
    this.child.kill(signal);
    const { code } = await this.exitInfo;
    return { code, durationMs: Date.now() - started };
  }

  /** Kills the process if it still runs (test clean-up). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

function parseJson(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The environment a service needs in a test: its database, the test NATS in its namespace, a free port. */
export function serviceEnv(
  databaseUrl: string,
  prefix: string,
  extra: Record<string, string> = {},
  /** Outside Jest (benchmarks): the NATS URL from `resolveTestServices()`. */
  natsUrl = process.env.GSM_TEST_NATS_URL,
): Record<string, string> {
  if (!natsUrl)
    throw new Error('GSM_TEST_NATS_URL is not set: run integration tests through jest (its global setup sets it)');
  return {
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    NATS_PREFIX: prefix,
    PORT: '0',
    HOST: '127.0.0.1',
    // The "<service> ready" line that ServiceProcess waits for is logged at info.
    LOG_LEVEL: 'info',
    // The api-gateway's shared throttles: the test's own Redis keys, and limits no test's loopback sign-ups reach
    // (throttles.e2e-spec sets its own).
    REDIS_URL: process.env.GSM_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `${prefix}:`,
    REGISTER_MAX_PER_HOUR: '100000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    SESSION_RATE_LIMIT_PER_MINUTE: '1000000',
    ...extra,
  };
}
