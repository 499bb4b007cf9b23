import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** Where log lines go; a Nest Logger or pino instance fits. */
export interface MessagingLogger {
  log(message: string, context?: unknown): void;
  warn(message: string, context?: unknown): void;
  error(message: string, context?: unknown): void;
}

/** A logger that drops everything (the default of clients made without one). */
export const silentLogger: MessagingLogger = { log() {}, warn() {}, error() {} };

/**
 * Opens a NATS connection. A service's connection (`reconnect` true, the default) reconnects for ever while the
 * server is briefly away; a tool's fails instead. The error names the servers (without credentials) and the usual
 * fix.
 */
export async function connectNats(
  serverList: string,
  name: string,
  options: { reconnect?: boolean; timeoutMs?: number } = {},
): Promise<NatsConnection> {
  const servers = serverList.split(',').map((s) => s.trim());
  try {
    return await connect(
      options.reconnect === false
        ? { servers, name, reconnect: false, timeout: options.timeoutMs }
        : { servers, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
    );
  } catch (error) {
    const where = servers.map((s) => s.replace(/\/\/[^@/]*@/, '//')).join(', ');
    throw new Error(
      `cannot reach NATS at ${where} (${(error as Error).message}): check NATS_URL and that nats-server runs with JetStream (-js)`,
      { cause: error },
    );
  }
}

/** One service's NATS connection: its JetStream client and manager, readiness across reconnects, drain on close. */
export class MessagingConnection {
  readonly js: JetStreamClient;
  private jsmPromise: Promise<JetStreamManager> | undefined;
  private reconnecting = false;

  constructor(
    readonly nc: NatsConnection,
    private readonly service: string,
    private readonly logger: MessagingLogger,
  ) {
    this.js = jetstream(nc);
  }

  /** The JetStream manager (streams and consumers), made once. */
  jsm(): Promise<JetStreamManager> {
    this.jsmPromise ??= jetstreamManager(this.nc);
    return this.jsmPromise;
  }

  /** True while connected (false when closed, draining or reconnecting). */
  isConnected(): boolean {
    return !this.nc.isClosed() && !this.nc.isDraining() && !this.reconnecting;
  }

  /** Watches connection status so readiness reflects reconnects. */
  watchStatus(): void {
    void (async () => {
      for await (const s of this.nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnecting') this.reconnecting = true;
        if (s.type === 'reconnect') this.reconnecting = false;
        if (s.type === 'disconnect' || s.type === 'reconnect')
          this.logger.warn(`nats ${s.type}`, { service: this.service });
      }
    })().catch(() => undefined);
  }

  /** Drains the connection (in-flight messages are delivered), or closes it when draining fails. */
  async close(): Promise<void> {
    try {
      if (this.nc.isClosed()) return;
      await this.nc.drain();
    } catch {
      await this.nc.close();
    }
  }
}
