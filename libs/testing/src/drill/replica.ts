import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../service-process';
import { sleep } from './infra';

/** The five services of the platform. */
export type ServiceName = 'api-gateway' | 'realtime-gateway' | 'poller' | 'alerting' | 'billing-limits';

/** One line a replica wrote, with when it arrived. */
export interface LogLine {
  at: number;
  text: string;
}

const KEEP_LINES = 5000;

/**
 * One replica of a service as its own process (`apps/<app>/dist/main.js`) on a fixed port, its output appended to a
 * log file and the recent lines kept in memory. It can be killed (kill -9 for the drills) and started again on the
 * same port; an exit the drill did not cause is remembered as a crash.
 */
export class Replica {
  private child: ChildProcess | undefined;
  private readonly lines: LogLine[] = [];
  private readonly log: WriteStream;
  private expectingExit = false;
  /** Exits nobody asked for: the replica crashed. */
  readonly crashes: { at: number; code: number | null; signal: NodeJS.Signals | null; tail: string[] }[] = [];

  constructor(
    readonly app: ServiceName,
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string>,
    logDir: string,
  ) {
    this.log = createWriteStream(join(logDir, `${app}-${index + 1}.log`), { flags: 'a' });
    this.log.on('error', () => undefined);
  }

  private write(chunk: Buffer | string): void {
    if (!this.log.writableEnded) this.log.write(chunk);
  }

  /** `api-gateway#1`. */
  get name(): string {
    return `${this.app}#${this.index + 1}`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.alive ? this.child?.pid : undefined;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once it logs `<app> ready`. */
  async start(timeoutMs = 120_000): Promise<void> {
    if (this.alive) return;
    const main = join(REPO_ROOT, 'apps', this.app, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} does not exist: run \`npm run build\` first`);
    const child = spawn(process.execPath, [main], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.expectingExit = false;
    const since = Date.now();
    let partial = '';
    const collect = (chunk: Buffer): void => {
      this.write(chunk);
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      const at = Date.now();
      for (const line of parts) if (line) this.lines.push({ at, text: line });
      if (this.lines.length > KEEP_LINES) this.lines.splice(0, this.lines.length - KEEP_LINES);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code, signal) => {
      this.write(`--- [drill] ${this.name} exited (code ${code}, signal ${signal}) at ${new Date().toISOString()}\n`);
      if (!this.expectingExit)
        this.crashes.push({ at: Date.now(), code, signal, tail: this.lines.slice(-30).map((l) => l.text) });
    });
    const ready = `"msg":"${this.app} ready"`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.lines.some((l) => l.at >= since && l.text.includes(ready))) {
        return;
      }
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `${this.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n` +
            this.lines
              .slice(-20)
              .map((l) => l.text)
              .join('\n'),
        );
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready within ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  /** Sends a signal (kill -9 by default) and waits for the exit; not counted as a crash. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    this.expectingExit = true;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** GET /metrics, or '' when the replica does not answer. */
  async metrics(timeoutMs = 2000): Promise<string> {
    if (!this.alive) return '';
    try {
      const res = await fetch(`${this.url}/metrics`, { signal: AbortSignal.timeout(timeoutMs) });
      return res.ok ? await res.text() : '';
    } catch {
      return '';
    }
  }

  /** GET /health/ready answered 200. */
  async ready(timeoutMs = 2000): Promise<boolean> {
    if (!this.alive) return false;
    try {
      const res = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  }

  /** Clean-up: kill -9 if it still runs, close the log. */
  async close(): Promise<void> {
    await this.kill('SIGKILL').catch(() => undefined);
    if (!this.log.writableEnded) this.log.end();
  }
}
