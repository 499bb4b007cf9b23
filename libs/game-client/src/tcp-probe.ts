import { connect } from 'node:net';

/** Result of a TCP connect: how long it took, or why it failed (refused and timed out are different diagnoses). */
export type TcpProbeResult =
  { ok: true; connectMs: number } | { ok: false; code: 'refused' | 'timeout' | 'unreachable'; message: string };

/** Opens and closes one TCP connection to host:port. */
export function probeTcp(host: string, port: number, timeoutMs = 3000): Promise<TcpProbeResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host, port });
    const finish = (result: TcpProbeResult): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () =>
      finish({ ok: false, code: 'timeout', message: `no answer on TCP ${port} within ${timeoutMs} ms` }),
    );
    socket.once('connect', () => finish({ ok: true, connectMs: performance.now() - started }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED')
        finish({ ok: false, code: 'refused', message: `connection refused on TCP ${port}` });
      else if (error.code === 'ETIMEDOUT')
        finish({ ok: false, code: 'timeout', message: `connection to TCP ${port} timed out` });
      else
        finish({ ok: false, code: 'unreachable', message: `TCP ${port} unreachable (${error.code ?? error.message})` });
    });
  });
}
