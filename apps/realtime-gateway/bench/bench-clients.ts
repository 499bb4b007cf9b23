/*
 * A client process of `npm run bench:realtime` (forked by realtime.bench.ts): opens its share of Socket.IO
 * connections (websocket transport, one engine connection each, as browsers would), joins each to its server's room,
 * and measures, for every `server.poll.v1` it receives, the time from the publish (the event's `time`, set by the
 * publisher just before publishing) to its receipt here. Talks to the parent over the fork IPC channel.
 */
import type { ClientToServerEvents, PollResult, ServerToClientEvents } from '@app/contracts';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

/** Messages from the parent. */
export type ToClients =
  | { type: 'open'; port: number; tokens: string[]; servers: string[]; from: number; to: number; concurrency: number }
  | { type: 'measure'; start: number; end: number }
  | { type: 'report' }
  | { type: 'close' };

/** Messages to the parent. */
export type FromClients =
  | { type: 'opened'; sockets: number; failed: number; errors: string[] }
  | {
      type: 'report';
      /** [latency in whole ms, count] of events published inside the window. */
      histogram: [number, number][];
      /** Events received whose publish time is inside the window. */
      received: number;
      /** Sockets connected at the time of the report. */
      connected: number;
      /** CPU seconds this process used during the window. */
      cpuSeconds: number;
      /** Event-loop delay of this process during the window (ms): what it adds to the latencies it measures. */
      loopDelayP99: number;
      loopDelayMax: number;
    };

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const sockets: BenchSocket[] = [];
/** Latency histogram in whole milliseconds, of events published inside the measured window. */
let histogram = new Map<number, number>();
let received = 0;
let windowStart = Number.POSITIVE_INFINITY;
let windowEnd = Number.POSITIVE_INFINITY;
let cpuAtStart = process.cpuUsage();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const send = (message: FromClients): void => {
  process.send?.(message);
};

function onPoll(poll: PollResult): void {
  const now = Date.now();
  const published = Date.parse(poll.time);
  if (published < windowStart || published > windowEnd) return;
  const ms = Math.max(0, now - published);
  histogram.set(ms, (histogram.get(ms) ?? 0) + 1);
  received++;
}

/** Opens one connection and joins its room; resolves when the snapshot arrived (or with the failure). */
function openOne(port: number, token: string, serverId: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket: BenchSocket = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
    });
    const timer = setTimeout(() => resolve('no snapshot within 60 s'), 60_000);
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      resolve(`connect_error: ${err.message}`);
    });
    socket.once('server.snapshot.v1', () => {
      clearTimeout(timer);
      resolve(null);
    });
    socket.on('server.poll.v1', onPoll);
    socket.once('connect', () => {
      sockets.push(socket);
      socket.emit('room.join.v1', { serverId }, (answer) => {
        if (!answer.ok) {
          clearTimeout(timer);
          resolve(`join refused: ${answer.error}`);
        }
      });
    });
  });
}

async function open(message: Extract<ToClients, { type: 'open' }>): Promise<void> {
  const errors: string[] = [];
  let next = message.from;
  let failed = 0;
  const lane = async (): Promise<void> => {
    while (next < message.to) {
      const i = next++;
      const error = await openOne(
        message.port,
        message.tokens[i % message.tokens.length]!,
        message.servers[i % message.servers.length]!,
      );
      if (error) {
        failed++;
        if (errors.length < 5) errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, lane));
  send({ type: 'opened', sockets: sockets.length, failed, errors });
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'open':
      void open(message);
      break;
    case 'measure':
      histogram = new Map();
      received = 0;
      windowStart = message.start;
      windowEnd = message.end;
      cpuAtStart = process.cpuUsage();
      loopDelay.reset();
      break;
    case 'report': {
      const cpu = process.cpuUsage(cpuAtStart);
      send({
        type: 'report',
        histogram: [...histogram],
        received,
        connected: sockets.filter((s) => s.connected).length,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        loopDelayMax: loopDelay.max / 1e6,
      });
      break;
    }
    case 'close':
      for (const socket of sockets) socket.disconnect();
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
