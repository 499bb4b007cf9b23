/**
 * A large `getFactory` body built like the reference's live capture (FRM 1.5.3, `/work/shared/reference`, 2.6
 * getFactory): every building carries the buildable base (`ID, Name, ClassName, location` with rotation and pitch,
 * `BoundingBox`, `ColorSlot`), `Recipe`, `RecipeClassName`, `production[]`, `ingredients[]`, `InputInventory[]`,
 * `OutputInventory[]` (non-empty slots only), the machine figures, `PowerInfo` and the GeoJSON `features` copy.
 * Numbers are single-precision floats printed as doubles where the game computes them (rates, percentages, power),
 * as FRM prints them; positions are on the foundation grid. A 338-building factory measures ~460 KB in the reference; this one
 * is the same size within a few percent (printed by the benches).
 *
 * The mix: mostly running machines, about one in five stopped with a full output slot (the live capture had 71 such
 * machines), a few paused, unconfigured ("Unassigned" with FRM's placeholder product) and input-starved ones.
 */

interface Item {
  name: string;
  className: string;
  stack: number;
}
interface Recipe {
  name: string;
  className: string;
  products: [Item, number][];
  ingredients: [Item, number][];
}
interface Machine {
  name: string;
  className: string;
  type: string;
  power: number;
  size: [number, number, number];
  recipes: Recipe[];
}

const item = (name: string, stack = 100): Item => ({ name, className: `Desc_${name.replace(/\W/g, '')}_C`, stack });
const I = {
  ironOre: item('Iron Ore'),
  copperOre: item('Copper Ore'),
  limestone: item('Limestone'),
  coal: item('Coal'),
  ironIngot: item('Iron Ingot'),
  copperIngot: item('Copper Ingot'),
  steelIngot: item('Steel Ingot'),
  ironPlate: item('Iron Plate', 200),
  ironRod: item('Iron Rod', 200),
  screw: item('Screw', 500),
  wire: item('Wire', 500),
  cable: item('Cable', 200),
  concrete: item('Concrete', 500),
  steelBeam: item('Steel Beam', 200),
  steelPipe: item('Steel Pipe', 200),
  copperSheet: item('Copper Sheet', 200),
  reinforcedPlate: item('Reinforced Iron Plate'),
  rotor: item('Rotor'),
  modularFrame: item('Modular Frame', 50),
  stator: item('Stator'),
  motor: item('Motor', 50),
  heavyFrame: item('Heavy Modular Frame', 50),
  computer: item('Computer', 50),
  circuitBoard: item('Circuit Board', 200),
  plastic: item('Plastic', 200),
  rubber: item('Rubber', 200),
  crudeOil: item('Crude Oil', 50),
  heavyOil: item('Heavy Oil Residue', 50),
};
const recipe = (name: string, products: [Item, number][], ingredients: [Item, number][]): Recipe => ({
  name,
  className: `Recipe_${name.replace(/\W/g, '')}_C`,
  products,
  ingredients,
});

const MACHINES: [Machine, number][] = [
  [
    {
      name: 'Smelter',
      className: 'Build_SmelterMk1_C',
      type: 'Smelter',
      power: 4,
      size: [500, 900, 900],
      recipes: [
        recipe('Iron Ingot', [[I.ironIngot, 30]], [[I.ironOre, 30]]),
        recipe('Copper Ingot', [[I.copperIngot, 30]], [[I.copperOre, 30]]),
      ],
    },
    70,
  ],
  [
    {
      name: 'Constructor',
      className: 'Build_ConstructorMk1_C',
      type: 'Constructor',
      power: 4,
      size: [800, 1000, 900],
      recipes: [
        recipe('Iron Plate', [[I.ironPlate, 20]], [[I.ironIngot, 30]]),
        recipe('Iron Rod', [[I.ironRod, 15]], [[I.ironIngot, 15]]),
        recipe('Screw', [[I.screw, 40]], [[I.ironRod, 10]]),
        recipe('Wire', [[I.wire, 30]], [[I.copperIngot, 15]]),
        recipe('Cable', [[I.cable, 30]], [[I.wire, 60]]),
        recipe('Concrete', [[I.concrete, 15]], [[I.limestone, 45]]),
        recipe('Steel Beam', [[I.steelBeam, 15]], [[I.steelIngot, 60]]),
        recipe('Steel Pipe', [[I.steelPipe, 20]], [[I.steelIngot, 30]]),
        recipe('Copper Sheet', [[I.copperSheet, 10]], [[I.copperIngot, 20]]),
      ],
    },
    150,
  ],
  [
    {
      name: 'Assembler',
      className: 'Build_AssemblerMk1_C',
      type: 'Assembler',
      power: 15,
      size: [900, 1600, 1075],
      recipes: [
        recipe(
          'Reinforced Iron Plate',
          [[I.reinforcedPlate, 5]],
          [
            [I.ironPlate, 30],
            [I.screw, 60],
          ],
        ),
        recipe(
          'Rotor',
          [[I.rotor, 4]],
          [
            [I.ironRod, 20],
            [I.screw, 100],
          ],
        ),
        recipe(
          'Modular Frame',
          [[I.modularFrame, 2]],
          [
            [I.reinforcedPlate, 3],
            [I.ironRod, 12],
          ],
        ),
        recipe(
          'Stator',
          [[I.stator, 5]],
          [
            [I.steelPipe, 15],
            [I.wire, 40],
          ],
        ),
        recipe(
          'Circuit Board',
          [[I.circuitBoard, 7.5]],
          [
            [I.copperSheet, 15],
            [I.plastic, 30],
          ],
        ),
      ],
    },
    66,
  ],
  [
    {
      name: 'Foundry',
      className: 'Build_FoundryMk1_C',
      type: 'Foundry',
      power: 16,
      size: [1000, 900, 900],
      recipes: [
        recipe(
          'Steel Ingot',
          [[I.steelIngot, 45]],
          [
            [I.ironOre, 45],
            [I.coal, 45],
          ],
        ),
      ],
    },
    24,
  ],
  [
    {
      name: 'Manufacturer',
      className: 'Build_ManufacturerMk1_C',
      type: 'Manufacturer',
      power: 55,
      size: [1800, 2000, 1200],
      recipes: [
        recipe(
          'Motor',
          [[I.motor, 5]],
          [
            [I.rotor, 10],
            [I.stator, 10],
          ],
        ),
        recipe(
          'Heavy Modular Frame',
          [[I.heavyFrame, 2]],
          [
            [I.modularFrame, 10],
            [I.steelPipe, 40],
            [I.steelBeam, 10],
            [I.screw, 240],
          ],
        ),
        recipe(
          'Computer',
          [[I.computer, 2.5]],
          [
            [I.circuitBoard, 25],
            [I.cable, 22.5],
            [I.plastic, 45],
            [I.screw, 130],
          ],
        ),
      ],
    },
    16,
  ],
  [
    {
      name: 'Refinery',
      className: 'Build_OilRefinery_C',
      type: 'Refinery',
      power: 30,
      size: [1000, 2000, 3100],
      recipes: [
        recipe(
          'Plastic',
          [
            [I.plastic, 20],
            [I.heavyOil, 10],
          ],
          [[I.crudeOil, 30]],
        ),
        recipe(
          'Rubber',
          [
            [I.rubber, 20],
            [I.heavyOil, 20],
          ],
          [[I.crudeOil, 30]],
        ),
      ],
    },
    12,
  ],
];

/** Deterministic pseudo-random numbers (mulberry32): the same seed builds the same factory. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value as the game holds it (float32), printed as FRM prints it (a double: 4.999999523162842). */
const f32 = (v: number): number => Math.fround(v);

export interface LargeFactory {
  /** The body as FRM sends it (compact JSON). */
  text: string;
  buildings: number;
  bytes: number;
}

/** Builds the body of `count` buildings (338 by default, ~460 KB). */
export function largeFactory(count = 338, seed = 20261127): LargeFactory {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const total = MACHINES.reduce((n, [, weight]) => n + weight, 0);
  const machineAt = (r: number): Machine => {
    let left = r * total;
    for (const [machine, weight] of MACHINES) if ((left -= weight) < 0) return machine;
    return MACHINES[0]![0];
  };
  const buildings: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const m = machineAt(random());
    const roll = random();
    const unconfigured = roll < 0.04;
    const paused = !unconfigured && roll < 0.07;
    const outputFull = !unconfigured && !paused && roll < 0.28;
    const starved = !unconfigured && !paused && !outputFull && roll < 0.33;
    const producing = !unconfigured && !paused && !outputFull && !starved;
    const clock = pick([100, 100, 100, 100, 50, 150, 200, 250]);
    const shards = clock > 100 ? Math.ceil((clock - 100) / 50) : 0;
    const r = pick(m.recipes);
    // Buildings snap to the foundation grid (the live capture's assembler stands at 57600, -67900, 14000).
    const x = Math.round(-1_500 + random() * 4_000) * 100;
    const y = Math.round(-2_500 + random() * 5_000) * 100;
    const z = Math.round(random() * 40) * 100;
    const rotation = pick([0, 90, 180, 270]);
    const rate = (perMinute: number) => f32((perMinute * clock) / 100);
    const percent = producing ? f32(95 + random() * 5) : 0;
    const production = unconfigured
      ? [{ Name: 'Unassigned', ClassName: '', Amount: 0, MaxAmount: 0, CurrentProd: 0, MaxProd: 0, ProdPercent: 0 }]
      : r.products.map(([p, perMinute]) => ({
          Name: p.name,
          ClassName: p.className,
          Amount: outputFull ? p.stack : Math.floor(random() * p.stack * 0.3),
          MaxAmount: p.stack,
          CurrentProd: producing ? f32(rate(perMinute) * (percent / 100)) : 0,
          MaxProd: rate(perMinute),
          ProdPercent: percent,
        }));
    const ingredients = unconfigured
      ? []
      : r.ingredients.map(([p, perMinute], n) => ({
          Name: p.name,
          ClassName: p.className,
          Amount: starved && n === 0 ? 0 : 1 + Math.floor(random() * 40),
          MaxAmount: p.stack,
          CurrentConsumed: producing ? f32(rate(perMinute) * (percent / 100)) : 0,
          MaxConsumed: rate(perMinute),
          ConsPercent: percent,
        }));
    const inventory = (slots: { Name: string; ClassName: string; Amount: number; MaxAmount: number }[]) =>
      slots
        .filter((s) => s.Amount > 0 && s.ClassName !== '')
        .map((s) => ({ Name: s.Name, ClassName: s.ClassName, Amount: s.Amount, MaxAmount: s.MaxAmount }));
    const powerConsumed = producing ? f32(m.power * Math.pow(clock / 100, 1.321928) * (percent / 100)) : 0;
    const [sx, sy, sz] = m.size;
    const id = `${m.className}_${2_147_000_000 - i * 1_733}`;
    buildings.push({
      ID: id,
      Name: m.name,
      ClassName: m.className,
      location: { x, y, z, rotation, pitch: 0 },
      BoundingBox: {
        min: { x: x - sx / 2, y: y - sy / 2, z },
        max: { x: x + sx / 2, y: y + sy / 2, z: z + sz },
      },
      ColorSlot: { PrimaryColor: 'FA954900', SecondaryColor: '5F668C00' },
      Recipe: unconfigured ? 'Unassigned' : r.name,
      RecipeClassName: unconfigured ? '' : r.className,
      production,
      ingredients,
      InputInventory: inventory(ingredients),
      OutputInventory: inventory(production),
      Productivity: percent,
      ManuSpeed: clock,
      Somersloops: m.type === 'Manufacturer' && random() < 0.2 ? 4 : 0,
      PowerShards: shards,
      IsConfigured: !unconfigured,
      IsProducing: producing,
      IsPaused: paused,
      PowerInfo: {
        CircuitGroupID: i % 7 === 6 ? 1 : 0,
        CircuitID: i % 7 === 6 ? 3 : 1,
        FuseTriggered: false,
        PowerConsumed: powerConsumed,
        MaxPowerConsumed: f32(m.power * Math.pow(clock / 100, 1.321928)),
      },
      features: {
        properties: { name: m.name, type: m.type },
        geometry: { coordinates: { x, y, z }, type: 'Point' },
      },
    });
  }
  const text = JSON.stringify(buildings);
  return { text, buildings: count, bytes: Buffer.byteLength(text) };
}
