import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { World } from '../world/world';
import type { FaultSet } from './faults';
import { runFrmEndpoint } from './frm-runner';
import { hostileAnswer } from './hostile';

export interface FrmContext {
  world: World;
  faults: FaultSet;
  frmToken: string;
}

const CORS = { 'Access-Control-Allow-Origin': '*' };

/** Answers FRM's HTTP routes (reference 2.3): `GET /<endpoint>`, `GET /api/<endpoint>`, POST for writes. */
export function handleFrmHttp(ctx: FrmContext, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://frm');
  const send = (status: number, body: unknown): void => {
    let text = JSON.stringify(body);
    if (ctx.faults.appliesTo('malformed_json', 'frm')) text = text.slice(0, Math.max(1, text.length >> 1));
    res.writeHead(status, { ...CORS, Connection: 'close', 'Content-Type': 'application/json' });
    if (ctx.faults.appliesTo('reset', 'frm')) {
      // Plain HTTP: the socket under the response is the TCP socket itself.
      res.write(text.slice(0, text.length >> 1), () => res.socket?.resetAndDestroy());
      return;
    }
    res.end(text);
  };
  if (req.method === 'OPTIONS') {
    res
      .writeHead(204, {
        ...CORS,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, X-FRM-Authorization',
        Connection: 'close',
      })
      .end();
    return;
  }
  if (url.pathname === '/' && req.method === 'GET') {
    res.writeHead(301, { ...CORS, Location: '/index.html', Connection: 'close' }).end();
    return;
  }
  if (url.pathname === '/getCoffee') {
    res.writeHead(418, { ...CORS, Connection: 'close', 'Content-Type': 'text/plain' }).end("I'm a teapot");
    return;
  }
  const endpoint = url.pathname.replace(/^\/(api\/)?/, '');
  const hostile = req.method === 'GET' ? hostileAnswer(ctx.faults, 'frm', endpoint) : null;
  if (hostile) return hostile(res, { ...CORS, Connection: 'close' });
  ctx.world.advanceTo(Date.now());
  const outcome = runFrmEndpoint(ctx.world, endpoint, req.method === 'POST' ? 'POST' : 'GET', {
    loading: ctx.faults.has('loading'),
    authorized: req.headers['x-frm-authorization'] === ctx.frmToken,
  });
  if (req.method === 'POST') {
    // FRM reads POST bodies as JSON; a broken one is refused before the endpoint runs.
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      try {
        JSON.parse(raw || '{}');
        send(outcome.status, outcome.body);
      } catch {
        send(400, { error: 'Invalid Request Body' });
      }
    });
    return;
  }
  send(outcome.status, outcome.body);
}

/**
 * FRM's WebSocket (same port as HTTP on current FRM): `{"action":"subscribe","endpoints":[...]}` and
 * `unsubscribe`; every push cycle one message per subscribed endpoint, `{"endpoint": name, "data": [...]}`;
 * getSessionInfo (an object endpoint) is sent unwrapped. No acknowledgements; bad messages are ignored.
 */
export class FrmSocketHub {
  readonly wss = new WebSocketServer({ noServer: true });
  private readonly subscriptions = new Map<WebSocket, Set<string>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: FrmContext,
    private readonly pushCycleMs: number,
  ) {
    this.wss.on('connection', (socket) => {
      this.subscriptions.set(socket, new Set());
      socket.on('message', (data) => this.onMessage(socket, data.toString()));
      socket.on('close', () => this.subscriptions.delete(socket));
      socket.on('error', () => this.subscriptions.delete(socket));
    });
  }

  start(): void {
    this.timer ??= setInterval(() => this.push(), this.pushCycleMs);
    this.timer.unref();
  }

  private onMessage(socket: WebSocket, text: string): void {
    let message: { action?: unknown; endpoints?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const list = typeof message.endpoints === 'string' ? [message.endpoints] : message.endpoints;
    if (!Array.isArray(list)) return;
    const subs = this.subscriptions.get(socket);
    for (const endpoint of list) {
      if (typeof endpoint !== 'string' || !subs) continue;
      if (message.action === 'subscribe') subs.add(endpoint);
      if (message.action === 'unsubscribe') subs.delete(endpoint);
    }
  }

  /** Sends one message per subscribed endpoint to every client (also called directly by tests). */
  push(): void {
    if (this.subscriptions.size === 0) return;
    this.ctx.world.advanceTo(Date.now());
    for (const [socket, endpoints] of this.subscriptions) {
      for (const endpoint of endpoints) {
        const outcome = runFrmEndpoint(this.ctx.world, endpoint, 'GET', {
          loading: this.ctx.faults.has('loading'),
          authorized: true,
        });
        const message =
          outcome.status !== 200 || endpoint === 'getSessionInfo' ? outcome.body : { endpoint, data: outcome.body };
        socket.send(JSON.stringify(message));
      }
    }
  }

  /** Closes every client connection (the add-on port closing). */
  disconnectAll(): void {
    for (const socket of this.subscriptions.keys()) socket.terminate();
    this.subscriptions.clear();
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.disconnectAll();
    this.wss.close();
  }
}
