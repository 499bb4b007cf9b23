import { randomUUID } from 'node:crypto';
import { sampleKind } from '@app/samples';
import { connectTestMessaging, createTestDatabase, ServiceStack, signUpAndIn, sql } from '@app/testing';
import { apiRowOf, json, RECORDS, SESSION } from '../../../libs/samples/test/frm-records';
import { storePolls } from './stored-polls';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

type Row = Record<string, unknown>;

/** Two polls: the newest (the shared records) and one ten minutes before it with other values. */
const NEWEST = new Date(Math.floor((Date.now() - 120_000) / 60_000) * 60_000);
const OLDER = new Date(NEWEST.getTime() - 600_000);
const coal = RECORDS.generators![0] as Row;
const OLDER_RECORDS: Record<string, object[]> = {
  generators: [{ ...coal, production: 10, fuelAmount: 5 }],
  resource_sink: [{ ...(RECORDS.resource_sink![0] as Row), totalPoints: 1000, pointsPerMinute: 100, coupons: 1 }],
};

/** The routes of the add-on kinds of issue 20: latest reads and histories. */
const LATEST = ['generators', 'extractors', 'drone-stations', 'world-inventory', 'resource-sink', 'session'];
const HISTORIES = [
  ...['power', 'production', 'generators', 'resource-sink', 'players'].map((r) => `${r}/history`),
  'players/trails',
];

const byKey = (rows: Row[], key: string) => [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

/**
 * The REST routes of every FRM kind over HTTP (api-gateway and billing-limits as processes, PostgreSQL): what
 * each answers for a server with samples, before any sample, without the add-on and for another organisation;
 * bad parameters; the players contract (the spec's bare array, Link paging); the share API's mirrors. The samples
 * are stored through the poller's own write path at chosen times.
 */
describe('api-gateway: the FRM kinds over REST (latest, dashboard, history, share links)', () => {
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8' });
  let base = '';
  let owner = { token: '', orgId: '' };
  let stranger = '';
  const servers = { polled: randomUUID(), fresh: randomUUID(), noAddon: randomUUID() };

  const call = async (path: string, token?: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
  };
  const get = (server: string, route: string) => call(`/api/v1/servers/${server}/${route}`, owner.token);
  const expectError = (res: Answer, status: number, code: string, field?: string): void => {
    expect([res.status, res.body?.error?.code]).toEqual([status, code]);
    expect(res.body.request_id).toEqual(expect.any(String));
    if (field) expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
  };
  const signUp = async (n: number) => {
    const { token } = await signUpAndIn(base, `frm${n}-${stack.prefix}@example.com`, 'correct horse battery', 'Ada');
    const me = (await (await call('/api/v1/me', token)).body) as { organisation_id: string };
    return { token, orgId: me.organisation_id };
  };
  const addServer = async (id: string, port: number, addon: 'available' | 'unavailable') => {
    await sql(
      stack.db!.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, $3, '127.0.0.1', '127.0.0.1', $4, '\\x00')`,
      [id, owner.orgId, `Factory ${port}`, port],
    );
    await sql(
      stack.db!.url,
      `INSERT INTO server_states (server_id, addon_status, addon_reason) VALUES ($1, $2::addon_status, $3)`,
      [id, addon, addon === 'unavailable' ? 'port 8080 refused and the proxy answered bad_function' : null],
    );
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway')}`;
    owner = await signUp(1);
    stranger = (await signUp(2)).token;
    // Pro: share links, a month of history.
    const plan = await fetch(`${base}/api/v1/billing/subscription`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
    });
    expect(plan.status).toBe(200);
    await addServer(servers.polled, 17001, 'available');
    await addServer(servers.fresh, 17002, 'available');
    await addServer(servers.noAddon, 17003, 'unavailable');
    const db = stack.db.url;
    await storePolls(db, servers.polled, owner.orgId, OLDER, { records: OLDER_RECORDS, health: true });
    await storePolls(db, servers.polled, owner.orgId, NEWEST, { health: true });
    await storePolls(db, servers.noAddon, owner.orgId, NEWEST);
  }, 120_000);

  afterAll(() => stack.close());

  const expected = (kind: string): Row[] =>
    RECORDS[kind]!.map((r) => apiRowOf(sampleKind(kind), r, NEWEST)).sort((a, b) =>
      String(a[sampleKind(kind).columns[0]!.column]).localeCompare(String(b[sampleKind(kind).columns[0]!.column])),
    );

  it('generators, extractors and drone stations: the newest poll, every API column, in id order', async () => {
    for (const [route, kind, key] of [
      ['generators', 'generators', 'generator_id'],
      ['extractors', 'extractors', 'extractor_id'],
      ['drone-stations', 'drone_stations', 'station_id'],
    ] as const) {
      const res = await get(servers.polled, route);
      expect([route, res.status]).toEqual([route, 200]);
      expect(byKey(res.body, key)).toEqual(expected(kind));
    }
    // The coal generator of the older poll (production 10) is not part of the answer.
    const generators = (await get(servers.polled, 'generators')).body as Row[];
    expect(generators.map((g) => [g.generator_id, g.production, g.burn_time_left_s, g.session_name])).toEqual([
      ['Build_GeneratorCoal_C_32', 75, 195, SESSION],
      ['Build_GeneratorGeoThermal_C_7', 200, null, SESSION],
    ]);
  });

  it('resource sink and session: one object each, the newest poll', async () => {
    const sink = await get(servers.polled, 'resource-sink');
    expect(sink.status).toBe(200);
    expect(sink.body).toEqual(expected('resource_sink')[0]);
    expect(sink.body.total_points).toBe(3_334_555_366);
    const session = await get(servers.polled, 'session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual(expected('session')[0]);
    expect(session.body).toMatchObject({ session_name: SESSION, passed_days: 77, total_play_s: 276096 });
  });

  it('world inventory: item totals with the containers holding each, searched by q in any case', async () => {
    const all = await get(servers.polled, 'world-inventory');
    expect(all.status).toBe(200);
    expect(all.body.map((i: Row) => [i.item_class, i.amount, i.cloud_amount])).toEqual([
      ['Desc_IronPlate_C', 164, 5000],
      ['Desc_Water_C', 12.5, 0],
    ]);
    const plates = await get(servers.polled, `world-inventory?q=${encodeURIComponent('iron pl')}`);
    expect(plates.body).toHaveLength(1);
    expect(plates.body[0].containers).toEqual([
      expect.objectContaining({ container_name: 'Storage Container', amount: 100, pos_x: -63207.6484375 }),
      expect.objectContaining({ container_name: 'Industrial Storage Container', amount: 64 }),
    ]);
    expect((await get(servers.polled, 'world-inventory?q=DESC_WATER')).body[0].containers).toEqual([]);
    expect((await get(servers.polled, 'world-inventory?q=uranium')).body).toEqual([]);
    expectError(await get(servers.polled, `world-inventory?q=${'x'.repeat(101)}`), 400, 'ValidationFailed', 'q');
    expectError(await get(servers.polled, 'world-inventory?q=a&q=b'), 400, 'ValidationFailed', 'q');
  });

  it('buildings: each row has its stall; state, type and recipe filter; a bad state is a 400 naming it', async () => {
    const all = await get(servers.polled, 'buildings');
    expect(all.status).toBe(200);
    expect(all.body.items.map((b: Row) => [b.building_id, b.stall])).toEqual([
      ['B1', null],
      ['B2', null],
      ['B3', null],
      ['B4', 'output_full'],
    ]);
    const ids = async (query: string) =>
      ((await get(servers.polled, `buildings?${query}`)).body.items as Row[]).map((b) => b.building_id);
    expect(await ids('state=stalled')).toEqual(['B4']);
    expect(await ids('state=paused')).toEqual(['B3']);
    expect(await ids('state=unconfigured')).toEqual(['B2']);
    expect(await ids('state=producing&type=Build_SmelterMk1_C')).toEqual(['B1']);
    expect(await ids('recipe=iron%20ingot')).toEqual(['B1', 'B4']);
    expect(await ids('type=Build_SmelterMk1_C&limit=1&cursor=B1')).toEqual(['B4']);
    expectError(await get(servers.polled, 'buildings?state=broken'), 400, 'ValidationFailed', 'state');
    expectError(await get(servers.polled, 'buildings?recipe='), 400, 'ValidationFailed', 'recipe');
  });

  it("players: the spec's bare array with id and last_seen_at, paged by limit and cursor with Link rel=next", async () => {
    const all = await get(servers.polled, 'players');
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.headers.get('link')).toBeNull();
    const [ada, nobody] = RECORDS.players as Row[];
    expect(byKey(all.body, 'id')).toEqual(
      byKey(
        [
          { ...apiRowOf(sampleKind('players'), ada!, NEWEST), last_seen_at: NEWEST.toISOString() },
          { ...apiRowOf(sampleKind('players'), nobody!, NEWEST), last_seen_at: null },
        ],
        'id',
      ),
    );
    for (const p of all.body) expect(Object.keys(p)).not.toContain('player_id');

    const first = await get(servers.polled, 'players?limit=1');
    expect(first.body).toEqual([all.body[0]]);
    const link = first.headers.get('link');
    const cursor = all.body[0].id as string;
    expect(link).toBe(`</api/v1/servers/${servers.polled}/players?limit=1&cursor=${cursor}>; rel="next"`);
    const next = await call(/^<([^>]+)>/.exec(link!)![1]!, owner.token);
    expect(next.status).toBe(200);
    expect(next.body).toEqual([all.body[1]]);
    expect(next.headers.get('link')).toBeNull();
    expectError(await get(servers.polled, 'players?cursor=page-2'), 400, 'ValidationFailed', 'cursor');
    expectError(await get(servers.polled, 'players?limit=0'), 400, 'ValidationFailed', 'limit');
  });

  it('players: last_seen_at outlives the samples retention deletes (null only for a player never seen online)', async () => {
    const [ada, nobody] = RECORDS.players as Array<{ playerId: string }>;
    const lastSeen = async () =>
      Object.fromEntries(
        ((await get(servers.polled, 'players')).body as Row[]).map((p) => [p.id as string, p.last_seen_at]),
      );
    // A visit that ended ten days ago (its samples and session long deleted), kept in player_last_seen; an older
    // time for a player online now does not hide the newer sample.
    const tenDaysAgo = new Date(NEWEST.getTime() - 10 * 86_400_000);
    await sql(
      stack.db!.url,
      `INSERT INTO player_last_seen (server_id, player_id, last_seen_at) VALUES ($1, $2, $3), ($1, $4, $3)`,
      [servers.polled, nobody!.playerId, tenDaysAgo, ada!.playerId],
    );
    try {
      expect(await lastSeen()).toEqual({
        [ada!.playerId]: NEWEST.toISOString(),
        [nobody!.playerId]: tenDaysAgo.toISOString(),
      });
    } finally {
      await sql(stack.db!.url, 'DELETE FROM player_last_seen WHERE server_id = $1', [servers.polled]);
    }
  });

  it('dashboard: every latest kind in one answer, as each route serves it', async () => {
    const d = await get(servers.polled, 'dashboard');
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ server_id: servers.polled, status: 'online', addon: { status: 'available' } });
    expect(d.body.metrics).toEqual((await get(servers.polled, 'metrics/latest')).body);
    for (const [field, route] of [
      ['power', 'power/latest'],
      ['production', 'production/latest'],
      ['trains', 'trains'],
      ['drones', 'drones'],
      ['generators', 'generators'],
      ['extractors', 'extractors'],
      ['drone_stations', 'drone-stations'],
      ['resource_sink', 'resource-sink'],
      ['session', 'session'],
    ] as const)
      expect([field, d.body[field]]).toEqual([field, (await get(servers.polled, route)).body]);
    expect(byKey(d.body.players, 'id')).toEqual(byKey((await get(servers.polled, 'players')).body, 'id'));
    expect(d.body.inventory).toEqual(
      (await get(servers.polled, 'world-inventory')).body.map(({ containers: _, ...item }: Row) => item),
    );
    expect(d.body.factory).toEqual({ buildings: 4, producing: 1, idle: 1, unconfigured: 1, paused: 1, stalled: 1 });
    expect(d.body.storage).toEqual({ containers: 2, entries: 3 });
  });

  it("history: never older than the plan's retention, whatever `from` asks", async () => {
    const server = randomUUID();
    await addServer(server, 17004, 'available');
    await storePolls(stack.db!.url, server, owner.orgId, NEWEST, { kinds: ['generators'] });
    const history = (from: Date) => get(server, `generators/history?from=${from.toISOString()}&step=1h`);
    const hours = (await history(NEWEST)).body.retention_hours as number;
    expect(hours).toBeGreaterThan(0);
    // A poll a day older than the plan keeps (until retention deletes it), asked for from two days before it.
    const outside = new Date(NEWEST.getTime() - (hours + 24) * 3_600_000);
    await storePolls(stack.db!.url, server, owner.orgId, outside, { kinds: ['generators'] });
    const before = Date.now();
    const answer = await history(new Date(outside.getTime() - 48 * 3_600_000));
    expect(answer.status).toBe(200);
    // The range starts the retention before the request, not when it asked; the old poll is not in it.
    const from = Date.parse(answer.body.from);
    expect(from).toBeGreaterThanOrEqual(before - hours * 3_600_000 - 1000);
    expect(from).toBeLessThanOrEqual(Date.now() - hours * 3_600_000);
    const hour = (t: Date) => new Date(Math.floor(t.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(new Set((answer.body.buckets as Row[]).map((b) => b.time))).toEqual(new Set([hour(NEWEST)]));
  });

  it('history: buckets from the aggregates with the route filters; bad filters are a 400 naming them', async () => {
    const range = `from=${new Date(OLDER.getTime() - 3_600_000).toISOString()}&step=1m`;
    const generators = await get(servers.polled, `generators/history?${range}`);
    expect(generators.status).toBe(200);
    expect(generators.body.step_seconds).toBe(60);
    expect(generators.body.buckets).toEqual([
      {
        time: OLDER.toISOString(),
        fuel_name: 'Coal',
        session_name: SESSION,
        generators: 1,
        production_sum: 10,
        capacity_sum: 75,
      },
      {
        time: NEWEST.toISOString(),
        fuel_name: 'Coal',
        session_name: SESSION,
        generators: 1,
        production_sum: 75,
        capacity_sum: 75,
      },
      {
        time: NEWEST.toISOString(),
        fuel_name: null,
        session_name: SESSION,
        generators: 1,
        production_sum: 200,
        capacity_sum: 200,
      },
    ]);
    const sink = await get(servers.polled, `resource-sink/history?${range}`);
    expect(
      sink.body.buckets.map((b: Row) => [b.time, b.total_points_max, b.points_per_minute_avg, b.coupons_max]),
    ).toEqual([
      [OLDER.toISOString(), 1000, 100, 1],
      [NEWEST.toISOString(), 3_334_555_366, 21587, 122],
    ]);
    const ingots = await get(servers.polled, `production/history?${range}&item=Desc_IronIngot_C`);
    expect(ingots.body.buckets).toEqual(
      [OLDER, NEWEST].map((t) => ({
        time: t.toISOString(),
        item_class: 'Desc_IronIngot_C',
        session_name: SESSION,
        current_prod_avg: 120,
        current_consumed_avg: 90.5,
        max_prod_max: 180,
        samples: 1,
      })),
    );
    const circuit = await get(servers.polled, `power/history?${range}&circuit=2`);
    expect(circuit.body.buckets.map((b: Row) => [b.circuit_group_id, b.power_production_avg])).toEqual([
      [2, 1500.5],
      [2, 1500.5],
    ]);
    const hourly = await get(servers.polled, `power/history?from=${OLDER.toISOString()}&step=1h&circuit=1`);
    expect(hourly.body.buckets.reduce((n: number, b: Row) => n + (b.samples as number), 0)).toBe(2);
    // The save of each bucket, from the samples or, for the aggregates, the server's health samples in the bucket.
    expect(circuit.body.buckets.map((b: Row) => b.session_name)).toEqual([SESSION, SESSION]);
    expect(hourly.body.buckets.map((b: Row) => b.session_name)).toEqual(hourly.body.buckets.map(() => SESSION));
    const players = await get(servers.polled, `players/history?${range}&session=${encodeURIComponent(SESSION)}`);
    expect(players.body.buckets.map((b: Row) => [b.session_name, b.players_online, b.players_known])).toEqual([
      [SESSION, 1, 2],
      [SESSION, 1, 2],
    ]);
    expect((await get(servers.polled, `players/history?${range}&session=Another%20save`)).body.buckets).toEqual([]);
    // The map's trails: where each online player was, per bucket (the dead, offline player has none).
    const trails = await get(servers.polled, `players/trails?${range}`);
    expect(trails.status).toBe(200);
    const ada = RECORDS.players![0] as { playerId: string };
    expect(trails.body.buckets.map((b: Row) => [b.id, b.name, b.pos_x, b.pos_y, b.session_name])).toEqual([
      [ada.playerId, 'Ada', 1.5, -2.25, SESSION],
      [ada.playerId, 'Ada', 1.5, -2.25, SESSION],
    ]);
    expect((await get(servers.polled, `players/trails?${range}&session=Another%20save`)).body.buckets).toEqual([]);
    expect((await get(servers.polled, `production/history?${range}&item=Desc_Nothing_C`)).body.buckets).toEqual([]);

    expectError(await get(servers.polled, 'power/history?circuit=main'), 400, 'ValidationFailed', 'circuit');
    expectError(await get(servers.polled, 'power/history?circuit=-1'), 400, 'ValidationFailed', 'circuit');
    expectError(await get(servers.polled, 'production/history?item='), 400, 'ValidationFailed', 'item');
    expectError(await get(servers.polled, 'generators/history?session='), 400, 'ValidationFailed', 'session');
    expectError(await get(servers.polled, 'generators/history?fuel=Coal'), 400, 'ValidationFailed');
    expectError(await get(servers.polled, 'resource-sink/history?step=soon'), 400, 'ValidationFailed', 'step');
    expectError(
      await get(servers.polled, 'resource-sink/history?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z'),
      400,
      'ValidationFailed',
      'from',
    );
  });

  it('before a first sample: 409 NoDataYet from the latest routes, empty histories, [] and null in the dashboard', async () => {
    for (const route of LATEST) expectError(await get(servers.fresh, route), 409, 'NoDataYet');
    for (const route of HISTORIES) {
      const res = await get(servers.fresh, route);
      expect([route, res.status, res.body.buckets]).toEqual([route, 200, []]);
    }
    const d = await get(servers.fresh, 'dashboard');
    expect(d.status).toBe(200);
    expect(d.body).toEqual({
      server_id: servers.fresh,
      status: 'unknown',
      addon: { status: 'available', reason: null },
      metrics: null,
      session: null,
      power: [],
      players: [],
      production: [],
      trains: [],
      drones: [],
      factory: null,
      generators: [],
      extractors: [],
      drone_stations: [],
      inventory: [],
      storage: null,
      resource_sink: null,
    });
  });

  it('without the add-on: 409 AddonUnavailable with the reason from every add-on route; the dashboard says it', async () => {
    for (const route of [...LATEST, ...HISTORIES, 'players', 'buildings']) {
      const res = await get(servers.noAddon, route);
      expectError(res, 409, 'AddonUnavailable');
      expect(res.body.error.message).toMatch(/bad_function/);
    }
    const d = await get(servers.noAddon, 'dashboard');
    expect(d.status).toBe(200);
    expect(d.body.addon).toEqual({
      status: 'unavailable',
      reason: 'port 8080 refused and the proxy answered bad_function',
    });
  });

  it("another organisation's server, an unknown id and no token: 404, 404, 401 on every new route", async () => {
    for (const route of [...LATEST, ...HISTORIES, 'dashboard']) {
      expectError(await call(`/api/v1/servers/${servers.polled}/${route}`, stranger), 404, 'NotFound');
      expectError(await call(`/api/v1/servers/${randomUUID()}/${route}`, owner.token), 404, 'NotFound');
      expectError(await call(`/api/v1/servers/${servers.polled}/${route}`), 401, 'Unauthenticated');
    }
  });

  it('a share link reads every route read-only, in the same shapes; a revoked link reads nothing', async () => {
    const created = await fetch(`${base}/api/v1/servers/${servers.polled}/shares`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'dashboard' }),
    });
    expect(created.status).toBe(201);
    const share = (await created.json()) as { id: string; token: string };
    // A fixed `to`: a history answer names its range.
    const range = `from=${OLDER.toISOString()}&to=${new Date(NEWEST.getTime() + 60_000).toISOString()}&step=1m`;
    const routes = [
      ...LATEST,
      'world-inventory?q=plate',
      'dashboard',
      'metrics/latest',
      'power/latest',
      'production/latest',
      'trains',
      'drones',
      'buildings?state=stalled',
      'players',
      ...HISTORIES.map((h) => `${h}?${range}`),
      `power/history?${range}&circuit=1`,
      `production/history?${range}&item=Desc_Water_C`,
    ];
    for (const route of routes) {
      const mine = await get(servers.polled, route);
      const shared = await call(`/api/v1/public/${share.token}/${route}`);
      expect([route, shared.status]).toEqual([route, 200]);
      expect([route, shared.body]).toEqual([route, mine.body]);
    }
    const page = await call(`/api/v1/public/${share.token}/players?limit=1`);
    expect(page.headers.get('link')).toMatch(
      new RegExp(`^</api/v1/public/${share.token}/players\\?limit=1&cursor=[0-9a-f-]{36}>; rel="next"$`),
    );
    expect((await call(/^<([^>]+)>/.exec(page.headers.get('link')!)![1]!)).body).toHaveLength(1);
    expectError(
      await call(`/api/v1/public/${share.token}/power/history?circuit=x`),
      400,
      'ValidationFailed',
      'circuit',
    );

    const revoked = await fetch(`${base}/api/v1/servers/${servers.polled}/shares/${share.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(revoked.status).toBe(204);
    for (const route of ['generators', 'dashboard', 'resource-sink/history'])
      expectError(await call(`/api/v1/public/${share.token}/${route}`), 404, 'NotFound');
  });

  it('the OpenAPI document describes every new route with its answer', async () => {
    const doc = (await call('/api/docs.json')).body as { paths: Record<string, { get?: Row }> };
    for (const prefix of ['/api/v1/servers/{id}', '/api/v1/public/{token}'])
      for (const route of [...LATEST, ...HISTORIES, 'dashboard']) {
        const op = doc.paths[`${prefix}/${route}`]?.get as
          { responses: Record<string, { content?: Record<string, { schema: Row }> }> } | undefined;
        expect([route, op?.responses['200']?.content?.['application/json']?.schema]).toEqual([
          route,
          expect.objectContaining({ type: expect.any(String) }),
        ]);
      }
    const players = doc.paths['/api/v1/servers/{id}/players']!.get as {
      responses: Record<string, { headers?: Row; content: Record<string, { schema: { type: string; items: Row } }> }>;
    };
    expect(players.responses['200']!.headers).toHaveProperty('Link');
    const schema = players.responses['200']!.content['application/json']!.schema;
    expect(schema.type).toBe('array');
    expect(Object.keys(schema.items.properties as Row)).toEqual(expect.arrayContaining(['id', 'last_seen_at']));
    expect(json(schema.items.properties)).not.toHaveProperty('player_id');
  });
});
