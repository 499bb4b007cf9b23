/** Extractors, drone ports, storage, vehicles and the items they handle (game figures of 1.0, FRM's names). */

/** An item as FRM's inventory entries name it; `stack` is one stack (`MaxAmount`), m³ for fluids. */
export interface Item {
  name: string;
  className: string;
  stack: number;
  form: 'Solid' | 'Liquid' | 'Gas';
}

const item = (name: string, className: string, stack: number, form: Item['form'] = 'Solid'): Item => ({
  name,
  className,
  stack,
  form,
});

/** Resources extractors take out of nodes. */
export const RESOURCES = {
  ironOre: item('Iron Ore', 'Desc_OreIron_C', 100),
  copperOre: item('Copper Ore', 'Desc_OreCopper_C', 100),
  limestone: item('Limestone', 'Desc_Stone_C', 100),
  coal: item('Coal', 'Desc_Coal_C', 100),
  cateriumOre: item('Caterium Ore', 'Desc_OreGold_C', 100),
  rawQuartz: item('Raw Quartz', 'Desc_RawQuartz_C', 100),
  sulfur: item('Sulfur', 'Desc_Sulfur_C', 100),
  bauxite: item('Bauxite', 'Desc_OreBauxite_C', 100),
  water: item('Water', 'Desc_Water_C', 50, 'Liquid'),
  crudeOil: item('Crude Oil', 'Desc_LiquidOil_C', 50, 'Liquid'),
  nitrogen: item('Nitrogen Gas', 'Desc_NitrogenGas_C', 50, 'Gas'),
} as const satisfies Record<string, Item>;

export const MINER_ORES = [
  RESOURCES.ironOre,
  RESOURCES.ironOre,
  RESOURCES.copperOre,
  RESOURCES.limestone,
  RESOURCES.coal,
  RESOURCES.cateriumOre,
  RESOURCES.rawQuartz,
  RESOURCES.sulfur,
  RESOURCES.bauxite,
] as const;

export interface ExtractorType {
  name: string;
  className: string;
  /** Per minute at 100 % clock on a normal node (m³/min for fluids). */
  rate: number;
  /** MW at 100 % clock; 0 for the resource well extractor, which its pressurizer powers. */
  power: number;
  /** Extractors whose rate depends on the node's purity (not the water extractor). */
  purityMatters: boolean;
  resources: readonly Item[];
}

export const EXTRACTOR_TYPES = {
  minerMk1: {
    name: 'Miner Mk.1',
    className: 'Build_MinerMk1_C',
    rate: 60,
    power: 5,
    purityMatters: true,
    resources: MINER_ORES,
  },
  minerMk2: {
    name: 'Miner Mk.2',
    className: 'Build_MinerMk2_C',
    rate: 120,
    power: 15,
    purityMatters: true,
    resources: MINER_ORES,
  },
  minerMk3: {
    name: 'Miner Mk.3',
    className: 'Build_MinerMk3_C',
    rate: 240,
    power: 45,
    purityMatters: true,
    resources: MINER_ORES,
  },
  water: {
    name: 'Water Extractor',
    className: 'Build_WaterPump_C',
    rate: 120,
    power: 20,
    purityMatters: false,
    resources: [RESOURCES.water],
  },
  oil: {
    name: 'Oil Extractor',
    className: 'Build_OilPump_C',
    rate: 120,
    power: 40,
    purityMatters: true,
    resources: [RESOURCES.crudeOil],
  },
  well: {
    name: 'Resource Well Extractor',
    className: 'Build_FrackingExtractor_C',
    rate: 60,
    power: 0,
    purityMatters: true,
    resources: [RESOURCES.nitrogen, RESOURCES.crudeOil, RESOURCES.water],
  },
} as const satisfies Record<string, ExtractorType>;

/** Node purities: the name getResourceNode gives and the factor on the extraction rate. */
export const PURITIES = [
  { name: 'Impure', factor: 0.5 },
  { name: 'Normal', factor: 1 },
  { name: 'Pure', factor: 2 },
] as const;

/** Items found in storage containers, the dimensional depot and on trains. */
export const STORED_ITEMS = [
  item('Iron Plate', 'Desc_IronPlate_C', 200),
  item('Iron Rod', 'Desc_IronRod_C', 200),
  item('Screws', 'Desc_IronScrew_C', 500),
  item('Wire', 'Desc_Wire_C', 500),
  item('Cable', 'Desc_Cable_C', 200),
  item('Concrete', 'Desc_Cement_C', 500),
  item('Steel Beam', 'Desc_SteelPlate_C', 200),
  item('Steel Pipe', 'Desc_SteelPipe_C', 200),
  item('Reinforced Iron Plate', 'Desc_IronPlateReinforced_C', 100),
  item('Modular Frame', 'Desc_ModularFrame_C', 50),
  item('Rotor', 'Desc_Rotor_C', 100),
  item('Stator', 'Desc_Stator_C', 100),
  item('Quartz Crystal', 'Desc_QuartzCrystal_C', 200),
  item('Silica', 'Desc_Silica_C', 200),
  item('Plastic', 'Desc_Plastic_C', 200),
  item('Rubber', 'Desc_Rubber_C', 200),
  item('Computer', 'Desc_Computer_C', 50),
] as const;

export const STORAGE_TYPES = [
  { name: 'Storage Container', className: 'Build_StorageContainerMk1_C', slots: 24 },
  { name: 'Industrial Storage Container', className: 'Build_StorageContainerMk2_C', slots: 48 },
] as const;

/** Drone port names (the building tag players give them; getDrone names its stations by them). */
export const DRONE_PORT_NAMES = ['Arlanda', 'Viared', 'Landvetter', 'Kastrup', 'Gardermoen', 'Vantaa'] as const;

/** Fuels a drone accepts, with their energy in MJ per item. */
export const DRONE_FUELS = [
  { name: 'Battery', className: 'Desc_Battery_C', energy: 6000, stack: 100 },
  { name: 'Packaged Fuel', className: 'Desc_Fuel_C', energy: 750, stack: 100 },
  { name: 'Packaged Turbofuel', className: 'Desc_TurboFuel_C', energy: 2000, stack: 100 },
  { name: 'Packaged Rocket Fuel', className: 'Desc_PackagedRocketFuel_C', energy: 7200, stack: 100 },
] as const;

/** What a drone carries per trip: 9 stacks. */
export const DRONE_STACKS_PER_TRIP = 9;

/** Wheeled vehicles (getVehicles); `fuel` null for the factory cart, which needs none. */
export const VEHICLE_TYPES = [
  {
    name: 'Tractor',
    className: 'BP_Tractor_C',
    endpoint: 'getTractor',
    power: 55,
    fuel: item('Solid Biofuel', 'Desc_Biofuel_C', 200),
  },
  { name: 'Truck', className: 'BP_Truck_C', endpoint: 'getTruck', power: 75, fuel: item('Coal', 'Desc_Coal_C', 100) },
  {
    name: 'Explorer',
    className: 'BP_Explorer_C',
    endpoint: 'getExplorer',
    power: 60,
    fuel: item('Packaged Fuel', 'Desc_Fuel_C', 100),
  },
  { name: 'Factory Cart', className: 'BP_Golfcart_C', endpoint: 'getFactoryCart', power: 0, fuel: null },
] as const;
