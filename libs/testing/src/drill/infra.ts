import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  type WriteStream,
} from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Parent pid of a process (from /proc), or null when it is gone. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

/** The direct children of a process (from /proc). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (parentOf(Number(entry)) === pid) out.push(Number(entry));
  }
  return out;
}

/** uid/gid of an OS user (from /etc/passwd), or null. */
function userIds(name: string): { uid: number; gid: number } | null {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':');
      if (user === name) return { uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // no /etc/passwd
  }
  return null;
}

function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  if (found) return join(found, '..');
  throw new Error('no PostgreSQL server binaries found (looked in /usr/lib/postgresql/<version>/bin and the PATH)');
}

/** Which signal `stop()` sends: `fast` (SIGINT: abort transactions, shut down cleanly) or `immediate` (SIGQUIT). */
export type PostgresStop = 'fast' | 'immediate';

/**
 * A PostgreSQL cluster of the drills' own, never the machine's shared one: `initdb` into a private directory
 * (trust authentication, loopback only, a private Unix socket directory), the postmaster started as a child
 * process. As root it runs as the `postgres` OS user (PostgreSQL refuses root), the data directory owned by it.
 * It can be stopped and started again on the same port and data directory, and paused (SIGSTOP to the postmaster
 * and every backend) and resumed.
 */
export class PrivatePostgres {
  private child: ChildProcess | undefined;
  private paused: number[] = [];
  private readonly bin = findPostgresBin();
  private readonly ids: { uid: number; gid: number } | null;
  private readonly log: WriteStream;

  constructor(
    readonly dir: string,
    readonly port: number,
    logFile: string,
  ) {
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    this.ids = asRoot ? userIds('postgres') : null;
    if (asRoot && !this.ids)
      throw new Error('running as root, but there is no `postgres` OS user to run PostgreSQL as');
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.log.on('error', () => undefined);
  }

  private write(chunk: Buffer | string): void {
    if (!this.log.writableEnded) this.log.write(chunk);
  }

  /** The URL of a database of this cluster. */
  url(database = 'gsm'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  private spawnOptions(): { uid?: number; gid?: number; cwd: string; env: NodeJS.ProcessEnv } {
    return {
      ...(this.ids ? { uid: this.ids.uid, gid: this.ids.gid } : {}),
      cwd: this.dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: this.dir, LC_ALL: 'C' },
    };
  }

  /** Creates the cluster (once) and the `gsm` database, and starts it. */
  async init(): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    if (this.ids) chownSync(this.dir, this.ids.uid, this.ids.gid);
    const data = join(this.dir, 'data');
    if (!existsSync(join(data, 'PG_VERSION'))) {
      const result = spawnSync(
        join(this.bin, 'initdb'),
        ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
        { ...this.spawnOptions(), encoding: 'utf8' },
      );
      this.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      if (result.status !== 0) throw new Error(`initdb failed (${result.status}): ${result.stderr}`);
    }
    await this.start();
    const client = new Client({ connectionString: this.url('postgres') });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'gsm'`);
      if (rows.length === 0) await client.query('CREATE DATABASE gsm');
    } finally {
      await client.end();
    }
  }

  /** Starts the postmaster and resolves once it accepts connections. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.running) return;
    const child = spawn(
      join(this.bin, 'postgres'),
      [
        '-D',
        join(this.dir, 'data'),
        '-p',
        String(this.port),
        '-k',
        this.dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        // Only a process is ever killed here, never the machine: the page cache keeps what was written.
        '-c',
        'fsync=off',
        '-c',
        'log_min_messages=warning',
      ],
      { ...this.spawnOptions(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    child.stdout?.on('data', (c: Buffer) => this.write(c));
    child.stderr?.on('data', (c: Buffer) => this.write(c));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode} at start`);
      if (await this.accepts()) return;
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within ${timeoutMs} ms`);
      await sleep(100);
    }
  }

  private async accepts(): Promise<boolean> {
    const client = new Client({ connectionString: this.url('postgres'), connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Stops the postmaster (fast shutdown by default) and waits for it and its backends to exit. */
  async stop(mode: PostgresStop = 'fast', timeoutMs = 20_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    if (this.paused.length) this.resume();
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /** SIGSTOP to the postmaster first (so it forks nothing new), then to every process it started. */
  pause(): number[] {
    const pid = this.pid;
    if (!pid) throw new Error('postgres is not running');
    process.kill(pid, 'SIGSTOP');
    const children = childrenOf(pid);
    for (const c of children) {
      try {
        process.kill(c, 'SIGSTOP');
      } catch {
        // exited meanwhile
      }
    }
    this.paused = [pid, ...children];
    return this.paused;
  }

  /** SIGCONT to every process `pause()` stopped (backends first, the postmaster last). */
  resume(): void {
    for (const p of [...this.paused].reverse()) {
      try {
        process.kill(p, 'SIGCONT');
      } catch {
        // exited meanwhile
      }
    }
    this.paused = [];
  }

  /** Clean-up: resumes, then stops (SIGKILL when it does not go). */
  async close(): Promise<void> {
    await this.stop('fast', 10_000).catch(() => undefined);
    if (!this.log.writableEnded) this.log.end();
  }
}

/** What the drill platform needs of its NATS: one private nats-server or a private three-node cluster. */
export interface DrillNats {
  /** The client URL(s), comma-separated (what NATS_URL takes). */
  readonly url: string;
  /** True while every node runs. */
  readonly running: boolean;
  /** The pid of the single server, or of the first node of a cluster. */
  readonly pid: number | undefined;
  /** Starts whatever does not run, and resolves once it is ready. */
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/** The nats-server binary (Debian installs it in /usr/sbin). */
export function findNatsServer(): string {
  for (const dir of [
    '/usr/sbin',
    '/usr/local/bin',
    '/usr/local/sbin',
    '/usr/bin',
    ...(process.env.PATH ?? '').split(':'),
  ])
    if (dir && existsSync(join(dir, 'nats-server'))) return join(dir, 'nats-server');
  throw new Error('nats-server not found (looked in /usr/sbin and the PATH)');
}

/**
 * A nats-server of the drills' own (JetStream, file store in a private directory, loopback only), started as a
 * child process; stopped and started again on the same port and store directory for the restart drill.
 */
export class PrivateNats implements DrillNats {
  private child: ChildProcess | undefined;
  private readonly binary = findNatsServer();
  private readonly log: WriteStream;

  constructor(
    readonly dir: string,
    readonly port: number,
    logFile: string,
    /** Named in errors (a cluster's node name). */
    readonly name = 'nats-server',
    /** More nats-server arguments (a cluster node's name, cluster port and routes). */
    private readonly extraArgs: string[] = [],
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.log.on('error', () => undefined);
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts nats-server and resolves once it says it is ready. */
  async start(timeoutMs = 20_000): Promise<void> {
    if (this.running) return;
    mkdirSync(this.dir, { recursive: true });
    const args = ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dir, ...this.extraArgs];
    const child = spawn(this.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let text = '';
    const collect = (c: Buffer): void => {
      if (!this.log.writableEnded) this.log.write(c);
      if (text.length < 100_000) text += c.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const deadline = Date.now() + timeoutMs;
    while (!text.includes('Server is ready')) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}: ${text.slice(-2000)}`);
      if (Date.now() > deadline)
        throw new Error(`${this.name} was not ready within ${timeoutMs} ms: ${text.slice(-2000)}`);
      await sleep(50);
    }
  }

  /** Stops nats-server (SIGTERM: a clean shutdown; SIGKILL: a crash) and waits for it to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.stop('SIGTERM', 5000).catch(() => undefined);
    if (!this.log.writableEnded) this.log.end();
  }
}
