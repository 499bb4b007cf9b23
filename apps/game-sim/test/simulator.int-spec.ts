import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import type { X509Certificate } from 'node:crypto';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { decodeResponse, encodePoll, queryServerState } from '@app/game-client';
import { eventually, REPO_ROOT, SimulatorProcess } from '@app/testing';
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { FRM_FIELDS, GENERATOR_ENDPOINT_CLASSES, keysOf, sorted } from './frm-fields';

/** A game-API body as the tests read it (loosely typed on purpose: tests probe its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ApiBody = Record<string, any>;

const insecure = new Agent({ connect: { rejectUnauthorized: false } });

async function game(port: number, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(`https://127.0.0.1:${port}/api/v1`, {
    method: 'POST',
    dispatcher: insecure,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.body.text();
  return {
    status: res.statusCode,
    headers: res.headers,
    body: text === '' ? undefined : (JSON.parse(text) as ApiBody),
  };
}

async function frm(
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

/** An FRM endpoint through the game API's `frm` proxy (raw FRM JSON). */
async function gameFrm(port: number, endpoint: string) {
  const res = await game(port, { function: 'frm', endpoint });
  return { status: res.status, body: res.body as unknown };
}

function fingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerX509Certificate() as X509Certificate;
      socket.end();
      resolve(cert.fingerprint256);
    });
    socket.on('error', reject);
  });
}

describe('the simulated game API', () => {
  let sim: SimulatorProcess;
  let port: number;
  let password: string;
  const login = async (): Promise<string> =>
    (await game(port, { function: 'PasswordLogin', data: { minimumPrivilegeLevel: 'Administrator', password } })).body!
      .data.authenticationToken;

  beforeAll(async () => {
    sim = await SimulatorProcess.start(['--count', '3', '--seed', '5', '--push-cycle', '1']);
    port = sim.server(0).port;
    password = sim.server(0).admin_password;
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('answers HealthCheck with the game headers and envelope', async () => {
    const res = await game(port, { function: 'HealthCheck', data: { clientCustomData: '' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.server).toMatch(/^FactoryGame\/\+\+FactoryGame\+rel-main-1\.1\.0-CL-415558/);
    expect(res.body).toEqual({ data: { health: 'healthy', serverCustomData: '' } });
  });

  it('takes function names and keys in any case, ignores unknown keys, and issues game-shaped tokens', async () => {
    const res = await game(port, {
      FUNCTION: 'passwordlogin',
      data: { MinimumPrivilegeLevel: 'administrator', Password: password, clientCustomData: 'x' },
    });
    const token: string = res.body!.data.authenticationToken;
    const [payload, hex] = token.split('.');
    expect(Buffer.from(payload!, 'base64').toString()).toBe('{\n\t"pl": "Administrator"\n}');
    expect(hex).toMatch(/^[0-9A-F]{64}$/);
  });

  it('sends function errors with HTTP 200, as the game does', async () => {
    const missing = await game(port, { function: 'PasswordLogin', data: {} });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({
      errorCode: 'missing_params',
      errorData: { missingParameters: ['minimumPrivilegeLevel', 'password'], invalidParameters: {} },
    });
    const wrong = await game(port, {
      function: 'PasswordLogin',
      data: { minimumPrivilegeLevel: 'Administrator', password: 'nope' },
    });
    expect([wrong.status, wrong.body!.errorCode]).toEqual([200, 'wrong_password']);
    expect(wrong.body).not.toHaveProperty('errorData');
    const passwordless = await game(port, {
      function: 'PasswordlessLogin',
      data: { minimumPrivilegeLevel: 'Administrator' },
    });
    expect([passwordless.status, passwordless.body!.errorCode]).toEqual([200, 'passwordless_login_not_possible']);
  });

  it('uses the HTTP statuses of the game for token, scope, function and parse errors', async () => {
    expect(await game(port, '{"function": "HealthCheck"')).toMatchObject({
      status: 400,
      body: { errorCode: 'bad_request' },
    });
    expect(await game(port, { function: 'QueryServerState' })).toMatchObject({
      status: 403,
      body: { errorCode: 'insufficient_scope' },
    });
    expect(await game(port, { function: 'QueryServerState' }, { authorization: 'Bearer garbage.00' })).toMatchObject({
      status: 401,
      body: { errorCode: 'invalid_token' },
    });
    expect(await game(port, { function: 'Frobnicate' })).toEqual({
      status: 404,
      headers: expect.anything(),
      body: { errorCode: 'bad_function', errorMessage: "Payload JSON function 'Frobnicate' not found" },
    });
    const token = await login();
    expect(
      (await game(port, { function: 'VerifyAuthenticationToken' }, { authorization: `Bearer ${token}` })).status,
    ).toBe(204);
    await sim.expireTokens(0);
    expect(await game(port, { function: 'QueryServerState' }, { authorization: `Bearer ${token}` })).toMatchObject({
      status: 401,
      body: { errorCode: 'invalid_token', errorMessage: 'Token has expired' },
    });
  });

  it('reports the server state with the game field names', async () => {
    const token = await login();
    const res = await game(port, { function: 'QueryServerState' }, { authorization: `Bearer ${token}` });
    const state = res.body!.data.serverGameState;
    expect(Object.keys(state).sort()).toEqual(
      [
        'activeSessionName',
        'numConnectedPlayers',
        'playerLimit',
        'techTier',
        'activeSchematic',
        'gamePhase',
        'isGameRunning',
        'totalGameDuration',
        'isGamePaused',
        'averageTickRate',
        'autoLoadSessionName',
        'agreeToCrashUploadRequested',
      ].sort(),
    );
    expect(state.gamePhase).toMatch(/GP_Project_Assembly_Phase_\d/);
  });

  it('serves FRM through the frm proxy as raw JSON, with FRM proxy errors', async () => {
    const raw = await game(port, { function: 'frm', endpoint: 'getSessionInfo' });
    expect(raw.status).toBe(200);
    expect(raw.body).toHaveProperty('SessionName');
    expect(raw.headers['content-disposition']).toContain('inline');
    expect((await game(port, { function: 'frm' })).body).toEqual({
      errorCode: 'missing_parameter',
      errorMessage: "Parameter 'endpoint' was not found.",
    });
    expect(await game(port, { function: 'frm', endpoint: 'getNothing' })).toMatchObject({
      status: 404,
      body: { errorCode: 'endpoint_not_found' },
    });
  });

  it('keeps one self-signed certificate per server for its lifetime', async () => {
    const [a, b, other] = await Promise.all([fingerprint(port), fingerprint(port), fingerprint(sim.server(1).port)]);
    expect(a).toBe(b);
    expect(a).not.toBe(other);
  });
});

describe('the simulated FRM add-on', () => {
  let sim: SimulatorProcess;
  let port: number;

  beforeAll(async () => {
    sim = await SimulatorProcess.start(['--count', '2', '--seed', '9', '--push-cycle', '1']);
    port = sim.server(0).addon_http_port;
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('answers its routes with FRM headers and errors', async () => {
    const power = await frm(port, '/getPower');
    expect(power.status).toBe(200);
    expect(power.headers.get('access-control-allow-origin')).toBe('*');
    expect(power.headers.get('connection')).toBe('close');
    expect(Array.isArray(power.body)).toBe(true);
    expect(Object.keys((power.body as object[])[0]!)).toEqual(
      expect.arrayContaining([
        'CircuitGroupID',
        'PowerProduction',
        'BatteryDifferential',
        'BatteryTimeEmpty',
        'FuseTriggered',
      ]),
    );
    expect((await frm(port, '/api/getPower')).status).toBe(200);
    expect(await frm(port, '/getNothing')).toMatchObject({
      status: 404,
      body: { error: 'No matching endpoint found.' },
    });
    const root = await frm(port, '/');
    expect([root.status, root.headers.get('location')]).toEqual([301, '/index.html']);
    expect((await frm(port, '/getCoffee')).status).toBe(418);
    const preflight = await frm(port, '/getPower', { method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type, X-FRM-Authorization');
    expect(await frm(port, '/getPower', { method: 'POST', body: '{}' })).toMatchObject({ status: 405 });
    expect(await frm(port, '/sendChatMessage', { method: 'POST', body: '{"message":"hi"}' })).toMatchObject({
      status: 401,
      body: { error: 'Unauthorized' },
    });
    const session = await frm(port, '/getSessionInfo');
    expect(session.body).toMatchObject({ SessionName: expect.any(String), TotalPlayDuration: expect.any(Number) });
  });

  it('serves every endpoint the platform reads', async () => {
    for (const endpoint of [
      'getPower',
      'getPlayer',
      'getProdStats',
      'getTrains',
      'getDrone',
      'getDroneStation',
      'getFactory',
      'getModList',
      ...Object.keys(FRM_FIELDS).filter((e) => e !== 'getSessionInfo'),
      ...Object.keys(GENERATOR_ENDPOINT_CLASSES),
      'getExplorationSink',
    ]) {
      const res = await frm(port, `/${endpoint}`);
      expect([endpoint, res.status, Array.isArray(res.body)]).toEqual([endpoint, 200, true]);
    }
  });

  it('says "World not ready" with 500 while a save loads', async () => {
    await sim.setFault(1, 'loading');
    expect(await frm(sim.server(1).addon_http_port, '/getPower')).toEqual({
      status: 500,
      headers: expect.anything(),
      body: { error: 'Blocked API call: World not ready.' },
    });
    await sim.clearFaults(1);
  });

  it('pushes subscribed endpoints over its WebSocket, on the HTTP port and on the WS port', async () => {
    for (const wsPort of [port, sim.server(0).addon_ws_port]) {
      const socket = new WebSocket(`ws://127.0.0.1:${wsPort}/`);
      const messages: ApiBody[] = [];
      socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send('not json');
      socket.send(JSON.stringify({ action: 'subscribe', endpoints: ['getPower', 'getSessionInfo'] }));
      await eventually(
        () => messages.some((m) => m.endpoint === 'getPower') && messages.some((m) => 'SessionName' in m),
        5000,
      );
      expect(messages.find((m) => m.endpoint === 'getPower')?.data[0]).toHaveProperty('CircuitGroupID');
      socket.send(JSON.stringify({ action: 'unsubscribe', endpoints: 'getPower' }));
      await new Promise((r) => setTimeout(r, 1200));
      const count = messages.filter((m) => m.endpoint === 'getPower').length;
      await new Promise((r) => setTimeout(r, 1200));
      expect(messages.filter((m) => m.endpoint === 'getPower').length).toBe(count);
      socket.close();
    }
  });
});

describe('the simulated FRM add-on: generators, extractors, drone ports, inventories, sink, session (issue 20)', () => {
  let sim: SimulatorProcess;
  let port: number;
  let control: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- FRM JSON as a client reads it
  type Row = Record<string, any>;
  const rows = async (endpoint: string): Promise<Row[]> => (await frm(port, `/api/${endpoint}`)).body as Row[];
  const patch = (body: unknown) =>
    fetch(`${control}/world`, { method: 'PATCH', body: typeof body === 'string' ? body : JSON.stringify(body) });

  beforeAll(async () => {
    sim = await SimulatorProcess.start(['--count', '1', '--seed', '11', '--push-cycle', '1']);
    port = sim.server(0).addon_http_port;
    control = sim.server(0).control_url;
    await sim.patchWorld(0, { playersOnline: 1 });
  });
  afterAll(async () => {
    await sim.stop();
  });

  it("serves each on FRM's port, under /api/, through the game's frm proxy and over the WebSocket, with the reference's fields", async () => {
    const game = sim.server(0).port;
    for (const [endpoint, fields] of Object.entries(FRM_FIELDS)) {
      for (const answer of [
        await frm(port, `/${endpoint}`),
        await frm(port, `/api/${endpoint}`),
        await gameFrm(game, endpoint),
      ]) {
        expect([endpoint, answer.status]).toEqual([endpoint, 200]);
        const list: Row[] = Array.isArray(answer.body) ? answer.body : [answer.body as Row];
        for (const row of list) expect([endpoint, keysOf(row)]).toEqual([endpoint, sorted(fields)]);
      }
    }
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`);
    const messages: Row[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Row));
    await new Promise((resolve) => socket.once('open', resolve));
    const pushed = ['getGenerators', 'getExtractor', 'getDroneStation', 'getWorldInv', 'getResourceSink'];
    socket.send(JSON.stringify({ action: 'subscribe', endpoints: pushed }));
    await eventually(() => pushed.every((e) => messages.some((m) => m.endpoint === e)), 5000);
    socket.close();
    for (const endpoint of pushed) {
      const data = messages.find((m) => m.endpoint === endpoint)!.data as Row[];
      expect(data.length).toBeGreaterThan(0);
      expect(keysOf(data[0])).toEqual(sorted(FRM_FIELDS[endpoint as keyof typeof FRM_FIELDS]));
    }
  });

  it('agrees with itself: generators add up to getPower, storage to the world inventory, drones name their ports', async () => {
    await sim.patchWorld(0, { playersOnline: 0 }); // paused: the figures hold still between requests
    try {
      const [power, generators, storage, world, stations, drones] = await Promise.all(
        ['getPower', 'getGenerators', 'getStorageInv', 'getWorldInv', 'getDroneStation', 'getDrone'].map(rows),
      );
      for (const circuit of power!) {
        const mine = generators!.filter((g) => g.PowerInfo.CircuitGroupID === circuit.CircuitGroupID);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.reduce((s, g) => s + g.RegulatedDemandProd, 0)).toBeCloseTo(circuit.PowerProduction, 6);
        expect(mine.reduce((s, g) => s + g.ProductionCapacity, 0)).toBeCloseTo(circuit.PowerCapacity, 6);
      }
      const totals = new Map<string, number>();
      for (const c of storage!)
        for (const i of c.Inventory) totals.set(i.ClassName, (totals.get(i.ClassName) ?? 0) + i.Amount);
      expect(new Map(world!.map((i) => [i.ClassName, i.Amount]))).toEqual(totals);
      const names = stations!.map((s) => s.Name);
      for (const d of drones!) {
        expect(names).toContain(d.HomeStation);
        expect(['None', ...names]).toContain(d.PairedStation);
      }
    } finally {
      await sim.patchWorld(0, { playersOnline: 1 });
    }
  });

  it('runs a generator out of fuel, and back, from the control API, which lists what it can address', async () => {
    const summary = (await sim.describe(0)).world as Row;
    expect(summary.extractors.length).toBeGreaterThan(0);
    expect(summary.droneStations.length).toBeGreaterThan(0);
    expect(summary.containers.length).toBeGreaterThan(0);
    const coal = (summary.generators as Row[]).find((g) => g.className === 'Build_GeneratorCoal_C')!;
    const row = async (): Promise<Row> => (await rows('getGenerators')).find((g) => g.ID === coal.id)!;
    const capacity = (await row()).DefaultProductionCapacity;
    expect((await patch({ fuelSupply: false, generatorFuel: { generator: coal.id, amount: 0 } })).status).toBe(200);
    expect(await row()).toMatchObject({
      CanStart: false,
      ProductionCapacity: 0,
      RegulatedDemandProd: 0,
      FuelInventory: [],
    });
    expect((await patch({ fuelSupply: true })).status).toBe(200);
    await eventually(async () => (await row()).CanStart === true, 5000);
    expect((await row()).ProductionCapacity).toBeGreaterThanOrEqual(capacity);
  });

  it('refuses bad world fields with a 400 that says why', async () => {
    const bad = await patch({ generatorFuel: { generator: 'Build_Nothing_C_1', amount: 1 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Row).error).toBe(
      'generatorFuel.generator: no generator "Build_Nothing_C_1"; GET /servers/:id lists them',
    );
    const unknown = await patch({ derail: true });
    expect([unknown.status, ((await unknown.json()) as Row).error]).toEqual([
      400,
      expect.stringContaining('unknown field "derail"'),
    ]);
    expect((await patch('{"sessionName": ')).status).toBe(400);
  });

  it('loads another save: a new session name in getSessionInfo and QueryServerState, the save counter bumped', async () => {
    const s = sim.server(0);
    const saves = async () =>
      (await queryServerState({ host: s.host, port: s.port })).subStates.find((x) => x.id === 3)!.version;
    const before = await saves();
    expect((await patch({ sessionName: 'Second Save' })).status).toBe(200);
    expect(((await frm(port, '/getSessionInfo')).body as Row).SessionName).toBe('Second Save');
    const login = await game(s.port, {
      function: 'PasswordLogin',
      data: { minimumPrivilegeLevel: 'Administrator', password: s.admin_password },
    });
    const state = await game(
      s.port,
      { function: 'QueryServerState' },
      { authorization: `Bearer ${login.body!.data.authenticationToken}` },
    );
    expect(state.body!.data.serverGameState.activeSessionName).toBe('Second Save');
    expect(await saves()).toBe(before + 1);
  });
});

describe('the simulated lightweight query and world', () => {
  let sim: SimulatorProcess;

  beforeAll(async () => {
    sim = await SimulatorProcess.start(['--count', '2', '--seed', '21']);
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('answers a poll byte-exactly and ignores malformed packets', async () => {
    const s = sim.server(0);
    const answer = await queryServerState({ host: s.host, port: s.port, timeoutMs: 500, attempts: 2 });
    expect(answer).toMatchObject({
      state: 'playing',
      changelist: 415558,
      modded: true,
      serverName: 'Simulated Server 1',
    });
    expect(answer.subStates.map((x) => x.id).sort()).toEqual([0, 1, 2, 3]);
    const socket = createSocket('udp4');
    const replies: Buffer[] = [];
    socket.on('message', (m) => replies.push(m));
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
    const poll = encodePoll(1726262591138n);
    socket.send(poll.subarray(0, 12), s.port, s.host); // truncated
    socket.send(Buffer.concat([poll.subarray(0, 12), Buffer.from([0x02])]), s.port, s.host); // bad terminator
    socket.send(poll, s.port, s.host);
    await eventually(() => replies.length >= 1, 2000);
    await new Promise((r) => setTimeout(r, 200));
    socket.close();
    expect(replies).toHaveLength(1);
    expect(decodeResponse(replies[0]!)?.cookie).toBe(1726262591138n);
  });

  it('bumps the game-state sub-state counter when players join or leave', async () => {
    const s = sim.server(1);
    const version = async () =>
      (await queryServerState({ host: s.host, port: s.port })).subStates.find((x) => x.id === 0)!.version;
    const before = await version();
    await sim.patchWorld(1, { playersOnline: 0 });
    await sim.patchWorld(1, { playersOnline: 2 });
    expect(await version()).toBeGreaterThanOrEqual(before + 2);
  });

  it('moves the world over time and reproduces it from the seed', async () => {
    const again = await SimulatorProcess.start(['--count', '1', '--seed', '21']);
    try {
      const [a, b] = await Promise.all([
        frm(sim.server(0).addon_http_port, '/getPlayer'),
        frm(again.server(0).addon_http_port, '/getPlayer'),
      ]);
      const ids = (x: { body: unknown }) => (x.body as { ID: string }[]).map((p) => p.ID);
      expect(ids(a)).toEqual(ids(b));
      const first = (await frm(sim.server(0).addon_http_port, '/getSessionInfo')).body as {
        Hours: number;
        Minutes: number;
        IsPaused: boolean;
      };
      await sim.patchWorld(0, { playersOnline: 1 });
      await new Promise((r) => setTimeout(r, 2100));
      const later = (await frm(sim.server(0).addon_http_port, '/getSessionInfo')).body as {
        Hours: number;
        Minutes: number;
      };
      expect(later.Hours * 60 + later.Minutes).not.toBe(first.Hours * 60 + first.Minutes);
    } finally {
      await again.stop();
    }
  });
});

describe('simulated login tokens', () => {
  it('expire after the configured lifetime', async () => {
    const sim = await SimulatorProcess.start(['--count', '1', '--token-ttl', '1']);
    try {
      const s = sim.server(0);
      const login = await game(s.port, {
        function: 'PasswordLogin',
        data: { minimumPrivilegeLevel: 'Administrator', password: s.admin_password },
      });
      const auth = { authorization: `Bearer ${login.body!.data.authenticationToken}` };
      expect((await game(s.port, { function: 'QueryServerState' }, auth)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await game(s.port, { function: 'QueryServerState' }, auth)).toMatchObject({
        status: 401,
        body: { errorCode: 'invalid_token', errorMessage: 'Token has expired' },
      });
    } finally {
      await sim.stop();
    }
  });
});

describe('the simulator control API and command line', () => {
  const run = promisify(execFile);
  const main = `${REPO_ROOT}/apps/game-sim/dist/main.js`;

  it('refuses bad faults and parameters with a reason', async () => {
    const sim = await SimulatorProcess.start(['--count', '1']);
    try {
      const base = sim.server(0).control_url;
      const bad = await fetch(`${base}/faults/meltdown`, { method: 'PUT' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain('one of stopped, blackhole, slow');
      const badParam = await fetch(`${base}/faults/slow`, { method: 'PUT', body: '{"delayMs": -5}' });
      expect(badParam.status).toBe(400);
      expect((await fetch(base.replace('sim-1', 'sim-99'))).status).toBe(404);
    } finally {
      await sim.stop();
    }
  });

  it('prints one JSON array with the documented keys, and stops on SIGTERM', async () => {
    const sim = await SimulatorProcess.start(['--count', '2', '--seed', '3']);
    expect(sim.servers).toHaveLength(2);
    for (const s of sim.servers) {
      expect(Object.keys(s).sort()).toEqual([
        'addon_http_port',
        'addon_ws_port',
        'admin_password',
        'control_url',
        'host',
        'port',
      ]);
      expect(s.host).toBe('127.0.0.1');
    }
    expect(await sim.stop()).toBe(0);
  });

  it('explains bad options and refuses non-loopback hosts', async () => {
    const count = await run(process.execPath, [main, '--count', 'many']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(count).toMatchObject({ code: 2 });
    expect((count as { stderr: string }).stderr).toContain('--count must be an integer');
    const host = await run(process.execPath, [main, '--host', '10.0.0.1']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(host).toMatchObject({ code: 1 });
    expect((host as { stderr: string }).stderr).toContain('not a loopback address');
  });
});
