import type { Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers (without its Content-Security-Policy: the dashboard's is set by web-app.ts), recorded once from
 * helmet itself and replayed per request: its twelve middlewares computed the same static values on every request.
 */
export function securityHeaders(): (res: Response) => void {
  const calls = securityHeaderCalls();
  return (res) => {
    for (const [name, value] of calls) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
  };
}

/** helmet's header writes in order: [name, value], or [name, undefined] for a header it removes. */
export function securityHeaderCalls(): [string, string | undefined][] {
  const calls: [string, string | undefined][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => calls.push([name, value]),
    removeHeader: (name: string) => calls.push([name, undefined]),
  };
  let failed: unknown;
  helmet({ contentSecurityPolicy: false })({} as never, recorder as never, (error?: unknown) => (failed = error));
  if (failed) throw failed as Error;
  return calls;
}
