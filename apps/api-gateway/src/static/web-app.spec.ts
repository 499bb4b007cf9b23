import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import express from 'express';
import { contentSecurityPolicy } from './csp';
import { serveWebApp } from './web-app';

/** The dashboard's files as the api-gateway serves them: precompressed copies to browsers that take them. */
describe('serving the built dashboard', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  const script = 'console.log("the dashboard");'.repeat(100);
  let base = '';
  let close: () => void;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'index-abc.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'assets', 'plain-abc.css'), 'body{}');
    writeFileSync(join(dir, 'secret.txt.br'), 'not an asset');
    const app = express();
    serveWebApp(app as unknown as INestApplication, dir);
    await new Promise<void>((done) => {
      const server = app.listen(0, '127.0.0.1', () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        done();
      });
      close = () => {
        server.closeAllConnections();
        server.close();
      };
    });
  });
  afterAll(() => close());

  const get = (path: string, encoding: string) =>
    fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } }).then(async (res) => ({
      res,
      body: Buffer.from(await res.arrayBuffer()),
    }));

  it('sends the Brotli copy to a browser that takes br, with the type and cache headers of the asset', async () => {
    // fetch() decodes the body; Content-Encoding and Content-Length show what went over the wire.
    const { res, body } = await get('/assets/index-abc.js', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(body.toString()).toBe(script);
    expect(Number(res.headers.get('content-length'))).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a browser without Brotli, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gz.body.toString()).toBe(script);
    const plain = await get('/assets/index-abc.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(script);
  });

  it('serves a file without a compressed copy as it is, and never a copy outside assets/', async () => {
    const css = await get('/assets/plain-abc.css', 'br');
    expect(css.res.headers.get('content-encoding')).toBeNull();
    expect(css.body.toString()).toBe('body{}');
    const outside = await get('/assets/..%2Fsecret.txt', 'br');
    expect(outside.body.toString()).not.toContain('not an asset');
  });

  it('sends the Content-Security-Policy with the page, deep links and assets, not on API paths', async () => {
    for (const path of ['/', '/share/gsm_p_abc', '/assets/index-abc.js', '/assets/plain-abc.css']) {
      const { res } = await get(path, 'br');
      expect([path, res.headers.get('content-security-policy')]).toEqual([path, contentSecurityPolicy()]);
    }
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    expect(contentSecurityPolicy('https://live.example.com')).toContain(
      "connect-src 'self' https://live.example.com wss://live.example.com;",
    );
    const api = await fetch(`${base}/api/v1/nothing`);
    expect(api.headers.get('content-security-policy')).not.toBe(contentSecurityPolicy());
  });
});
