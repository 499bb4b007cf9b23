/*
 * The bare baseline of bench:api: a `node:http` server in its own process (as the api-gateway is), answering every
 * request with the exact status, headers and body bytes captured once from the real route. No routing, no parsing, no
 * framework: what one Node process can serve of the same answer on this machine, in the same run.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Headers node:http writes itself (or that describe the connection, not the answer). */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const SERVER = `
const http = require('node:http');
const body = Buffer.from(process.env.BARE_BODY, 'base64');
const headers = JSON.parse(process.env.BARE_HEADERS);
headers['content-length'] = String(body.length);
const status = Number(process.env.BARE_STATUS);
const server = http.createServer((req, res) => {
  res.writeHead(status, headers);
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The answer of one real request: status, the headers the application set and the body bytes. */
export async function capture(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const own: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) own[name] = value;
  });
  return { status: res.status, headers: own, body };
}

export interface BareServer {
  base: string;
  pid: number;
  stop(): void;
}

/** Starts the bare server with `nodeOptions` (the api-gateway's, so both run with the same V8 settings). */
export async function startBareServer(answer: CapturedAnswer, nodeOptions: string): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_OPTIONS: nodeOptions,
      BARE_BODY: answer.body.toString('base64'),
      BARE_HEADERS: JSON.stringify(answer.headers),
      BARE_STATUS: String(answer.status),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /port (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare node:http server exited with ${code} before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
