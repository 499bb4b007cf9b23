import type { ServerResponse } from 'node:http';
import type { FaultSet } from './faults';

/** huge_body's default: 500 MB of JSON. */
export const HUGE_BODY_BYTES = 500_000_000;
/** many_records' default: a million buildings in getFactory. */
export const MANY_RECORDS = 1_000_000;

const BLOCK_BYTES = 64 * 1024;
const RECORDS_PER_CHUNK = 2000;

/**
 * Writes chunks from `next` until it answers null, respecting backpressure, and stops as soon as the client goes away
 * (a client that aborts at its cap costs the simulator nothing more).
 */
function pump(res: ServerResponse, next: () => string | null): void {
  const write = (): void => {
    while (!res.destroyed) {
      const chunk = next();
      if (chunk === null) {
        res.end();
        return;
      }
      if (!res.write(chunk)) {
        res.once('drain', write);
        return;
      }
    }
  };
  write();
}

/** One getFactory building, compact and well formed (the poller's fast path reads it). */
function building(i: number): string {
  return (
    `{"ID":"Build_ConstructorMk1_C_${i}","ClassName":"Build_ConstructorMk1_C","Name":"Constructor",` +
    `"Recipe":"Iron Plate","IsConfigured":true,"IsProducing":true,"IsPaused":false,"Productivity":100,` +
    `"ManuSpeed":100,"location":{"x":${i},"y":${i % 977},"z":0}}`
  );
}

/** huge_body: a JSON array of buildings `bytes` long (about), streamed in 64 KiB blocks without a Content-Length. */
export function streamHugeBody(res: ServerResponse, bytes: number, headers: Record<string, string>): void {
  let block = '';
  for (let i = 0; block.length < BLOCK_BYTES; i++) block += `${building(i)},`;
  let sent = 0;
  let done = false;
  res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  pump(res, () => {
    if (done) return null;
    if (sent === 0) {
      sent += 1;
      return '[';
    }
    if (sent + block.length >= bytes) {
      done = true;
      return `${building(0)}]`;
    }
    sent += block.length;
    return block;
  });
}

/** many_records: getFactory with `count` distinct buildings, streamed as they are rendered. */
export function streamManyRecords(res: ServerResponse, count: number, headers: Record<string, string>): void {
  let i = 0;
  res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  pump(res, () => {
    if (i > count) return null;
    const parts: string[] = [];
    const end = Math.min(count, i + RECORDS_PER_CHUNK);
    for (; i < end; i++) parts.push(building(i));
    const first = i - parts.length === 0;
    const last = i >= count;
    i = last ? count + 1 : i;
    return `${first ? '[' : ','}${parts.join(',')}${last ? ']' : ''}`;
  });
}

/**
 * The hostile answer a fault asks for, if any: `huge_body` on every answer of the interface it applies to,
 * `many_records` on getFactory (FRM's port and the game's `frm` proxy). `endpoint` is the FRM endpoint asked (null
 * for a game API function other than the proxy).
 */
export function hostileAnswer(
  faults: FaultSet,
  target: 'game' | 'frm',
  endpoint: string | null,
): ((res: ServerResponse, headers: Record<string, string>) => void) | null {
  if (faults.appliesTo('huge_body', target)) {
    const bytes = faults.get('huge_body')?.bytes ?? HUGE_BODY_BYTES;
    return (res, headers) => streamHugeBody(res, bytes, headers);
  }
  if (endpoint === 'getFactory' && faults.appliesTo('many_records', target)) {
    const count = faults.get('many_records')?.count ?? MANY_RECORDS;
    return (res, headers) => streamManyRecords(res, count, headers);
  }
  return null;
}

/** The FRM endpoint a game API request body asks through the `frm` proxy, or null. */
export function proxiedEndpoint(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const body = JSON.parse(raw) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return null;
    const entries = Object.entries(body).map(([k, v]) => [k.toLowerCase(), v] as const);
    const fn = entries.find(([k]) => k === 'function')?.[1];
    const endpoint = entries.find(([k]) => k === 'endpoint')?.[1];
    return typeof fn === 'string' && fn.toLowerCase() === 'frm' && typeof endpoint === 'string' ? endpoint : null;
  } catch {
    return null;
  }
}
