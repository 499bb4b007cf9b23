/** Power generators and their fuels, with the game's figures (1.0) and FRM's class names. */

/** A fuel a generator or a drone port accepts. */
export interface Fuel {
  name: string;
  className: string;
  form: 'Solid' | 'Liquid';
  /** MJ per item (per m³ for fluids): what one unit gives when burnt. */
  energy: number;
  /**
   * What FRM's `AvailableFuel[].Amount` says: the energy for solids; 0 for fluids, whose value FRM passes through an
   * integer conversion (reference 2.6.1, getGenerators).
   */
  reported: number;
  /** One stack (`MaxAmount`); m³ for fluids. */
  stack: number;
}

const solid = (name: string, className: string, energy: number, stack: number): Fuel => ({
  name,
  className,
  form: 'Solid',
  energy,
  reported: energy,
  stack,
});
const fluid = (name: string, className: string, energy: number): Fuel => ({
  name,
  className,
  form: 'Liquid',
  energy,
  reported: 0,
  stack: 50,
});

export const FUELS = {
  leaves: solid('Leaves', 'Desc_Leaves_C', 15, 500),
  wood: solid('Wood', 'Desc_Wood_C', 100, 200),
  biomass: solid('Biomass', 'Desc_GenericBiomass_C', 180, 200),
  solidBiofuel: solid('Solid Biofuel', 'Desc_Biofuel_C', 450, 200),
  coal: solid('Coal', 'Desc_Coal_C', 300, 100),
  compactedCoal: solid('Compacted Coal', 'Desc_CompactedCoal_C', 630, 100),
  petroleumCoke: solid('Petroleum Coke', 'Desc_PetroleumCoke_C', 180, 200),
  fuel: fluid('Fuel', 'Desc_LiquidFuel_C', 750),
  turbofuel: fluid('Turbofuel', 'Desc_LiquidTurboFuel_C', 2000),
  liquidBiofuel: fluid('Liquid Biofuel', 'Desc_LiquidBiofuel_C', 750),
  rocketFuel: fluid('Rocket Fuel', 'Desc_RocketFuel_C', 3600),
  uraniumRod: solid('Uranium Fuel Rod', 'Desc_NuclearFuelRod_C', 750_000, 50),
  plutoniumRod: solid('Plutonium Fuel Rod', 'Desc_PlutoniumFuelRod_C', 1_500_000, 50),
  ficsoniumRod: solid('Ficsonium Fuel Rod', 'Desc_FicsoniumFuelRod_C', 150_000, 50),
} as const satisfies Record<string, Fuel>;

/** The supplement (water) a generator needs, in m³ per minute at 100 % clock and full load. */
export interface Supplement {
  name: string;
  className: string;
  perMinute: number;
}

const WATER = (perMinute: number): Supplement => ({ name: 'Water', className: 'Desc_Water_C', perMinute });

export interface GeneratorType {
  /** Display name (FRM `Name`, `features.properties.type`). */
  name: string;
  className: string;
  /** MW at 100 % clock (geothermal: the middle of its range). */
  capacity: number;
  /** Accepted fuels; the first is the one the simulated generator burns. Empty for geothermal. */
  fuels: readonly Fuel[];
  supplement: Supplement | null;
  /** Power shards can raise the clock (the biomass burner has no shard slots). */
  clockable: boolean;
  nuclear: boolean;
  geothermal: boolean;
  /** The endpoint that lists only this type. */
  endpoint: string;
}

export const GENERATOR_TYPES = {
  biomass: {
    name: 'Biomass Burner',
    className: 'Build_GeneratorBiomass_Automated_C',
    capacity: 30,
    fuels: [FUELS.biomass, FUELS.leaves, FUELS.wood, FUELS.solidBiofuel],
    supplement: null,
    clockable: false,
    nuclear: false,
    geothermal: false,
    endpoint: 'getBiomassGenerator',
  },
  coal: {
    name: 'Coal Generator',
    className: 'Build_GeneratorCoal_C',
    capacity: 75,
    fuels: [FUELS.coal, FUELS.compactedCoal, FUELS.petroleumCoke],
    supplement: WATER(45),
    clockable: true,
    nuclear: false,
    geothermal: false,
    endpoint: 'getCoalGenerator',
  },
  fuel: {
    name: 'Fuel-Powered Generator',
    className: 'Build_GeneratorFuel_C',
    capacity: 250,
    fuels: [FUELS.fuel, FUELS.turbofuel, FUELS.liquidBiofuel, FUELS.rocketFuel],
    supplement: null,
    clockable: true,
    nuclear: false,
    geothermal: false,
    endpoint: 'getFuelGenerator',
  },
  geothermal: {
    name: 'Geothermal Generator',
    className: 'Build_GeneratorGeoThermal_C',
    capacity: 200,
    fuels: [],
    supplement: null,
    clockable: false,
    nuclear: false,
    geothermal: true,
    endpoint: 'getGeothermalGenerator',
  },
  nuclear: {
    name: 'Nuclear Power Plant',
    className: 'Build_GeneratorNuclear_C',
    capacity: 2500,
    fuels: [FUELS.uraniumRod, FUELS.plutoniumRod, FUELS.ficsoniumRod],
    supplement: WATER(240),
    clockable: true,
    nuclear: true,
    geothermal: false,
    endpoint: 'getNuclearGenerator',
  },
} as const satisfies Record<string, GeneratorType>;

/** Geothermal output range in MW by geyser purity (impure, normal, pure). */
export const GEYSER_RANGES = [
  { min: 50, max: 150 },
  { min: 100, max: 300 },
  { min: 200, max: 600 },
] as const;

/** Nuclear waste: what a burnt uranium rod leaves, and what the plant's waste slot holds before it stops. */
export const NUCLEAR_WASTE = { name: 'Uranium Waste', className: 'Desc_NuclearWaste_C', perRod: 50, max: 500 };
