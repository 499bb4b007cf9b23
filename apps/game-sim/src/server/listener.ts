import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';

/** The kernel's range for outgoing connections' local ports (Linux; the usual default elsewhere). */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low = NaN, high = NaN] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && high >= low) return [low, high];
  } catch {
    // not Linux
  }
  return [32768, 60999];
}

/**
 * Free ports are picked from [10000, 21000): below the kernel's ephemeral range, above the usual services, and
 * apart from the tests' `freePortRange` (21000-31999, the platform's own ports).
 */
const PICK_FROM = 10_000;
const PICK_BELOW = 21_000;
const PICK_ATTEMPTS = 64;

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

  /**
   * Opens the port. A port still unknown (0) is picked at random below the kernel's ephemeral range, not by the
   * kernel: a port the kernel picks comes from the range outgoing connections take their local ports from, so
   * once a fault closed it, any client's connection (the platform's, a database pool's) could take it and the
   * port could not open again ("EADDRINUSE" when the fault is cleared).
   */
  async open(): Promise<number> {
    if (this.server) return this.port;
    if (this.port !== 0) return this.listen(this.port);
    const below = Math.min(PICK_BELOW, ephemeralPortRange()[0]);
    if (below - PICK_FROM < 1_000) return this.listen(0);
    for (let attempt = 1; ; attempt++) {
      const port = PICK_FROM + Math.floor(Math.random() * (below - PICK_FROM));
      try {
        return await this.listen(port);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'EADDRINUSE' && code !== 'EACCES') || attempt >= PICK_ATTEMPTS) throw error;
      }
    }
  }

  private async listen(port: number): Promise<number> {
    const server = createServer({ noDelay: true }, (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      this.dispatch(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: this.host, port, backlog: 511 }, () => {
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
