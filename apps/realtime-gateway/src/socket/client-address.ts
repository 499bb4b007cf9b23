import type { IncomingMessage } from 'node:http';

/**
 * The client's address of a request: the TCP peer's, or with `trustedProxies` > 0 the address that many hops back
 * in X-Forwarded-For (Express' `trust proxy` with a hop count): a client cannot pick its own address by sending
 * the header when no proxy is trusted, nor by prepending entries when one is.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? '';
  if (trustedProxies <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(trustedProxies, chain.length - 1)]!;
}
