import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP load balancer in front of the replicas of one service, as a Kubernetes Service or a reverse proxy
 * would be: each new connection goes to the next backend in turn; a backend that refuses the connection is skipped
 * (the next one is tried). When a backend dies its connections close, and the clients' next connections go to
 * the replicas still alive.
 */
export class TcpBalancer {
  private readonly sockets = new Set<Socket>();
  private next = 0;
  /** Open connections per backend port. */
  readonly active = new Map<number, number>();
  /** Connections accepted per backend port, in total. */
  readonly accepted = new Map<number, number>();
  /** Client connections dropped because no backend accepted them. */
  refused = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly backends: number[],
  ) {}

  static async start(backends: number[]): Promise<TcpBalancer> {
    const holder: { lb?: TcpBalancer } = {};
    const server = createServer((client) => holder.lb?.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    holder.lb = new TcpBalancer(server, (server.address() as { port: number }).port, backends);
    return holder.lb;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    client.pause();
    const first = this.next++ % this.backends.length;
    const tryBackend = (attempt: number): void => {
      if (attempt >= this.backends.length) {
        this.refused++;
        client.destroy();
        return;
      }
      const port = this.backends[(first + attempt) % this.backends.length]!;
      const upstream = connect({ host: '127.0.0.1', port });
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        if (client.destroyed) {
          upstream.destroy();
          return;
        }
        this.sockets.add(upstream);
        this.active.set(port, (this.active.get(port) ?? 0) + 1);
        this.accepted.set(port, (this.accepted.get(port) ?? 0) + 1);
        upstream.on('close', () => {
          this.sockets.delete(upstream);
          this.active.set(port, (this.active.get(port) ?? 1) - 1);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected) tryBackend(attempt + 1);
      });
    };
    tryBackend(0);
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
