import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  decodePoll,
  encodeResponse,
  LightweightQueryError,
  queryServerState,
  type LightweightQueryResponseFields,
} from './lightweight-query';

/** What the fake server does with the n-th poll (0-based): datagrams to send back, in order. */
type Behaviour = (cookie: bigint, n: number) => Buffer[];

interface FakeServer {
  port: number;
  /** Cookies of the polls received, in order. */
  polls: bigint[];
  /** Address and port the polls came from. */
  clients: RemoteInfo[];
  socket: Socket;
}

const LOOPBACK = '127.0.0.1';
const servers: Socket[] = [];

const respond = (cookie: bigint, over: Partial<LightweightQueryResponseFields> = {}): Buffer =>
  encodeResponse({
    cookie,
    stateCode: 3,
    changelist: 366_202,
    flags: 0n,
    subStates: [{ id: 0, version: 17 }],
    serverName: 'Sim',
    ...over,
  });

/** A UDP server on an ephemeral loopback port that answers polls as `behaviour` says. */
async function fakeServer(behaviour: Behaviour, host = LOOPBACK): Promise<FakeServer> {
  const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
  servers.push(socket);
  const server: FakeServer = { port: 0, polls: [], clients: [], socket };
  socket.on('message', (packet, from) => {
    const cookie = decodePoll(packet);
    if (cookie === null) return;
    server.polls.push(cookie);
    server.clients.push(from);
    for (const reply of behaviour(cookie, server.polls.length - 1)) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  server.port = socket.address().port;
  return server;
}

/** A loopback port with nothing listening: bound to learn a free one, then released. */
async function closedPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, LOOPBACK, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

const udpHandles = (): number => process.getActiveResourcesInfo().filter((r) => r === 'UDPWrap').length;

/** Waits for closed sockets to leave libuv's handle list (a loop turn or two after `close()`). */
async function settledUdpHandles(expected = 0): Promise<number> {
  for (let turn = 0; turn < 10 && udpHandles() > expected; turn++) await new Promise((r) => setImmediate(r));
  return udpHandles();
}

async function queryError(promise: Promise<unknown>): Promise<LightweightQueryError> {
  const error: unknown = await promise.then(
    () => new Error('expected the query to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LightweightQueryError);
  return error as LightweightQueryError;
}

// No leaks: once the test's fake servers are closed, every UDP socket the client opened must be gone too.
let baseline = 0;
beforeEach(async () => (baseline = await settledUdpHandles()));
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  expect(await settledUdpHandles(baseline)).toBe(baseline);
});

describe('queryServerState', () => {
  it('returns the decoded response to its poll, with the round-trip time', async () => {
    const server = await fakeServer((cookie) => [respond(cookie)]);
    const result = await queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 500 });
    expect(server.polls).toHaveLength(1);
    expect(result).toMatchObject({ cookie: server.polls[0], state: 'playing', changelist: 366_202, serverName: 'Sim' });
    expect(result.rttMs).toBeGreaterThanOrEqual(0);
    expect(result.rttMs).toBeLessThan(500);
    expect(server.clients[0]?.address).toBe(LOOPBACK);
  });

  it.each([
    [1, 'idle'],
    [2, 'loading'],
    [3, 'playing'],
  ])('decodes state code %i as %s', async (stateCode, state) => {
    const server = await fakeServer((cookie) => [respond(cookie, { stateCode })]);
    await expect(queryServerState({ host: LOOPBACK, port: server.port })).resolves.toMatchObject({ state, stateCode });
  });

  it('resends a fresh poll after each attempt timeout until one is answered', async () => {
    const server = await fakeServer((cookie, n) => (n < 2 ? [] : [respond(cookie)]));
    const started = performance.now();
    const result = await queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 100, attempts: 3 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(server.polls).toHaveLength(3);
    expect(new Set(server.polls).size).toBe(3);
    expect(result.cookie).toBe(server.polls[2]);
    expect(result.rttMs).toBeLessThan(100); // measured from the answered attempt, not from the first one
  });

  it('accepts a late answer to an earlier attempt, timed from that attempt', async () => {
    const server = await fakeServer(() => []);
    const query = queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 100, attempts: 3 });
    await sleep(150); // the second poll is out; answer the first
    server.socket.send(respond(server.polls[0]!), server.clients[0]!.port, LOOPBACK);
    const result = await query;
    expect(result.cookie).toBe(server.polls[0]);
    expect(result.rttMs).toBeGreaterThanOrEqual(140);
  });

  it('fails with timeout after attempts × timeoutMs when the server never answers', async () => {
    const server = await fakeServer(() => []);
    const started = performance.now();
    const error = await queryError(queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 100 }));
    const elapsed = performance.now() - started;
    expect(error.code).toBe('timeout');
    expect(server.polls).toHaveLength(3);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1000);
  });

  it('ignores an answer with another cookie and takes the right one', async () => {
    const server = await fakeServer((cookie) => [
      respond(cookie + 1n, { stateCode: 1, serverName: 'wrong' }),
      respond(cookie, { stateCode: 2 }),
    ]);
    const result = await queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 500 });
    expect(result).toMatchObject({ cookie: server.polls[0], state: 'loading', serverName: 'Sim' });
  });

  it('ignores garbage, then times out', async () => {
    const garbage = [Buffer.from('hello'), Buffer.alloc(0), respond(1n).subarray(0, 20)];
    const server = await fakeServer((cookie) => [...garbage, respond(cookie).subarray(1)]);
    const error = await queryError(queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 100 }));
    expect(error.code).toBe('timeout');
    expect(server.polls).toHaveLength(3);
  });

  it('ignores the right cookie coming from another port', async () => {
    const impostor = await fakeServer(() => []);
    const server = await fakeServer((cookie) => {
      const client = server.clients[0]!;
      impostor.socket.send(respond(cookie, { serverName: 'impostor' }), client.port, client.address);
      return [];
    });
    const query = queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 300, attempts: 1 });
    await sleep(100); // the impostor has answered
    server.socket.send(respond(server.polls[0]!), server.clients[0]!.port, LOOPBACK);
    await expect(query).resolves.toMatchObject({ serverName: 'Sim' });
  });

  it('fails with bad_response when our cookie comes back in a response it cannot decode', async () => {
    const server = await fakeServer((cookie) => {
      const reply = respond(cookie);
      reply[3] = 2; // a protocol version this client does not speak
      return [reply];
    });
    const error = await queryError(queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 500 }));
    expect(error.code).toBe('bad_response');
    expect(error.message).toContain('version 2');
    expect(server.polls).toHaveLength(1); // no point retrying
  });

  it('fails with unreachable when nothing listens on the port (ICMP port unreachable)', async () => {
    const port = await closedPort();
    const started = performance.now();
    const error = await queryError(queryServerState({ host: LOOPBACK, port, timeoutMs: 1000 }));
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain('ECONNREFUSED');
    expect(performance.now() - started).toBeLessThan(1000); // refused at once, no waiting for the timeout
  });

  it('queries over IPv6 when the host is an IPv6 literal', async () => {
    const server = await fakeServer((cookie) => [respond(cookie)], '::1');
    const result = await queryServerState({ host: '0:0:0:0:0:0:0:1', port: server.port, timeoutMs: 500 });
    expect(result.cookie).toBe(server.polls[0]);
    expect(server.clients[0]?.family).toBe('IPv6');
  });

  it('rejects with the abort reason and stops polling when aborted', async () => {
    const server = await fakeServer(() => []);
    const controller = new AbortController();
    const query = queryServerState({ host: LOOPBACK, port: server.port, timeoutMs: 50, signal: controller.signal });
    await sleep(75);
    controller.abort(new Error('shutting down'));
    await expect(query).rejects.toThrow('shutting down');
    const polled = server.polls.length;
    await sleep(100);
    expect(polled).toBeGreaterThanOrEqual(1);
    expect(server.polls).toHaveLength(polled);
  });

  it('rejects an already aborted signal and aborting while connecting', async () => {
    const server = await fakeServer(() => []);
    const options = { host: LOOPBACK, port: server.port };
    await expect(queryServerState({ ...options, signal: AbortSignal.abort() })).rejects.toThrow('aborted');
    const controller = new AbortController();
    const query = queryServerState({ ...options, signal: controller.signal });
    controller.abort();
    await expect(query).rejects.toThrow('aborted');
    await sleep(20);
    expect(server.polls).toHaveLength(0);
  });

  it('refuses invalid options', async () => {
    await expect(queryServerState({ host: 'localhost', port: 7777 })).rejects.toThrow(TypeError);
    await expect(queryServerState({ host: LOOPBACK, port: 0 })).rejects.toThrow(RangeError);
    await expect(queryServerState({ host: LOOPBACK, port: 7777, attempts: 0 })).rejects.toThrow(RangeError);
    await expect(queryServerState({ host: LOOPBACK, port: 7777, timeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});
