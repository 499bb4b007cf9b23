import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import helmet from 'helmet';
import { securityHeaders } from './security-headers';

/** The headers a real node:http answer carries after `apply` ran on it (Date and the connection's own left out). */
async function answerHeaders(apply: (res: ServerResponse) => void): Promise<[string, string][]> {
  const server = createServer((_req, res) => {
    res.setHeader('X-Powered-By', 'Express');
    apply(res);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await res.text();
    return [...res.headers.entries()].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  it("answers with exactly helmet's headers (without its CSP), X-Powered-By removed", async () => {
    const middleware = helmet({ contentSecurityPolicy: false });
    const viaHelmet = await answerHeaders((res) => middleware({} as never, res as never, () => undefined));
    const replay = securityHeaders();
    const replayed = await answerHeaders((res) => replay(res as unknown as Response));

    expect(replayed).toEqual(viaHelmet);
    const names = replayed.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['strict-transport-security', 'x-content-type-options']));
    expect(names).not.toContain('x-powered-by');
    expect(names).not.toContain('content-security-policy');
  });
});
