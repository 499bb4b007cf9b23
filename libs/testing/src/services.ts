import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect as tcpConnect } from 'node:net';

/** Where the test services came from. */
export type ServiceSource = 'environment' | 'testcontainers' | 'local-defaults';

export interface TestServices {
  /** A PostgreSQL URL with rights to create databases; tests never write to its own database. */
  databaseUrl: string;
  natsUrl: string;
  source: ServiceSource;
  /** Stops what was started for the run (Testcontainers only). */
  stop(): Promise<void>;
}

export const LOCAL_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
export const LOCAL_NATS_URL = 'nats://127.0.0.1:4222';

/** Resolves when a TCP connection to host:port succeeds within the timeout. */
export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when a Docker engine answers its ping (DOCKER_HOST over TCP, or the local socket). */
export function dockerEngineAnswers(timeoutMs = 1000): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  let target: { socketPath?: string; host?: string; port?: number };
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace('tcp://', 'http://'));
    target = { host: url.hostname, port: Number(url.port || 2375) };
  } else {
    const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
    if (!existsSync(socketPath)) return Promise.resolve(false);
    target = { socketPath };
  }
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function startContainers(): Promise<TestServices> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const postgres = await new GenericContainer('timescale/timescaledb:latest-pg16')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const nats = await new GenericContainer('nats:2').withCommand(['-js']).withExposedPorts(4222).start();
  return {
    databaseUrl: `postgresql://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    source: 'testcontainers',
    stop: async () => {
      await Promise.all([postgres.stop(), nats.stop()]);
    },
  };
}

/**
 * Finds PostgreSQL and NATS for tests, in this order: DATABASE_URL / NATS_URL from the environment;
 * Testcontainers when a Docker engine answers; the local defaults 127.0.0.1:5432 and 127.0.0.1:4222;
 * otherwise it fails, saying what is missing and how to provide it.
 */
export async function resolveTestServices(env: NodeJS.ProcessEnv = process.env): Promise<TestServices> {
  const none = async (): Promise<void> => undefined;
  if (env.DATABASE_URL && env.NATS_URL) {
    return { databaseUrl: env.DATABASE_URL, natsUrl: env.NATS_URL, source: 'environment', stop: none };
  }
  if (!env.DATABASE_URL && !env.NATS_URL && (await dockerEngineAnswers())) return startContainers();
  const [pg, nats] = await Promise.all([
    env.DATABASE_URL ? Promise.resolve(true) : canConnect('127.0.0.1', 5432),
    env.NATS_URL ? Promise.resolve(true) : canConnect('127.0.0.1', 4222),
  ]);
  const missing: string[] = [];
  if (!pg) missing.push('PostgreSQL (set DATABASE_URL, or run it on 127.0.0.1:5432)');
  if (!nats) missing.push('NATS with JetStream (set NATS_URL, or run `nats-server -js` on 127.0.0.1:4222)');
  if (missing.length > 0) {
    throw new Error(
      `Integration tests need ${missing.join(' and ')}. No Docker engine answered either, so Testcontainers ` +
        'could not start them. On Debian: apt-get install postgresql nats-server, or run `bash .ci/run`, which starts both.',
    );
  }
  return {
    databaseUrl: env.DATABASE_URL ?? LOCAL_DATABASE_URL,
    natsUrl: env.NATS_URL ?? LOCAL_NATS_URL,
    source: env.DATABASE_URL || env.NATS_URL ? 'environment' : 'local-defaults',
    stop: none,
  };
}
