import type {
  DroneStation,
  Extractor,
  Generator,
  HealthData,
  InventoryItem,
  PollResult,
  PowerCircuit,
  ProductionItem,
} from '@app/contracts';
import { SystemClock } from '@app/platform';
import { Evaluator, type ConfigView } from './evaluator';
import type { Outcome, RuleDef, ServerInfo } from './model';

// The rules that warn before the factory stops: each fires when its condition holds (for its time), stays quiet when
// it does not, and tells the recovery.

const SERVER = '11111111-1111-4111-8111-111111111111';
const ORG = '22222222-2222-4222-8222-222222222222';
const T0 = Date.parse('2026-11-22T10:00:00Z');

let ruleCount = 0;
function rule(kind: string, params: Record<string, number>, extra: Partial<RuleDef> = {}): RuleDef {
  ruleCount++;
  return {
    id: `00000000-0000-4000-8000-${String(ruleCount).padStart(12, '0')}`,
    orgId: ORG,
    serverId: SERVER,
    kind,
    name: kind,
    severity: 'warning',
    params,
    pendingSeconds: 0,
    pendingPolls: 1,
    repeatSeconds: 0,
    notifyOnRecovery: true,
    allChannels: true,
    channelIds: [],
    ...extra,
  };
}

function evaluatorWith(...rules: RuleDef[]): Evaluator {
  const server: ServerInfo = {
    id: SERVER,
    orgId: ORG,
    name: 'Factory',
    status: 'online',
    statusReason: null,
    addonStatus: 'available',
    addonSeen: true,
  };
  const view: ConfigView = {
    server: (id) => (id === SERVER ? server : undefined),
    rulesFor: () => rules,
    silences: () => [],
  };
  return new Evaluator(view, new SystemClock());
}

function result<K extends PollResult['kind']>(kind: K, s: number, data: Extract<PollResult, { kind: K }>['data']) {
  return {
    kind,
    serverId: SERVER,
    orgId: ORG,
    time: new Date(T0 + s * 1000).toISOString(),
    durationMs: 4,
    error: null,
    data,
  } as PollResult;
}

/** What a user reads of the outcomes: the kind of each, the instance's name and the summary. */
const told = (outcomes: Outcome[]) =>
  outcomes.map((o) => ({
    type: o.type,
    instance: 'message' in o ? o.message.instance : null,
    summary: 'message' in o ? o.message.summary : null,
  }));

const circuit = (id: number, c: Partial<PowerCircuit> = {}): PowerCircuit => ({
  circuitGroupId: id,
  powerProduction: 100,
  powerConsumed: 80,
  powerCapacity: 120,
  powerMaxConsumed: 90,
  batteryPercent: 50,
  batteryCapacity: 100,
  batteryDifferential: 0,
  batteryInput: 0,
  batteryOutput: 0,
  batteryTimeEmptySeconds: null,
  batteryTimeFullSeconds: null,
  fuseTriggered: false,
  ...c,
});
const power = (s: number, circuits: PowerCircuit[]) => result('power', s, circuits);

describe('production deficit', () => {
  const item = (name: string, prod: number, cons: number): ProductionItem => ({
    itemClass: `Desc_${name.replace(/\s/g, '')}_C`,
    itemName: name,
    itemForm: 'Solid',
    currentProd: prod,
    maxProd: prod * 2,
    currentConsumed: cons,
    maxConsumed: cons * 2,
    prodPercent: 50,
    consPercent: 50,
  });
  const production = (s: number, items: ProductionItem[]) => result('production', s, items);

  it('fires per item once consumption has exceeded production by the rate for the time, and tells the recovery', () => {
    const evaluator = evaluatorWith(rule('production_deficit', { min_per_minute: 5, for_seconds: 60 }));
    const items = (ingot: number) => [
      item('Iron Ingot', 100, ingot),
      item('Copper Ingot', 50, 50),
      item('Wire', 30, 33), // a deficit below the rule's 5/min
    ];
    expect(evaluator.onResult(production(0, items(120)))).toEqual([]);
    expect(evaluator.onResult(production(30, items(121)))).toEqual([]); // not for 60 s yet
    expect(told(evaluator.onResult(production(60, items(125))))).toEqual([
      {
        type: 'fire',
        instance: 'Iron Ingot',
        summary: 'Factory consumes 125/min of Iron Ingot but produces 100/min: its stock runs down.',
      },
    ]);
    expect(evaluator.onResult(production(75, items(130)))).toEqual([]); // firing: told once
    expect(told(evaluator.onResult(production(90, items(99))))).toEqual([
      {
        type: 'resolve',
        instance: 'Iron Ingot',
        summary: 'Iron Ingot on Factory: production balanced after 1 min 30 s. Worst: 30/min.',
      },
    ]);
  });

  it('a deficit that stops before its time starts over', () => {
    const evaluator = evaluatorWith(rule('production_deficit', { min_per_minute: 1, for_seconds: 60 }));
    evaluator.onResult(production(0, [item('Screw', 10, 20)]));
    expect(evaluator.onResult(production(40, [item('Screw', 20, 20)]))).toEqual([]);
    expect(evaluator.onResult(production(70, [item('Screw', 10, 20)]))).toEqual([]);
    expect(evaluator.onResult(production(100, [item('Screw', 10, 20)]))).toEqual([]);
    expect(told(evaluator.onResult(production(130, [item('Screw', 10, 20)])))[0]?.type).toBe('fire');
  });
});

describe('power capacity under-used', () => {
  it('fires per circuit below the share for the time, skips a circuit without capacity, and recovers', () => {
    const evaluator = evaluatorWith(rule('capacity_underused', { percent: 20, for_seconds: 120 }));
    const idle = (s: number, consumed: number) =>
      power(s, [circuit(1, { powerConsumed: consumed, powerCapacity: 1000 }), circuit(2, { powerCapacity: 0 })]);
    expect(evaluator.onResult(idle(0, 150))).toEqual([]);
    expect(evaluator.onResult(idle(60, 150))).toEqual([]);
    const fired = told(evaluator.onResult(idle(120, 100)));
    expect(fired).toEqual([
      {
        type: 'fire',
        instance: 'Circuit 1',
        summary: 'Circuit 1 on Factory uses 100 MW of its capacity of 1000 MW, less than 20 %.',
      },
    ]);
    expect(told(evaluator.onResult(idle(180, 600)))).toEqual([
      {
        type: 'resolve',
        instance: 'Circuit 1',
        summary: 'Circuit 1 on Factory: power capacity in use after 3 min. Worst: 10 %.',
      },
    ]);
  });
});

describe('battery empty soon', () => {
  const discharging = (seconds: number | null, c: Partial<PowerCircuit> = {}) =>
    circuit(0, {
      batteryDifferential: -50,
      batteryOutput: 50,
      batteryPercent: 8,
      batteryTimeEmptySeconds: seconds,
      ...c,
    });

  it('fires while discharging with less than the time left, says when it is empty, and recovers once charging', () => {
    const evaluator = evaluatorWith(rule('battery_empty_soon', { minutes: 30 }));
    expect(evaluator.onResult(power(0, [discharging(3600)]))).toEqual([]); // an hour left
    const fired = evaluator.onResult(power(10, [discharging(600)]));
    expect(told(fired)).toEqual([
      {
        type: 'fire',
        instance: 'Circuit 0',
        summary:
          'The batteries of circuit 0 on Factory are discharging and will be empty in 10 min (now at 8 %): then the fuse trips.',
      },
    ]);
    expect((fired[0] as { message: { fields: unknown[] } }).message.fields).toContainEqual({
      name: 'Empty in',
      value: '10 min',
      inline: true,
    });
    const charging = circuit(0, { batteryDifferential: 80, batteryInput: 80, batteryTimeEmptySeconds: 0 });
    expect(told(evaluator.onResult(power(70, [charging])))).toEqual([
      {
        type: 'resolve',
        instance: 'Circuit 0',
        summary: 'Circuit 0 on Factory: battery no longer running out after 1 min. Worst: 10 min.',
      },
    ]);
  });

  it('does not fire on the "00:00:00" FRM sends while charging or idle, nor without batteries', () => {
    const evaluator = evaluatorWith(rule('battery_empty_soon', { minutes: 30 }));
    const charging = circuit(0, { batteryDifferential: 80, batteryInput: 80, batteryTimeEmptySeconds: 0 });
    const idle = circuit(1, { batteryDifferential: 0, batteryTimeEmptySeconds: 0 });
    const none = circuit(2, { batteryCapacity: 0, batteryDifferential: -10, batteryTimeEmptySeconds: 0 });
    expect(evaluator.onResult(power(0, [charging, idle, none]))).toEqual([]);
    expect(evaluator.onResult(power(10, [discharging(null)]))).toEqual([]); // discharging, time unknown
    expect(evaluator.stateCount).toBe(0);
  });
});

describe('capacity headroom', () => {
  it("fires when the capacity is below k × the window's peak, and recovers once the peak has left the window", () => {
    const evaluator = evaluatorWith(rule('capacity_headroom', { factor: 1.2, window_minutes: 10 }));
    const at = (s: number, consumed: number) => power(s, [circuit(3, { powerCapacity: 150, powerConsumed: consumed })]);
    expect(evaluator.onResult(at(0, 100))).toEqual([]); // 150 MW ≥ 1.2 × 100 MW
    expect(told(evaluator.onResult(at(60, 130)))).toEqual([
      {
        type: 'fire',
        instance: 'Circuit 3',
        summary:
          'Circuit 3 on Factory has a capacity of 150 MW, less than 1.2 × its peak consumption of 130 MW in the last 10 min.',
      },
    ]);
    // The consumption fell, but the peak of 130 MW is still in the window: still firing, nothing new to tell.
    expect(evaluator.onResult(at(120, 80))).toEqual([]);
    expect(evaluator.onResult(at(600, 80))).toEqual([]);
    const resolved = told(evaluator.onResult(at(661, 80)));
    expect(resolved).toEqual([
      {
        type: 'resolve',
        instance: 'Circuit 3',
        summary: 'Circuit 3 on Factory: power headroom restored after 10 min 1 s. Worst: 130 MW.',
      },
    ]);
  });

  it('skips a circuit whose fuse tripped (no capacity) and one that consumes nothing', () => {
    const evaluator = evaluatorWith(rule('capacity_headroom', { factor: 1.2, window_minutes: 10 }));
    const tripped = circuit(0, { powerCapacity: 0, powerConsumed: 0, fuseTriggered: true });
    const unused = circuit(1, { powerCapacity: 100, powerConsumed: 0 });
    expect(evaluator.onResult(power(0, [tripped, unused]))).toEqual([]);
    expect(evaluator.stateCount).toBe(0);
  });
});

describe('generator fuel running out', () => {
  const generator = (id: string, g: Partial<Generator> = {}): Generator => ({
    generatorId: `Build_GeneratorCoal_C_${id}`,
    name: 'Coal Generator',
    className: 'Build_GeneratorCoal_C',
    fuelClass: 'Desc_Coal_C',
    fuelName: 'Coal',
    fuelForm: 'Solid',
    fuelAmount: 40,
    burnTimeLeftSeconds: 3600,
    production: 75,
    capacity: 75,
    loadPercent: 100,
    clockPercent: 100,
    canStart: true,
    supplementPercent: 100,
    nuclearWarning: null,
    circuitGroupId: 4,
    ...g,
  });
  const generators = (s: number, list: Generator[]) => result('generators', s, list);

  it('fires per generator for little fuel, none, or no start, and recovers when fuelled', () => {
    const evaluator = evaluatorWith(rule('generator_fuel_low', { minutes: 10 }));
    const list = (first: Partial<Generator>) => [
      generator('1', first),
      generator('2'), // an hour of coal
      generator('3', { burnTimeLeftSeconds: null, production: 0 }), // idle: burns nothing now
      generator('4', {
        generatorId: 'Build_GeneratorGeoThermal_C_4',
        className: 'Build_GeneratorGeoThermal_C',
        fuelForm: 'Geothermal',
        fuelAmount: 0,
        canStart: false,
      }),
      generator('5', { fuelAmount: 0, burnTimeLeftSeconds: null, canStart: false, fuelName: null }),
      generator('6', { canStart: false, supplementPercent: 0 }),
    ];
    const fired = told(evaluator.onResult(generators(0, list({ fuelAmount: 2, burnTimeLeftSeconds: 240 }))));
    expect(fired).toEqual([
      {
        type: 'fire',
        instance: 'Coal Generator (Build_GeneratorCoal_C_1)',
        summary: 'Coal Generator (Build_GeneratorCoal_C_1) on Factory has fuel (Coal) for 4 min at its current output.',
      },
      {
        type: 'fire',
        instance: 'Coal Generator (Build_GeneratorCoal_C_5)',
        summary: 'Coal Generator (Build_GeneratorCoal_C_5) on Factory is out of fuel: it produces no power.',
      },
      {
        type: 'fire',
        instance: 'Coal Generator (Build_GeneratorCoal_C_6)',
        summary: 'Coal Generator (Build_GeneratorCoal_C_6) on Factory cannot start: it produces no power.',
      },
    ]);
    const refuelled = told(evaluator.onResult(generators(45, list({ fuelAmount: 50, burnTimeLeftSeconds: 3000 }))));
    expect(refuelled).toEqual([
      {
        type: 'resolve',
        instance: 'Coal Generator (Build_GeneratorCoal_C_1)',
        summary: 'Coal Generator (Build_GeneratorCoal_C_1) on Factory: generator fuelled after 45 s. Worst: 4 min.',
      },
    ]);
  });

  it('a generator that was running out and is dismantled recovers under its name', () => {
    const evaluator = evaluatorWith(rule('generator_fuel_low', { minutes: 10 }));
    evaluator.onResult(generators(0, [generator('1', { burnTimeLeftSeconds: 60 }), generator('2')]));
    expect(told(evaluator.onResult(generators(30, [generator('2')])))).toEqual([
      {
        type: 'resolve',
        instance: 'Coal Generator (Build_GeneratorCoal_C_1)',
        summary: 'Coal Generator (Build_GeneratorCoal_C_1) on Factory: generator fuelled after 30 s. Worst: 1 min.',
      },
    ]);
  });
});

describe('extractor stopped', () => {
  const extractor = (id: string, e: Partial<Extractor> = {}): Extractor => ({
    extractorId: `Build_MinerMk2_C_${id}`,
    name: 'Miner Mk.2',
    className: 'Build_MinerMk2_C',
    resourceClass: 'Desc_OreIron_C',
    resourceName: 'Iron Ore',
    purity: 'Normal',
    currentProd: 120,
    maxProd: 120,
    productivity: 100,
    clockPercent: 100,
    isConfigured: true,
    isProducing: true,
    isPaused: false,
    circuitGroupId: 1,
    ...e,
  });
  const extractors = (s: number, list: Extractor[]) => result('extractors', s, list);
  const stopped = { isProducing: false, currentProd: 0, productivity: 0 };

  it('fires for a configured, unpaused extractor producing nothing for the time, never for a paused one', () => {
    const evaluator = evaluatorWith(rule('extractor_stopped', { for_seconds: 60 }));
    const list = (first: Partial<Extractor>) => [
      extractor('1', first),
      extractor('2', { ...stopped, isPaused: true }), // a player paused it
      extractor('3', { ...stopped, isConfigured: false, resourceName: null }),
      extractor('4'),
    ];
    expect(evaluator.onResult(extractors(0, list(stopped)))).toEqual([]);
    expect(told(evaluator.onResult(extractors(60, list(stopped))))).toEqual([
      {
        type: 'fire',
        instance: 'Miner Mk.2 (Build_MinerMk2_C_1)',
        summary:
          'Miner Mk.2 (Build_MinerMk2_C_1) on Factory (Iron Ore) is configured and not paused but produces nothing: no power, or its output is full.',
      },
    ]);
    expect(told(evaluator.onResult(extractors(90, list({})))).map((o) => [o.type, o.summary])).toEqual([
      ['resolve', 'Miner Mk.2 (Build_MinerMk2_C_1) on Factory: extractor producing again after 1 min 30 s.'],
    ]);
  });
});

describe('drone station stopped', () => {
  const station = (name: string, s: Partial<DroneStation> = {}): DroneStation => ({
    stationId: `Build_DroneStation_C_${name}`,
    name,
    pairedStation: 'Viared',
    droneStatus: 'En Route',
    fuelName: 'Battery',
    fuelAmount: 50,
    fuelRate: 2,
    fuelTimeLeftSeconds: 1500,
    roundTripSeconds: 120,
    avgIncRate: 10,
    avgOutRate: 10,
    transportRate: 4.6,
    ...s,
  });
  const stations = (s: number, list: DroneStation[]) => result('drone_stations', s, list);

  it('fires for no drone at a paired port, no fuel, or little fuel; recovers when it flies again', () => {
    const evaluator = evaluatorWith(rule('drone_station_stopped', { minutes: 10 }));
    const list = (first: Partial<DroneStation>) => [
      station('Arlanda', first),
      station('Bromma', { droneStatus: 'No Drone' }),
      station('Kiruna', { droneStatus: 'No Drone', pairedStation: null }), // only receives
      station('Landvetter', { droneStatus: 'Not Enough Fuel', fuelAmount: 0, fuelTimeLeftSeconds: 0 }),
      station('Skavsta'),
    ];
    const fired = told(evaluator.onResult(stations(0, list({ fuelAmount: 4, fuelTimeLeftSeconds: 120 }))));
    expect(fired).toEqual([
      {
        type: 'fire',
        instance: 'Arlanda',
        summary: 'The drone of port Arlanda on Factory has fuel for 2 min at its estimated rate.',
      },
      {
        type: 'fire',
        instance: 'Bromma',
        summary: 'Drone port Bromma on Factory has no drone: nothing flies from it.',
      },
      {
        type: 'fire',
        instance: 'Landvetter',
        summary: 'The drone of port Landvetter on Factory is out of fuel and cannot fly.',
      },
    ]);
    expect(told(evaluator.onResult(stations(60, list({}))))).toEqual([
      {
        type: 'resolve',
        instance: 'Arlanda',
        summary: 'Arlanda on Factory: drone station flying again after 1 min. Worst: 2 min.',
      },
    ]);
  });

  it('by default (0 min) a port low on fuel is fine until its drone cannot fly', () => {
    const evaluator = evaluatorWith(rule('drone_station_stopped', { minutes: 0 }));
    expect(evaluator.onResult(stations(0, [station('Arlanda', { fuelAmount: 1, fuelTimeLeftSeconds: 30 })]))).toEqual(
      [],
    );
    const grounded = station('Arlanda', { droneStatus: 'Not Enough Fuel', fuelAmount: 1, fuelTimeLeftSeconds: 30 });
    expect(told(evaluator.onResult(stations(10, [grounded])))[0]).toMatchObject({ type: 'fire', instance: 'Arlanda' });
  });

  it('a failed poll tells nothing: the incident stays open', () => {
    const evaluator = evaluatorWith(rule('drone_station_stopped', { minutes: 10 }));
    evaluator.onResult(stations(0, [station('Arlanda', { droneStatus: 'Not Enough Fuel' })]));
    expect(evaluator.onResult({ ...stations(10, []), data: null })).toEqual([]);
    expect(evaluator.stateCount).toBe(1);
  });
});

describe('stock running out', () => {
  const stock = (name: string, amount: number, cloudAmount = 0): InventoryItem => ({
    itemClass: `Desc_${name.replace(/\s/g, '')}_C`,
    itemName: name,
    amount,
    cloudAmount,
    stackSize: 100,
  });
  const rates = (s: number, list: [string, number, number][]) =>
    result(
      'production',
      s,
      list.map(([name, prod, cons]) => ({
        itemClass: `Desc_${name.replace(/\s/g, '')}_C`,
        itemName: name,
        itemForm: 'Solid',
        currentProd: prod,
        maxProd: prod,
        currentConsumed: cons,
        maxConsumed: cons,
        prodPercent: 100,
        consPercent: 100,
      })),
    );
  const inventory = (s: number, list: InventoryItem[]) => result('inventory', s, list);

  it('fires for an item in stock that runs out within the time at the production deficit, and recovers', () => {
    const evaluator = evaluatorWith(rule('stock_empty_soon', { minutes: 60 }));
    // Plates: 1,200 in stock (900 + 300 in the depot), 40/min short: empty in 30 min. Rods: 10/min short but 6,000
    // in stock (10 h). Screws: produced faster than consumed. Wire: short, but none in stock (production deficit's).
    evaluator.onResult(
      rates(0, [
        ['Iron Plate', 60, 100],
        ['Iron Rod', 50, 60],
        ['Screws', 200, 100],
        ['Wire', 0, 30],
      ]),
    );
    const list = [stock('Iron Plate', 900, 300), stock('Iron Rod', 6000), stock('Screws', 500), stock('Wire', 0)];
    expect(told(evaluator.onResult(inventory(30, list)))).toEqual([
      {
        type: 'fire',
        instance: 'Iron Plate',
        summary: 'Factory has 1200 Iron Plate in stock and consumes 40/min more than it produces: empty in 30 min.',
      },
    ]);
    evaluator.onResult(rates(60, [['Iron Plate', 100, 100]]));
    expect(told(evaluator.onResult(inventory(90, list))).map((o) => [o.type, o.summary])).toEqual([
      ['resolve', 'Iron Plate on Factory: stock no longer running out after 1 min. Worst: 30 min.'],
    ]);
  });

  it('knows no rate before the first production poll: nothing fires', () => {
    const evaluator = evaluatorWith(rule('stock_empty_soon', { minutes: 60 }));
    expect(evaluator.onResult(inventory(0, [stock('Iron Plate', 10)]))).toEqual([]);
  });
});

describe('sink points below', () => {
  const sink = (s: number, pointsPerMinute: number) =>
    result('resource_sink', s, {
      track: 'Default',
      totalPoints: 1e6,
      coupons: 3,
      couponProgress: 0.5,
      pointsToCoupon: 1000,
      pointsPerMinute,
    });

  it('fires when the sink earns less than the threshold for the time, and recovers', () => {
    const evaluator = evaluatorWith(rule('sink_points_below', { points_per_minute: 5000, for_seconds: 120 }));
    expect(evaluator.onResult(sink(0, 8000))).toEqual([]);
    expect(evaluator.onResult(sink(60, 1500))).toEqual([]);
    expect(told(evaluator.onResult(sink(180, 1500)))).toEqual([
      {
        type: 'fire',
        instance: null,
        summary: 'The AWESOME Sink on Factory earns 1500 points/min, less than 5000.',
      },
    ]);
    expect(told(evaluator.onResult(sink(240, 9000))).map((o) => o.type)).toEqual(['resolve']);
  });
});

describe('save changed', () => {
  const health = (s: number, sessionName: string | null) =>
    result('health', s, {
      status: 'online',
      tickRate: 30,
      playerCount: 0,
      playerLimit: 4,
      techTier: 1,
      gamePhase: null,
      gamePhaseNumber: null,
      gamePhaseName: null,
      isRunning: true,
      isPaused: false,
      totalDuration: 100,
      sessionName,
      latencyMs: 3,
    } satisfies HealthData);

  it('tells once when another save is loaded (from health, no add-on needed), never for the first one seen', () => {
    const evaluator = evaluatorWith(rule('session_changed', {}));
    expect(evaluator.onResult(health(0, 'Northern Forest'))).toEqual([]);
    expect(evaluator.onResult(health(30, 'Northern Forest'))).toEqual([]);
    expect(evaluator.onResult(health(40, null))).toEqual([]); // no save loaded is not another save
    const outcomes = evaluator.onResult(health(60, 'Dune Desert'));
    expect(told(outcomes)).toEqual([
      {
        type: 'event',
        instance: null,
        summary: 'Factory loaded the save Dune Desert (it ran Northern Forest before): charts start new series for it.',
      },
    ]);
    expect(evaluator.onResult(health(90, 'Dune Desert'))).toEqual([]);
    // A replayed older poll changes nothing.
    expect(evaluator.onResult(health(45, 'Northern Forest'))).toEqual([]);
  });

  it('after a restart, the save seeded from the stored health is no change', () => {
    const evaluator = evaluatorWith(rule('session_changed', {}));
    evaluator.sessions.seed(SERVER, 'Dune Desert', T0);
    expect(evaluator.onResult(health(30, 'Dune Desert'))).toEqual([]);
    expect(told(evaluator.onResult(health(60, 'Grass Fields')))[0]?.type).toBe('event');
  });
});
