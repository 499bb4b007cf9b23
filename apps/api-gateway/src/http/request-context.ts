import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/** What the audit log records of the request in progress (principals are cached across requests, so not there). */
export interface RequestContext {
  ip: string;
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Express middleware: runs the rest of the request inside its context. Mounted after the request id is set. */
export function requestContext(req: Request, _res: Response, next: NextFunction): void {
  storage.run({ ip: req.ip ?? '', requestId: String((req as unknown as { id?: unknown }).id ?? '') }, next);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
