import { X509Certificate } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { MiB } from './answer-limits';
import { BoundedMap } from './bounded-map';
import { GameClientError } from './errors';
import { GameTransport } from './https-transport';

async function certificate(): Promise<{ cert: string; key: string; fingerprint: string }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    days: 1,
  } as Parameters<typeof generate>[1]);
  return { cert: pems.cert, key: pems.private, fingerprint: new X509Certificate(pems.cert).fingerprint256 };
}

describe('BoundedMap', () => {
  it('forgets the oldest entry beyond its size; setting a key again makes it the newest', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      map.set(k, v);
    map.set('a', 10);
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.has('b')).toBe(false);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([10, 3, 4]);
    expect(map.delete('c')).toBe(true);
    expect(() => new BoundedMap(0)).toThrow(RangeError);
  });

  it('stays at its bound however many keys pass through it', () => {
    const map = new BoundedMap<number, number>(10_000);
    for (let i = 0; i < 100_000; i++) map.set(i, i);
    expect(map.size).toBe(10_000);
    expect(map.has(89_999)).toBe(false);
    expect(map.get(99_999)).toBe(99_999);
  });
});

describe('GameTransport over real TLS on loopback', () => {
  const servers: Server[] = [];
  let tls: Awaited<ReturnType<typeof certificate>>;
  const listen = async (handler: Parameters<typeof createServer>[1]): Promise<number> => {
    const server = createServer({ cert: tls.cert, key: tls.key }, handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return (server.address() as AddressInfo).port;
  };
  const ok = (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');

  beforeAll(async () => {
    tls = await certificate();
  });
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('remembers the fingerprints of at most maxSeen origins (GameTransport.seen is bounded)', async () => {
    const transport = new GameTransport({ maxSeen: 2 });
    const ports = [await listen(ok), await listen(ok), await listen(ok)];
    for (const port of ports) {
      await transport.send(
        `https://127.0.0.1:${port}/api/v1`,
        { method: 'POST', body: '{}', timeoutMs: 3000 },
        'https',
      );
    }
    expect(transport.fingerprintOf('127.0.0.1', ports[0]!)).toBeNull();
    expect(transport.fingerprintOf('127.0.0.1', ports[1]!)).toBe(tls.fingerprint);
    expect(transport.fingerprintOf('127.0.0.1', ports[2]!)).toBe(tls.fingerprint);
    await transport.close();
  });

  it('aborts an HTTPS answer streamed past the cap (chunked, no Content-Length)', async () => {
    let written = 0;
    let closed = false;
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => (closed = true));
      const block = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        while (!res.destroyed && written < 300 * MiB) {
          written += block.length;
          if (!res.write(block)) return void res.once('drain', write);
        }
        res.end();
      };
      res.write('[');
      write();
    });
    const transport = new GameTransport({ answerCaps: { answerBytes: 128 * 1024 } });
    const error = await transport
      .send(
        `https://127.0.0.1:${port}/api/v1`,
        { method: 'POST', body: '{}', timeoutMs: 10_000 },
        'https',
        'HealthCheck',
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GameClientError);
    expect(error).toMatchObject({ code: 'answer_too_large', details: { transport: 'https' } });
    expect((error as Error).message).toContain('answer too large: HealthCheck sent more than 128 KiB');
    await new Promise((r) => setTimeout(r, 200));
    expect(closed).toBe(true);
    expect(written).toBeLessThan(32 * MiB);
    await transport.close();
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * MiB) });
      res.write('[');
    });
    const transport = new GameTransport();
    await expect(
      transport.send(
        `https://127.0.0.1:${port}/api/v1`,
        { method: 'POST', timeoutMs: 5000 },
        'https',
        'QueryServerState',
      ),
    ).rejects.toMatchObject({ code: 'answer_too_large', message: expect.stringContaining('Content-Length') });
    await transport.close();
  });
});
