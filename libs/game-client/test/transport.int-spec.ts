import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { GameApiClient } from '../src/game-api.client';
import { GameTransport } from '../src/https-transport';

/** A minimal HTTPS game API that counts TLS handshakes and concurrent requests. */
async function countingServer(delayMs: number) {
  // A throwaway self-signed pair made for these tests only (selfsigned's WebCrypto does not run inside Jest's VM).
  const fixture = (name: string): string => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
  const pems = { private: fixture('test-only-key.pem'), cert: fixture('test-only-cert.pem') };
  const stats = { handshakes: 0, active: 0, maxActive: 0, requests: 0 };
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    stats.requests++;
    stats.active++;
    stats.maxActive = Math.max(stats.maxActive, stats.active);
    req.resume();
    setTimeout(() => {
      stats.active--;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"data":{"health":"healthy"}}');
    }, delayMs);
  });
  server.on('secureConnection', () => stats.handshakes++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { server, stats, port };
}

describe('GameTransport', () => {
  it('keeps connections alive: handshakes stop at the pool size, never one per poll', async () => {
    const { server, stats, port } = await countingServer(0);
    const transport = new GameTransport({ connectionsPerOrigin: 2 });
    const api = new GameApiClient(transport, { address: '127.0.0.1', port });
    for (let i = 0; i < 10; i++) await api.healthCheck();
    const afterTen = stats.handshakes;
    for (let i = 0; i < 30; i++) await api.healthCheck();
    expect(stats.requests).toBe(40);
    expect(afterTen).toBeLessThanOrEqual(2);
    expect(stats.handshakes).toBe(afterTen);
    await transport.close();
    server.close();
  });

  it('bounds concurrency per server: ten polls at once use at most two connections', async () => {
    const { server, stats, port } = await countingServer(100);
    const transport = new GameTransport({ connectionsPerOrigin: 2 });
    const api = new GameApiClient(transport, { address: '127.0.0.1', port });
    const results = await Promise.all(Array.from({ length: 10 }, () => api.healthCheck()));
    expect(results.every((r) => r.health === 'healthy')).toBe(true);
    expect(stats.maxActive).toBe(2);
    expect(stats.handshakes).toBe(2);
    await transport.close();
    server.close();
  });
});
