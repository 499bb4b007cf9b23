import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { contentSecurityPolicy } from './csp';

/** Paths the API owns: never answered with the dashboard's index.html (status: the server-rendered status pages). */
const API_PATHS = /^\/(api|health|metrics|socket\.io|status)(\/|$)/;

/** Where the built dashboard is: `WEB_DIST`, else apps/web/dist of this checkout. */
export function webDistDir(configured: string | undefined): string {
  return configured ? resolve(configured) : resolve(__dirname, '../../../web/dist');
}

/**
 * Serves the dashboard (apps/web, built by Vite) from the api-gateway: hashed assets cached for a year, index.html
 * never cached, and every other GET that accepts HTML (a deep link such as /servers/<id>) answered with index.html
 * so the client router takes over. API paths keep their JSON 404s. A missing build is logged once, not fatal: the
 * API works without the dashboard. Every answer carries the dashboard's Content-Security-Policy (`csp`).
 */
export function serveWebApp(app: INestApplication, dir: string, csp = contentSecurityPolicy()): boolean {
  const logger = new Logger('WebApp');
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ dir }, 'the dashboard is not built (npm run build:web); serving the API only');
    return false;
  }
  // Re-read when the file changes: a rebuilt dashboard names new asset files, and a stale index.html would ask for
  // the old ones.
  let index = { mtimeMs: 0, body: Buffer.alloc(0) };
  const currentIndex = (): Buffer => {
    const mtimeMs = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? index.mtimeMs;
    if (mtimeMs !== index.mtimeMs) index = { mtimeMs, body: readFileSync(indexFile) };
    return index.body;
  };
  const assets = express.static(dir, {
    index: false,
    etag: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'Cache-Control',
        path.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const compressed = precompressed(dir);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PATHS.test(req.path)) return next();
    res.setHeader('Content-Security-Policy', csp);
    if (compressed(req, res)) return;
    assets(req, res, () => {
      if (!req.accepts('html') || req.path.startsWith('/assets/')) return next();
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(req.method === 'HEAD' ? undefined : currentIndex());
    });
  });
  logger.log({ dir }, 'serving the dashboard');
  return true;
}

/** The encodings `npm run build:web` writes beside each asset (apps/web/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * Answers a hashed asset with its precompressed copy when the browser takes that encoding (Brotli, else gzip):
 * the first page's JavaScript is about a third of its size on the wire, compressed once at build time instead of
 * on every request. Returns false when there is no copy to send (the plain file is served as before).
 */
export function precompressed(dir: string): (req: Request, res: Response) => boolean {
  const assetsDir = join(dir, 'assets') + sep;
  return (req, res) => {
    if (!req.path.startsWith('/assets/')) return false;
    const file = resolve(dir, '.' + decodeURIComponent(req.path));
    if (!file.startsWith(assetsDir)) return false;
    for (const [encoding, suffix] of ENCODINGS) {
      if (req.acceptsEncodings(encoding) !== encoding) continue;
      const size = statSync(file + suffix, { throwIfNoEntry: false })?.size;
      if (size === undefined) continue;
      res.setHeader('Content-Type', contentType(extname(file)));
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Length', String(size));
      if (req.method === 'HEAD') res.end();
      else res.end(readFileSync(file + suffix));
      return true;
    }
    return false;
  };
}

function contentType(extension: string): string {
  if (extension === '.js' || extension === '.mjs') return 'text/javascript; charset=utf-8';
  if (extension === '.css') return 'text/css; charset=utf-8';
  if (extension === '.json' || extension === '.map') return 'application/json; charset=utf-8';
  if (extension === '.svg') return 'image/svg+xml';
  return 'application/octet-stream';
}
