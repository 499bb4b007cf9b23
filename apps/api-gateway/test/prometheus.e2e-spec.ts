import { execFile } from 'node:child_process';
import { Subjects } from '@app/contracts';
import { rowsOf, SAMPLE_TABLES, sampleKind, type SampleKind } from '@app/samples';
import { connectTestMessaging, createTestDatabase, ServiceStack, signUpVerified, sql } from '@app/testing';
import { renderGameMetrics } from '../src/prometheus/game-metrics';

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');
const ROUTE = '/api/v1/metrics/prometheus';

/**
 * Runs `promtool check metrics` (Debian's package `prometheus` ships it; .ci/run installs it) on an exposition.
 * Missing promtool fails the test: the exposition is only known to be valid when Prometheus' own linter says so.
 */
function promtool(text: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile('promtool', ['check', 'metrics'], (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
        reject(new Error('promtool is not installed: run .ci/run, or apt-get install prometheus (it ships promtool)'));
      else resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
    child.stdin!.end(text);
  });
}

/** A full record of a kind: every column's field, typed defaults (nullable columns null), then `values`. */
function record(kind: SampleKind, values: Record<string, unknown>): Record<string, unknown> {
  const r: Record<string, unknown> = {};
  for (const c of kind.columns) {
    if (c.nullable) r[c.field] = null;
    else if (c.type === 'bool') r[c.field] = false;
    else if (c.type === 'text') r[c.field] = 'x';
    else r[c.field] = 0;
  }
  return { ...r, ...values };
}

/** Stores one poll of a kind as the poller does: rows from the registry at `time`, and its `latest` row. */
async function storePoll(
  url: string,
  serverId: string,
  kindName: string,
  time: Date,
  records: Record<string, unknown>[],
): Promise<void> {
  const kind = sampleKind(kindName);
  const rows = rowsOf(
    kind,
    time,
    serverId,
    records.map((r) => record(kind, r)),
  );
  const columns = SAMPLE_TABLES.get(kind.table)!.map(([name]) => `"${name}"`);
  for (const row of rows) {
    const params = row.map((_, i) => `$${i + 1}`);
    await sql(url, `INSERT INTO ${kind.table} (${columns.join(', ')}) VALUES (${params.join(', ')})`, row);
  }
  if (kindName !== 'health')
    await sql(url, `INSERT INTO latest (server_id, kind, time, data) VALUES ($1, $2, $3, 'null'::jsonb)`, [
      serverId,
      kindName,
      time,
    ]);
}

describe('GET /api/v1/metrics/prometheus (api-gateway and billing-limits as processes, samples in PostgreSQL)', () => {
  const stack = new ServiceStack({ SECRETS_KEY });
  let base = '';
  let url = '';
  const time = new Date(Date.now() - 5_000);
  // A server name and a save name with every character the format escapes.
  const hostile = 'Tom\'s "Big" Base \\ C:\\new\nline two';
  const hostileSave = 'Save "A" \\ v2';
  const ids = { main: '', quiet: '', other: '' };
  const tokens = { metrics: '', serversOnly: '', session: '', other: '' };

  const get = async (token?: string) => {
    const res = await fetch(`${base}${ROUTE}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const json = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** A user with a personal organisation on the Pro plan (API tokens), signed in. */
  const proAccount = async (name: string): Promise<{ session: string; orgId: string }> => {
    const session = (
      await signUpVerified(base, stack.db!.url, `${name}-${stack.prefix}@example.com`, 'correct horse battery', name)
    ).token;
    const orgId = (await json('GET', '/api/v1/me', session)).body.organisation_id as string;
    await sql(url, `INSERT INTO subscriptions (org_id, plan_id) VALUES ($1, 'pro')`, [orgId]);
    stack.messaging!.publish(Subjects.planChanged, {
      orgId,
      planId: 'pro',
      previousPlanId: 'free',
      period: 'monthly',
      occurredAt: new Date().toISOString(),
    });
    await stack.messaging!.nc.flush();
    return { session, orgId };
  };

  const apiToken = async (session: string, scopes: string[]): Promise<string> => {
    for (let attempt = 0; ; attempt++) {
      const res = await json('POST', '/api/v1/tokens', session, { name: 'grafana', scopes });
      if (res.status === 201) return res.body.token as string;
      // The plan change reaches the gateway's entitlements cache within moments.
      if (attempt > 20) throw new Error(`token not created: ${res.status} ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const server = async (orgId: string, name: string, port: number): Promise<string> => {
    const [row] = await sql<{ id: string }>(
      url,
      `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, '192.0.2.10', '192.0.2.10', $3, '\\x00') RETURNING id`,
      [orgId, name, port],
    );
    return row!.id;
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    url = stack.db.url;
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway')}`;

    const a = await proAccount('Ada');
    const b = await proAccount('Bob');
    tokens.session = a.session;
    tokens.metrics = await apiToken(a.session, ['metrics:read']);
    tokens.serversOnly = await apiToken(a.session, ['servers:read']);
    tokens.other = await apiToken(b.session, ['metrics:read']);

    ids.main = await server(a.orgId, hostile, 7777);
    ids.quiet = await server(a.orgId, 'Quiet one', 7780);
    ids.other = await server(b.orgId, "Bob's secret base", 7777);
    await sql(
      url,
      `INSERT INTO server_states (server_id, status) VALUES ($1, 'online'), ($2, 'offline'), ($3, 'online')`,
      [ids.main, ids.quiet, ids.other],
    );
    for (const [id, save, players] of [
      [ids.main, hostileSave, 3],
      [ids.other, 'Bob save', 1],
    ] as const) {
      await storePoll(url, id, 'health', time, [
        { status: 'online', tickRate: 29.75, playerCount: players, playerLimit: 4, sessionName: save, latencyMs: 12 },
      ]);
      await storePoll(url, id, 'session', time, [
        {
          sessionName: save,
          isPaused: false,
          passedDays: 77,
          dayHours: 11,
          dayMinutes: 28,
          isDay: true,
          totalPlaySeconds: 276096,
        },
      ]);
    }
    const tagged = (r: Record<string, unknown>) => ({ ...r, sessionName: hostileSave });
    await storePoll(url, ids.main, 'power', time, [
      tagged({
        circuitGroupId: 0,
        powerProduction: 450.5,
        powerConsumed: 300,
        powerCapacity: 600,
        batteryPercent: 40,
        batteryTimeEmptySeconds: 3600,
        fuseTriggered: false,
      }),
      tagged({ circuitGroupId: 2, powerProduction: 0, powerConsumed: 0, powerCapacity: 75, fuseTriggered: true }),
    ]);
    await storePoll(url, ids.main, 'production', time, [
      tagged({
        itemClass: 'Desc_IronPlate_C',
        itemName: 'Iron Plate',
        currentProd: 60,
        currentConsumed: 75,
        maxProd: 90,
        maxConsumed: 80,
      }),
      tagged({ itemClass: 'Desc_Odd_C', itemName: 'Odd "quoted" \\ item', currentProd: 1.5, currentConsumed: 0 }),
    ]);
    await storePoll(url, ids.main, 'generators', time, [
      tagged({ generatorId: 'g1', fuelName: 'Coal', production: 75, capacity: 75 }),
      tagged({ generatorId: 'g2', fuelName: 'Coal', production: 50, capacity: 75 }),
      tagged({ generatorId: 'g3', fuelForm: 'Geothermal', production: 200, capacity: 200 }),
    ]);
    await storePoll(url, ids.main, 'extractors', time, [
      tagged({ extractorId: 'e1', resourceName: 'Iron Ore', isProducing: true, currentProd: 120 }),
      tagged({ extractorId: 'e2', resourceName: 'Iron Ore', isProducing: false, currentProd: 0 }),
      tagged({ extractorId: 'e3', resourceName: 'Water', isProducing: true, currentProd: 90 }),
    ]);
    await storePoll(url, ids.main, 'resource_sink', time, [
      tagged({
        track: 'Resource',
        totalPoints: 123456789012,
        coupons: 3,
        pointsPerMinute: 950.5,
        pointsToCoupon: 1000,
      }),
    ]);
    await storePoll(url, ids.other, 'power', time, [
      { circuitGroupId: 7, powerProduction: 99, sessionName: 'Bob save' },
    ]);
  }, 120_000);

  afterAll(() => stack.close());

  it("answers the organisation's latest game metrics in the text format 0.0.4, clean by promtool check metrics", async () => {
    const res = await get(tokens.metrics);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await promtool(res.text)).toEqual({ code: 0, output: '' });

    const labels = `server_id="${ids.main}",server="Tom's \\"Big\\" Base \\\\ C:\\\\new\\nline two",session="Save \\"A\\" \\\\ v2"`;
    const lines = res.text.split('\n');
    const expected = [
      'satisfactory_servers 2',
      `satisfactory_up{${labels}} 1`,
      `satisfactory_up{server_id="${ids.quiet}",server="Quiet one",session=""} 0`,
      `satisfactory_server_status{server_id="${ids.quiet}",server="Quiet one",status="offline"} 1`,
      `satisfactory_tick_rate{${labels}} 29.75`,
      `satisfactory_players_connected{${labels}} 3`,
      `satisfactory_power_production_megawatts{${labels},circuit="0"} 450.5`,
      `satisfactory_power_capacity_megawatts{${labels},circuit="2"} 75`,
      `satisfactory_battery_percent{${labels},circuit="0"} 40`,
      `satisfactory_battery_time_empty_seconds{${labels},circuit="0"} 3600`,
      `satisfactory_fuse_triggered{${labels},circuit="2"} 1`,
      `satisfactory_item_produced_per_minute{${labels},item="Iron Plate",item_class="Desc_IronPlate_C"} 60`,
      `satisfactory_item_consumed_per_minute{${labels},item="Iron Plate",item_class="Desc_IronPlate_C"} 75`,
      `satisfactory_item_produced_per_minute{${labels},item="Odd \\"quoted\\" \\\\ item",item_class="Desc_Odd_C"} 1.5`,
      `satisfactory_generators{${labels},fuel="Coal"} 2`,
      `satisfactory_generator_production_megawatts{${labels},fuel="Coal"} 125`,
      `satisfactory_generator_capacity_megawatts{${labels},fuel="Geothermal"} 200`,
      `satisfactory_extractors_producing{${labels},item="Iron Ore"} 1`,
      `satisfactory_extractors{${labels},item="Iron Ore"} 2`,
      `satisfactory_resource_sink_points{${labels}} 123456789012`,
      `satisfactory_resource_sink_coupons{${labels}} 3`,
      `satisfactory_resource_sink_points_per_minute{${labels}} 950.5`,
      `satisfactory_session_play_seconds{${labels}} 276096`,
      `satisfactory_session_day{${labels}} 77`,
      `satisfactory_last_poll_timestamp_seconds{server_id="${ids.main}",server="Tom's \\"Big\\" Base \\\\ C:\\\\new\\nline two",kind="power"} ${time.getTime() / 1000}`,
    ];
    for (const line of expected) expect(lines).toContain(line);
    // Every family has its HELP and TYPE lines, before its samples.
    for (const family of ['satisfactory_up', 'satisfactory_power_consumed_megawatts', 'satisfactory_generators'])
      expect(res.text).toContain(`# HELP ${family} `);
    expect(res.text).toContain('# TYPE satisfactory_resource_sink_points gauge\n');
    // No time to empty where the batteries do not drain.
    expect(res.text).not.toContain(`satisfactory_battery_time_empty_seconds{${labels},circuit="2"}`);
  });

  it("never shows another organisation's servers", async () => {
    const mine = await get(tokens.metrics);
    expect(mine.text).not.toContain(ids.other);
    expect(mine.text).not.toContain('Bob');
    expect(mine.text).not.toContain('circuit="7"');
    const theirs = await get(tokens.other);
    expect(theirs.status).toBe(200);
    expect(theirs.text).toContain(
      `satisfactory_power_production_megawatts{server_id="${ids.other}",server="Bob's secret base",session="Bob save",circuit="7"} 99`,
    );
    expect(theirs.text).toContain('satisfactory_servers 1\n');
    for (const id of [ids.main, ids.quiet]) expect(theirs.text).not.toContain(id);
    expect(theirs.text).not.toContain('Iron Plate');
    expect(await promtool(theirs.text)).toEqual({ code: 0, output: '' });
  });

  it('needs metrics:read: a token without it gets 403, no credentials 401; a dashboard session may read it', async () => {
    const denied = await get(tokens.serversOnly);
    expect(denied.status).toBe(403);
    const error = JSON.parse(denied.text) as { error: { code: string; message: string } };
    expect(error.error.code).toBe('Forbidden');
    expect(error.error.message).toContain('metrics:read');
    expect(denied.text).not.toContain('satisfactory_');
    expect((await get()).status).toBe(401);
    const session = await get(tokens.session);
    expect(session.status).toBe(200);
    expect(session.text).toContain(`server_id="${ids.main}"`);
  });

  it('every metric family, with hostile label values, passes promtool', async () => {
    // All families at once (also those the stored samples above leave out, e.g. a NaN, times to full).
    const text = renderGameMetrics([
      {
        id: ids.main,
        name: 'a"b\\c\nd',
        status: 'degraded',
        health: {
          tick_rate: 12,
          player_count: 0,
          player_limit: 4,
          tech_tier: 9,
          is_paused: true,
          latency_ms: 3.5,
          session_name: 'x\ny',
        },
        polls: [{ kind: 'health', time: new Date() }],
        rows: {
          power: [
            {
              circuit_group_id: 1,
              power_production: NaN,
              battery_time_full_s: 60,
              battery_capacity: 100,
              battery_differential: -5,
            },
          ],
          production: [{ item_class: 'C', item_name: '', current_prod: 1, max_prod: 2, max_consumed: 3 }],
          generators: [{ fuel_name: null, production: 1, capacity: 2 }],
          extractors: [{ resource_name: null, is_producing: true, current_prod: 3 }],
          resource_sink: [{ total_points: '42', coupons: 1, points_to_coupon: 5, points_per_minute: 1 }],
          session: [{ session_name: 'x\ny', total_play_s: 1, passed_days: 2, is_day: false }],
        },
      },
    ]);
    expect(await promtool(text)).toEqual({ code: 0, output: '' });
    // promtool itself catches what the exposition must never carry.
    expect((await promtool('# TYPE a_total gauge\na_total 1\n')).code).not.toBe(0);
  });
});
