import { writeFileSync } from 'node:fs';
import {
  connectTestMessaging,
  createTestDatabase,
  ServiceStack,
  setPlanIntervals,
  SimulatorProcess,
  startWebhookReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
  signUpAndIn,
} from '@app/testing';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The body of a generic webhook delivery (libs/alerts' WebhookBody), as far as these tests read it. */
interface Delivery {
  event: string;
  incident_id: string;
  rule: { kind: string; name: string };
  server: { name: string };
  instance: string | null;
  title: string;
  summary: string;
  duration_seconds: number | null;
  fields: { name: string; value: string }[];
}

type FrmRow = Record<string, unknown>;

/**
 * The rules that warn before the factory stops, end to end: the simulator's control API changes a world (fuel,
 * batteries, consumption, drone ports, item rates, fuses, trains, players), the real poller polls it every 2 s, the
 * alerting service fires the rule, and a signed webhook on loopback receives the notice, then the recovery notice
 * once the world is put right. Also the four older kinds that had no firing test: train derailed, battery draining,
 * player count above and below. Each test adds its rule with short pending settings and deletes it at the end.
 */
describe('alerting: rules that warn before the factory stops, fired through the simulator', () => {
  let sim: SimulatorProcess;
  let hook: WebhookReceiver;
  let base = '';
  let token = '';
  let channelId = '';
  const serverIds: string[] = [];
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '1500' });

  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const name = (i: number) => `Base ${i}`;
  /** What the simulated add-on answers now (to pick a circuit, generator, station, extractor). */
  const frm = async (i: number, endpoint: string): Promise<FrmRow[]> =>
    (await (await fetch(`http://127.0.0.1:${sim.server(i).addon_http_port}/${endpoint}`)).json()) as FrmRow[];
  const world = async (i: number) => (await sim.describe(i)).world as Record<string, unknown>;

  /** Adds a rule of `kind` on server `i` that tells the webhook channel at the first poll that holds. */
  const addRule = async (i: number, kind: string, params: Record<string, number> = {}): Promise<string> => {
    const res = await call('POST', `/api/v1/servers/${serverIds[i]}/alert-rules`, {
      kind,
      params,
      pending_polls: 1,
      pending_seconds: 0,
      channel_ids: [channelId],
    });
    expect([res.status, res.body.kind, res.body.preset]).toEqual([201, kind, false]);
    return res.body.id as string;
  };
  const deleteRule = async (i: number, id: string) =>
    expect((await call('DELETE', `/api/v1/servers/${serverIds[i]}/alert-rules/${id}`)).status).toBe(204);

  /** The first delivery of `event` for `kind` on server `i` (about `instance`, when given). */
  const notice = async (
    event: 'fired' | 'resolved',
    kind: string,
    i: number,
    instance?: (name: string | null) => boolean,
    timeoutMs = 30_000,
    after = 0,
  ): Promise<Delivery & { at: number }> => {
    const matches = (r: ReceivedRequest) => {
      const b = r.json as Delivery | undefined;
      return (
        r.status === 200 &&
        r.notes.verified === true &&
        r.at >= after &&
        b?.event === event &&
        b.rule.kind === kind &&
        b.server.name === name(i) &&
        (!instance || instance(b.instance))
      );
    };
    const r = await hook.waitFor(matches, timeoutMs);
    return { ...(r.json as Delivery), at: r.at };
  };
  /** The recovery notice of the same incident as `fired`. */
  const recovery = async (fired: Delivery & { at: number }, kind: string, i: number, timeoutMs = 30_000) => {
    const resolved = await notice('resolved', kind, i, (n) => n === fired.instance, timeoutMs, fired.at);
    expect(resolved.incident_id).toBe(fired.incident_id);
    expect(resolved.duration_seconds).toEqual(expect.any(Number));
    return resolved;
  };
  /**
   * Players come and go on their own in the simulator: `patch` is applied again every few seconds until the notice
   * arrives, so a player who wandered in between does not keep the count from what the test set.
   */
  const holding = async <T>(i: number, patch: Record<string, unknown>, wait: () => Promise<T>): Promise<T> => {
    let done = false;
    const waiting = wait().finally(() => (done = true));
    while (!done) {
      await sim.patchWorld(i, patch);
      await Promise.race([waiting.catch(() => undefined), sleep(3000)]);
    }
    return waiting;
  };

  beforeAll(async () => {
    const db = (stack.db = await createTestDatabase());
    await setPlanIntervals(
      db.url,
      {
        health: 2,
        power: 2,
        players: 2,
        trains: 2,
        production: 2,
        generators: 2,
        extractors: 2,
        drone_stations: 2,
        inventory: 2,
        resource_sink: 2,
      },
      ['pro'],
    );
    sim = stack.sim = await SimulatorProcess.start(['--count', '4', '--seed', '33']);
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    hook = await startWebhookReceiver({ secret: 'unset' });
    await stack.start('billing-limits');
    base = `http://127.0.0.1:${await stack.start('api-gateway')}`;
    await stack.start('poller', { POLLER_LEADER_TTL_MS: '3000', POLLER_TIMEOUT_MS: '5000' });
    await stack.start('alerting', { ALERTING_LEADER_TTL_MS: '3000', ALERTING_RETRY_BASE_MS: '500' });
    token = (await signUpAndIn(base, `warn-${stack.prefix}@example.com`, 'correct horse battery', 'Ada')).token;
    expect((await call('PUT', '/api/v1/billing/subscription', { plan: 'pro', period: 'monthly' })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const s = sim.server(i);
      const res = await call('POST', '/api/v1/servers', {
        name: name(i),
        host: s.host,
        port: s.port,
        admin_password: s.admin_password,
        addon_http_port: s.addon_http_port,
        addon_ws_port: s.addon_ws_port,
      });
      expect(res.status).toBe(201);
      serverIds.push(res.body.id);
    }
  }, 120_000);

  afterAll(async () => {
    if (process.env.ALERTING_E2E_LOGS)
      for (const [i, p] of stack.processes.entries())
        writeFileSync(`${process.env.ALERTING_E2E_LOGS}/warn-${i}-${p.app}.log`, p.output.join('\n'));
    await stack.close();
    await hook?.close();
  });

  it('every new server gets the presets that warn before the factory stops; they switch off like any rule', async () => {
    for (let i = 0; i < 4; i++) {
      const rules = (await call('GET', `/api/v1/servers/${serverIds[i]}/alert-rules`)).body as {
        id: string;
        kind: string;
        preset: boolean;
        enabled: boolean;
        params: Record<string, number>;
      }[];
      expect(rules.map((r) => r.kind).sort()).toEqual([
        'battery_empty_soon',
        'degraded',
        'drone_station_stopped',
        'fuse_tripped',
        'generator_fuel_low',
        'server_offline',
      ]);
      expect(rules.every((r) => r.preset && r.enabled)).toBe(true);
      expect(rules.find((r) => r.kind === 'battery_empty_soon')?.params).toEqual({ minutes: 30 });
      // Off, so that the only notices below come from the rules each test adds.
      for (const r of rules) {
        const off = await call('PATCH', `/api/v1/servers/${serverIds[i]}/alert-rules/${r.id}`, { enabled: false });
        expect([off.status, off.body.enabled, off.body.preset]).toEqual([200, false, true]);
      }
    }
    const created = await call('POST', '/api/v1/notification-channels', {
      kind: 'webhook',
      name: 'Hook',
      config: { url: hook.webhookUrl },
    });
    expect(created.status).toBe(201);
    channelId = created.body.id;
    hook.setSecret(created.body.signing_secret);
  });

  // The simulated fuse resets two minutes after it trips: the extractor's recovery is checked in the last test, so
  // that the tests in between use the wait (this one comes first for that).
  let stopped: { fired: Delivery & { at: number }; rule: string; paused: string } | undefined;
  const circuitOf = (row: FrmRow) => (row.PowerInfo as { CircuitGroupID?: number } | undefined)?.CircuitGroupID ?? -1;

  it('extractor stopped: a tripped fuse stops the extractors on its circuit; one a player paused stays quiet', async () => {
    const extractors = await frm(3, 'getExtractor');
    // A producing extractor with another on the same circuit (the simulated worlds put several on each).
    const sharing = (e: FrmRow) => extractors.some((o) => o.ID !== e.ID && circuitOf(o) === circuitOf(e));
    const running = extractors.find((e) => e.IsProducing === true && circuitOf(e) >= 0 && sharing(e))!;
    expect(running).toBeDefined();
    // The other, paused by a player: it stops too, but that was the player's choice.
    const paused = extractors.find((e) => e.ID !== running.ID && circuitOf(e) === circuitOf(running))!;
    expect(paused).toBeDefined();
    await sim.patchWorld(3, { extractorPaused: { extractor: paused.ID, paused: true } });
    const id = running.ID as string;
    const rule = await addRule(3, 'extractor_stopped', { for_seconds: 0 });
    await sim.patchWorld(3, { fuseTripped: circuitOf(running) });
    const fired = await notice('fired', 'extractor_stopped', 3, (n) => n?.endsWith(`(${id})`) ?? false);
    expect(fired.summary).toMatch(
      new RegExp(`\\(${id}\\) on Base 3 .*is configured and not paused but produces nothing: no power`),
    );
    stopped = { fired, rule, paused: paused.ID as string };
  }, 60_000);

  it('battery empty soon: fires while the batteries discharge towards empty, recovers once they charge', async () => {
    const [c0] = await frm(0, 'getPower');
    const capacity = c0!.PowerCapacity as number;
    const storage = c0!.BatteryCapacity as number;
    // Consumption held well within capacity: only the drain set here empties the batteries.
    await sim.patchWorld(0, { circuit: { id: 0, consumed: capacity * 0.3 } });
    const rule = await addRule(0, 'battery_empty_soon', { minutes: 30 });
    await sim.patchWorld(0, { circuit: { id: 0, batteryStored: Math.min(10, storage), batteryOutput: 50 } });
    const fired = await notice('fired', 'battery_empty_soon', 0);
    expect(fired.instance).toBe('Circuit 0');
    expect(fired.summary).toMatch(/^The batteries of circuit 0 on Base 0 are discharging and will be empty in \d+ min/);
    expect(fired.fields.map((f) => f.name)).toContain('Empty in');
    await sim.patchWorld(0, { circuit: { id: 0, batteryOutput: null, batteryStored: storage } });
    const resolved = await recovery(fired, 'battery_empty_soon', 0);
    expect(resolved.title).toBe('Battery no longer running out: Circuit 0 on Base 0');
    await deleteRule(0, rule);
  }, 90_000);

  it('battery draining: fires while the batteries discharge, recovers when they stop', async () => {
    const rule = await addRule(0, 'battery_draining', { for_seconds: 0 });
    await sim.patchWorld(0, { circuit: { id: 0, batteryOutput: 40 } });
    const fired = await notice('fired', 'battery_draining', 0);
    expect(fired.title).toBe('Battery draining: Circuit 0 on Base 0');
    expect(fired.summary).toMatch(/keep draining \(-40 MW\)/);
    await sim.patchWorld(0, { circuit: { id: 0, batteryOutput: null, consumed: null } });
    await recovery(fired, 'battery_draining', 0);
    await deleteRule(0, rule);
  }, 90_000);

  it('power capacity under-used: fires below the share of capacity, recovers when the factory draws again', async () => {
    const capacity = (await frm(1, 'getPower'))[0]!.PowerCapacity as number;
    const rule = await addRule(1, 'capacity_underused', { percent: 20, for_seconds: 0 });
    await sim.patchWorld(1, { circuit: { id: 0, consumed: capacity * 0.05 } });
    const fired = await notice('fired', 'capacity_underused', 1, (n) => n === 'Circuit 0');
    expect(fired.summary).toMatch(
      /^Circuit 0 on Base 1 uses [\d.]+ MW of its capacity of [\d.]+ MW, less than 20 %\.$/,
    );
    await sim.patchWorld(1, { circuit: { id: 0, consumed: capacity * 0.6 } });
    const resolved = await recovery(fired, 'capacity_underused', 1);
    expect(resolved.summary).toMatch(/^Circuit 0 on Base 1: power capacity in use after .+\. Worst: [\d.]+ %\.$/);
    await deleteRule(1, rule);
  }, 90_000);

  it("low power headroom: fires when the window's peak comes close to capacity, recovers once the peak left the window", async () => {
    const capacity = (await frm(1, 'getPower'))[0]!.PowerCapacity as number;
    const rule = await addRule(1, 'capacity_headroom', { factor: 1.2, window_minutes: 1 });
    await sim.patchWorld(1, { circuit: { id: 0, consumed: capacity * 0.95 } });
    const fired = await notice('fired', 'capacity_headroom', 1, (n) => n === 'Circuit 0');
    expect(fired.summary).toMatch(/less than 1\.2 × its peak consumption of [\d.]+ MW in the last 1 min\.$/);
    await sim.patchWorld(1, { circuit: { id: 0, consumed: capacity * 0.3 } });
    const loweredAt = Date.now();
    const resolved = await recovery(fired, 'capacity_headroom', 1, 100_000);
    // The peak of 95 % keeps the warning up until it has left the one-minute window.
    expect(resolved.at - loweredAt).toBeGreaterThanOrEqual(50_000);
    await sim.patchWorld(1, { circuit: { id: 0, consumed: null } });
    await deleteRule(1, rule);
  }, 150_000);

  it('generator fuel low: fires when a coal generator is about to burn its last coal, recovers once fuelled', async () => {
    const coal = ((await world(2)).generators as { id: string; className: string }[]).find(
      (g) => g.className === 'Build_GeneratorCoal_C',
    )!;
    const rule = await addRule(2, 'generator_fuel_low', { minutes: 1 });
    await sim.patchWorld(2, { fuelSupply: false, generatorFuel: { generator: coal.id, amount: 3 } });
    const fired = await notice('fired', 'generator_fuel_low', 2, (n) => n === `Coal Generator (${coal.id})`);
    expect(fired.summary).toMatch(
      new RegExp(`^Coal Generator \\(${coal.id}\\) on Base 2 (has fuel \\(Coal\\) for \\d+ s|is out of fuel)`),
    );
    await sim.patchWorld(2, { fuelSupply: true, generatorFuel: { amount: 1000 } });
    const resolved = await recovery(fired, 'generator_fuel_low', 2);
    expect(resolved.title).toBe(`Generator fuelled: Coal Generator (${coal.id}) on Base 2`);
    await deleteRule(2, rule);
  }, 90_000);

  it('drone station stopped: fires for a paired port out of fuel and for one without its drone; recovers each', async () => {
    const port = (await frm(2, 'getDroneStation')).find((s) => s.PairedStation !== 'None')!;
    const station = port.Name as string;
    const full = (port.FuelInventory as { MaxAmount: number }[])[0]?.MaxAmount ?? 50;
    const rule = await addRule(2, 'drone_station_stopped');
    await sim.patchWorld(2, { fuelSupply: false, droneStation: { station, fuel: 0 } });
    const out = await notice('fired', 'drone_station_stopped', 2, (n) => n === station);
    expect(out.summary).toBe(`The drone of port ${station} on Base 2 is out of fuel and cannot fly.`);
    await sim.patchWorld(2, { fuelSupply: true, droneStation: { station, fuel: full } });
    await recovery(out, 'drone_station_stopped', 2);

    await sim.patchWorld(2, { droneStation: { station, drone: false } });
    const noDrone = await notice('fired', 'drone_station_stopped', 2, (n) => n === station, 30_000, out.at + 1);
    expect(noDrone.summary).toBe(`Drone port ${station} on Base 2 has no drone: nothing flies from it.`);
    expect(noDrone.incident_id).not.toBe(out.incident_id);
    await sim.patchWorld(2, { droneStation: { station, drone: true } });
    const back = await recovery(noDrone, 'drone_station_stopped', 2);
    expect(back.title).toBe(`Drone station flying again: ${station} on Base 2`);
    await deleteRule(2, rule);
  }, 120_000);

  it('production deficit: fires for the item consumed faster than made, recovers when production catches up', async () => {
    const rule = await addRule(2, 'production_deficit', { min_per_minute: 1, for_seconds: 0 });
    const plate = (prod: number | null, cons: number | null) => ({
      item: { className: 'Desc_IronPlate_C', prod, cons },
    });
    await sim.patchWorld(2, plate(10, 100));
    const fired = await notice('fired', 'production_deficit', 2, (n) => n === 'Iron Plate');
    expect(fired.summary).toBe('Base 2 consumes 100/min of Iron Plate but produces 10/min: its stock runs down.');
    await sim.patchWorld(2, plate(100, 10));
    const resolved = await recovery(fired, 'production_deficit', 2);
    expect(resolved.summary).toMatch(/^Iron Plate on Base 2: production balanced after .+\. Worst: 90\/min\.$/);
    await sim.patchWorld(2, plate(null, null));
    await deleteRule(2, rule);
  }, 90_000);

  it('train derailed: fires naming the train, recovers when it is back on the rails', async () => {
    const train = ((await world(3)).trains as { id: string; name: string }[])[0]!;
    const rule = await addRule(3, 'train_derailed');
    await sim.patchWorld(3, { derailTrain: train.id });
    const fired = await notice('fired', 'train_derailed', 3, (n) => n === train.name);
    expect(fired.title).toBe(`Train derailed: ${train.name} on Base 3`);
    expect(fired.summary).toMatch(new RegExp(`^Train ${train.name} on Base 3 derailed`));
    await sim.patchWorld(3, { derailTrain: false });
    const resolved = await recovery(fired, 'train_derailed', 3);
    expect(resolved.title).toBe(`Train back on track: ${train.name} on Base 3`);
    await deleteRule(3, rule);
  }, 90_000);

  it('player count above: fires when more players than the threshold are online, recovers when one leaves', async () => {
    await sim.patchWorld(3, { playersOnline: 2 });
    const rule = await addRule(3, 'player_count_above', { above: 1 });
    const fired = await holding(3, { playersOnline: 2 }, () => notice('fired', 'player_count_above', 3));
    expect(fired.summary).toBe('2 players are online on Base 3, more than 1.');
    const resolved = await holding(3, { playersOnline: 1 }, () => recovery(fired, 'player_count_above', 3));
    expect(resolved.title).toBe('Player count back to normal: Base 3');
    await deleteRule(3, rule);
  }, 90_000);

  it('player count below: fires when fewer players than the threshold are online, recovers when one joins', async () => {
    await sim.patchWorld(3, { playersOnline: 1 });
    const rule = await addRule(3, 'player_count_below', { below: 2 });
    const fired = await holding(3, { playersOnline: 1 }, () => notice('fired', 'player_count_below', 3));
    expect(fired.summary).toBe('1 player is online on Base 3, fewer than 2.');
    await holding(3, { playersOnline: 2 }, () => recovery(fired, 'player_count_below', 3));
    await deleteRule(3, rule);
  }, 90_000);

  it('stock running out: fires for an item in stock consumed faster than made, recovers when production catches up', async () => {
    // An item the containers hold that the production statistics know: its stock over the deficit set here is
    // about a minute, well under the rule's 10.
    const made = new Set((await frm(1, 'getProdStats')).map((p) => p.ClassName as string));
    const held = (await frm(1, 'getWorldInv')).find(
      (i) => made.has(i.ClassName as string) && (i.Amount as number) > 0,
    )!;
    const item = { className: held.ClassName as string, name: held.Name as string, amount: held.Amount as number };
    const rule = await addRule(1, 'stock_empty_soon', { minutes: 10 });
    await sim.patchWorld(1, { item: { className: item.className, prod: 0, cons: item.amount } });
    const fired = await notice('fired', 'stock_empty_soon', 1, (n) => n === item.name);
    expect(fired.summary).toMatch(
      new RegExp(
        `^Base 1 has \\d+ ${item.name} in stock and consumes \\d+(\\.\\d)?/min more than it produces: empty in `,
      ),
    );
    expect(fired.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Stock', 'Time left']));
    await sim.patchWorld(1, { item: { className: item.className, prod: item.amount * 2, cons: 0 } });
    const resolved = await recovery(fired, 'stock_empty_soon', 1);
    expect(resolved.title).toBe(`Stock no longer running out: ${item.name} on Base 1`);
    await sim.patchWorld(1, { item: { className: item.className, prod: null, cons: null } });
    await deleteRule(1, rule);
  }, 90_000);

  it('sink points low: fires when the AWESOME Sink earns less than the threshold, recovers when it earns more', async () => {
    const rule = await addRule(1, 'sink_points_below', { points_per_minute: 5000, for_seconds: 0 });
    await sim.patchWorld(1, { sinkPointsPerMinute: 100 });
    const fired = await notice('fired', 'sink_points_below', 1);
    expect(fired.summary).toMatch(/^The AWESOME Sink on Base 1 earns \d+ points\/min, less than 5000\.$/);
    await sim.patchWorld(1, { sinkPointsPerMinute: 1_000_000 });
    const resolved = await recovery(fired, 'sink_points_below', 1);
    expect(resolved.title).toBe('Sink points recovered: Base 1');
    await deleteRule(1, rule);
  }, 90_000);

  it('save changed: tells once that another save was loaded, naming both', async () => {
    const before = (await world(1)).sessionName as string;
    const rule = await addRule(1, 'session_changed');
    const started = Date.now();
    await sim.patchWorld(1, { sessionName: 'Second Playthrough' });
    const told = await notice('fired', 'session_changed', 1);
    expect(told.summary).toBe(
      `Base 1 loaded the save Second Playthrough (it ran ${before} before): charts start new series for it.`,
    );
    expect(told.fields).toEqual(
      expect.arrayContaining([
        { name: 'Save', value: 'Second Playthrough' },
        { name: 'Previous save', value: before },
      ]),
    );
    // Once: the polls after it see the same save.
    await sleep(6000);
    const notices = hook
      .deliveries()
      .filter((d) => d.request.at >= started && (d.body as unknown as Delivery).rule.kind === 'session_changed')
      .filter((d) => !d.request.notes.duplicate);
    expect(notices).toHaveLength(1);
    await deleteRule(1, rule);
  }, 60_000);

  it('extractor stopped (continued): it produces again once the fuse resets; the paused one never alerted', async () => {
    expect(stopped).toBeDefined();
    const { fired, rule, paused } = stopped!;
    const resolved = await recovery(fired, 'extractor_stopped', 3, 180_000);
    expect(resolved.title).toMatch(/^Extractor producing again: .+ on Base 3$/);
    const told = hook
      .deliveries()
      .map((d) => d.body as unknown as Delivery)
      .filter((b) => b.rule.kind === 'extractor_stopped' && b.event === 'fired');
    expect(told.length).toBeGreaterThan(0);
    expect(told.filter((b) => b.instance?.endsWith(`(${paused})`))).toEqual([]);
    await deleteRule(3, rule);
  }, 200_000);
});
