import { createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP port that can be opened and closed at run time (faults) and keeps its number once known. Accepted
 * sockets go to `dispatch`; closing destroys them, as a stopped process would.
 */
export class TcpListener {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly host: string,
    public port: number,
    private readonly dispatch: (socket: Socket) => void,
  ) {}

  get isOpen(): boolean {
    return this.server !== undefined;
  }

  async open(): Promise<number> {
    if (this.server) return this.port;
    const server = createServer({ noDelay: true }, (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      this.dispatch(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: this.host, port: this.port, backlog: 511 }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
    return this.port;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Destroys the open connections without closing the port. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
