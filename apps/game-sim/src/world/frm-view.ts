import { ITEMS } from './catalog';
import { LOGISTICS_ENDPOINTS } from './frm-logistics-view';
import { GENERATOR_ENDPOINTS } from './frm-power-view';
import { buildable, features, hhmmss, location } from './frm-shapes';
import { STORES_ENDPOINTS } from './frm-stores-view';
import type { SimBuilding, SimCircuit, World } from './world';

/** Renders the world as FRM's JSON, with the field names and shapes of FRM 1.5 (see the reference, 2.6). */

function power(c: SimCircuit): Record<string, unknown> {
  const tripped = c.fuseTripped;
  const differential = c.batteryInput - c.batteryOutput;
  return {
    CircuitGroupID: c.id,
    PowerProduction: tripped ? 0 : c.production,
    PowerConsumed: tripped ? 0 : c.consumed,
    PowerCapacity: tripped ? 0 : c.capacity,
    PowerMaxConsumed: c.maxConsumed,
    BatteryInput: c.batteryInput,
    BatteryOutput: c.batteryOutput,
    BatteryDifferential: differential,
    BatteryPercent: c.batteryCapacity > 0 ? (c.batteryStored / c.batteryCapacity) * 100 : 0,
    BatteryCapacity: c.batteryCapacity,
    BatteryTimeEmpty: hhmmss(differential < 0 ? (c.batteryStored / -differential) * 3600 : 0),
    BatteryTimeFull: hhmmss(differential > 0 ? ((c.batteryCapacity - c.batteryStored) / differential) * 3600 : 0),
    AssociatedCircuits: [c.id],
    FuseTriggered: tripped,
  };
}

/** The first ingredient of each recipe the simulator's machines run (what an empty input slot starves them of). */
const INPUT: Readonly<Record<string, string>> = {
  'Iron Ingot': 'Iron Ore',
  'Iron Plate': 'Iron Ingot',
  Screws: 'Iron Rod',
  Wire: 'Copper Ingot',
  'Steel Ingot': 'Iron Ore',
  Stator: 'Steel Pipe',
};
const descOf = (name: string): string => `Desc_${name.replace(/\s+/g, '')}_C`;

/**
 * One production building. A configured, powered, unpaused machine that is not producing is stalled as on a real
 * server: by turns (its id's parity) its output slot is full or its input slot empty, which is what FRM's
 * inventories show of it.
 */
function building(b: SimBuilding, w: World): Record<string, unknown> {
  const circuit = w.circuits[b.circuit];
  const powered = circuit !== undefined && !circuit.fuseTripped;
  const producing = b.configured && b.producing && powered && !b.paused;
  const stalled = b.configured && powered && !b.paused && !b.producing;
  const outputFull = stalled && Number(b.id.slice(-1)) % 2 === 0;
  const starved = stalled && !outputFull;
  const rate = (5 * b.clock) / 100;
  const output = b.configured ? b.kind.recipe : 'Unassigned';
  const input = INPUT[b.kind.recipe] ?? 'Iron Ingot';
  const outAmount = outputFull ? 100 : 1;
  const inAmount = starved ? 0 : 20;
  return {
    ...buildable(b.id, b.kind.name, b.kind.className, { x: b.x, y: b.y, z: b.z, rotation: 270 }, 450, 1075),
    Recipe: output,
    RecipeClassName: b.configured ? b.kind.recipeClass : '',
    production: [
      {
        Name: output,
        ClassName: b.configured ? descOf(b.kind.recipe) : '',
        Amount: outAmount,
        MaxAmount: 100,
        CurrentProd: producing ? rate : 0,
        MaxProd: rate,
        ProdPercent: producing ? 100 : 0,
      },
    ],
    ingredients: b.configured
      ? [
          {
            Name: input,
            ClassName: descOf(input),
            Amount: inAmount,
            MaxAmount: 100,
            CurrentConsumed: producing ? rate * 2 : 0,
            MaxConsumed: rate * 2,
            ConsPercent: producing ? 100 : 0,
          },
        ]
      : [],
    InputInventory:
      b.configured && inAmount > 0 ? [{ Name: input, ClassName: descOf(input), Amount: inAmount, MaxAmount: 100 }] : [],
    OutputInventory: b.configured
      ? [{ Name: output, ClassName: descOf(b.kind.recipe), Amount: outAmount, MaxAmount: 100 }]
      : [],
    Productivity: producing ? 100 : 0,
    ManuSpeed: b.clock,
    Somersloops: 0,
    PowerShards: b.clock > 100 ? Math.ceil((b.clock - 100) / 50) : 0,
    IsConfigured: b.configured,
    IsProducing: producing,
    IsPaused: b.paused,
    PowerInfo: {
      CircuitGroupID: b.circuit,
      CircuitID: b.circuit,
      FuseTriggered: !powered,
      PowerConsumed: producing ? b.kind.power * (b.clock / 100) : 0,
      MaxPowerConsumed: b.kind.power,
    },
    features: features(b.kind.name, b.kind.name, b.x, b.y, b.z),
  };
}

/** The FRM endpoints the simulator serves; each returns FRM's raw JSON (an array, or an object for getSessionInfo). */
export const FRM_ENDPOINTS: Record<string, (w: World) => unknown> = {
  getPower: (w) => w.circuits.map(power),
  getPlayer: (w) =>
    w.players.map((p) => ({
      ID: p.id,
      Name: p.online ? p.name : '',
      ClassName: 'Char_Player_C',
      location: location(p.x, p.y, p.z, p.rotation),
      Speed: p.speed,
      Online: p.online,
      PlayerHP: p.hp,
      Dead: p.dead,
      Inventory: [{ Name: 'FICSIT Coupon', ClassName: 'Desc_ResourceSinkCoupon_C', Amount: 19, MaxAmount: 500 }],
      features: features(p.name, 'Player', p.x, p.y, p.z),
    })),
  getProdStats: (w) =>
    ITEMS.map((item) => {
      const rate = w.itemRates.get(item.className) ?? { prod: 0, cons: 0, max: 0 };
      return {
        Name: item.name,
        ClassName: item.className,
        ProdPerMin: `P: ${rate.prod.toFixed(1)}/ min - C: ${rate.cons.toFixed(1)}/ min`,
        ProdPercent: rate.max > 0 ? (rate.prod / rate.max) * 100 : 0,
        ConsPercent: rate.max > 0 ? (rate.cons / rate.max) * 100 : 0,
        CurrentProd: rate.prod,
        MaxProd: rate.max,
        CurrentConsumed: rate.cons,
        MaxConsumed: rate.max,
        Type: item.form,
      };
    }),
  getTrains: (w) =>
    w.trains.map((t) => ({
      ID: t.id,
      Name: t.name,
      ClassName: 'BP_Train_C',
      location: location(t.x, t.y, 4400, 270),
      TotalMass: 300000 + t.payload + 60000,
      PayloadMass: t.payload,
      MaxPayloadMass: t.maxPayload,
      ForwardSpeed: t.speed,
      ThrottlePercent: t.speed > 0 ? 100 : 0,
      TrainStation: t.route[t.index] ?? 'No Station',
      Derailed: t.derailed,
      PendingDerail: false,
      Status: t.derailed ? 'Derailed' : 'Self-Driving',
      TimeTable: t.route.map((StationName) => ({ StationName })),
      TimeTableIndex: t.index,
      SelfDriving: 'SDLE_NoError',
      Docking: t.speed === 0 ? 'TDS_Docked' : 'TDS_None',
      Path: 'PDE_NoError',
      Vehicles: [],
      features: features(t.name, 'Train', 0, 0, 0),
      PowerInfo: {
        CircuitGroupID: 0,
        CircuitID: 0,
        FuseTriggered: false,
        PowerConsumed: t.speed > 0 ? 25 : 0,
        MaxPowerConsumed: 110,
      },
    })),
  getDrone: (w) =>
    w.drones
      .filter((d) => d.present)
      .map((d) => ({
        ID: d.id,
        Name: 'Drone',
        ClassName: 'BP_DroneTransport_C',
        HomeStation: d.home,
        PairedStation: d.paired ?? 'None',
        HasPairedStation: d.paired !== null,
        CurrentDestination: d.flying && d.paired ? d.paired : 'No Destination',
        FlyingSpeed: d.speed,
        MaxSpeed: d.flying ? 105 : 0,
        CurrentFlyingMode: d.flying ? 'Flying' : 'None',
        location: location(d.x, d.y, -3190, 90),
        features: features('Drone', 'Drone', d.x, d.y, -3190),
      })),
  getFactory: (w) => w.buildings.map((b) => building(b, w)),
  getSessionInfo: (w) => ({
    SessionName: w.sessionName,
    IsPaused: w.paused,
    DayLength: 50,
    NightLength: 10,
    PassedDays: w.passedDays,
    NumberOfDaysSinceLastDeath: Math.max(0, w.passedDays - w.lastDeathDay),
    Hours: Math.floor(w.dayMinutes / 60),
    Minutes: w.dayMinutes % 60,
    Seconds: 0,
    IsDay: w.dayMinutes >= 6 * 60 && w.dayMinutes < 18 * 60,
    TotalPlayDuration: w.totalDuration,
    TotalPlayDurationText: hhmmss(w.totalDuration),
    Seed: w.settings.seed,
    SpaceElevatorCost: w.settings.spaceElevatorCost,
    RecipeCost: w.settings.recipeCost,
    PowerCost: w.settings.powerCost,
    NodeRando: w.settings.nodeRando,
    NodePurity: w.settings.nodePurity,
  }),
  getModList: () => [
    {
      Name: 'Satisfactory',
      SMRName: 'FactoryGame',
      Version: '415558.0.0',
      Description: 'The game',
      DocsURL: '',
      AcceptsAnyRemoteVersion: false,
      CreatedBy: 'Coffee Stain Studios',
      RemoteVersionRange: '',
      RequiredOnRemote: true,
    },
    {
      Name: 'Satisfactory Mod Loader',
      SMRName: 'SML',
      Version: '3.12.0',
      Description: '',
      DocsURL: '',
      AcceptsAnyRemoteVersion: false,
      CreatedBy: 'Archengius',
      RemoteVersionRange: '^3.12.0',
      RequiredOnRemote: true,
    },
    {
      Name: 'Ficsit Remote Monitoring',
      SMRName: 'FicsitRemoteMonitoring',
      Version: '1.5.3',
      Description: 'Statistical and GeoLocation Monitoring for Satisfactory',
      DocsURL: '',
      AcceptsAnyRemoteVersion: false,
      CreatedBy: 'Porisius',
      RemoteVersionRange: '',
      RequiredOnRemote: false,
    },
  ],
  ...GENERATOR_ENDPOINTS,
  ...LOGISTICS_ENDPOINTS,
  ...STORES_ENDPOINTS,
};

/** Write endpoints: they need the X-FRM-Authorization token. */
export const FRM_WRITE_ENDPOINTS = new Set([
  'setSwitches',
  'setEnabled',
  'sendChatMessage',
  'createPing',
  'setModSetting',
]);
