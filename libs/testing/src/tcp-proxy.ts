import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy a test can cut and restore, to make one service lose PostgreSQL (or anything else) without
 * stopping the shared server. `cut()` drops every connection and refuses new ones; `restore()` accepts again.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private open = true;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const holder: { proxy?: TcpProxy } = {};
    const server = createServer((client) => {
      const proxy = holder.proxy;
      if (!proxy?.open) {
        client.destroy();
        return;
      }
      const upstream = connect({ host: targetHost, port: targetPort });
      for (const s of [client, upstream]) {
        proxy.sockets.add(s);
        s.on('close', () => proxy.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    holder.proxy = new TcpProxy(server, (server.address() as { port: number }).port);
    return holder.proxy;
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.open = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
