/** Names and game data the simulated worlds draw from (values as the real game and FRM spell them). */

export const PLAYER_NAMES = [
  'Pioneer_Ada',
  'FicsitFan',
  'ConveyorQueen',
  'LizardDoggo',
  'SpaghettiBelt',
  'HardDriveHunter',
  'NuclearNora',
  'TrainSpotter',
  'QuartzKid',
  'MercerSphere',
  'SomersloopSam',
  'PowerShardPete',
] as const;

export function gamePhasePath(phase: number): string {
  const name = `GP_Project_Assembly_Phase_${phase}`;
  return `/Script/FactoryGame.FGGamePhase'/Game/FactoryGame/GamePhases/${name}.${name}'`;
}

export function schematicPath(tier: number, index: number): string {
  const name = `Schematic_${tier}-${index}`;
  return `/Script/Engine.BlueprintGeneratedClass'/Game/FactoryGame/Schematics/Progression/${name}.${name}_C'`;
}

/** Items with their class names and typical factory-wide rates per minute. */
export const ITEMS = [
  { name: 'Iron Ore', className: 'Desc_OreIron_C', form: 'Solid', rate: 480 },
  { name: 'Iron Ingot', className: 'Desc_IronIngot_C', form: 'Solid', rate: 270 },
  { name: 'Iron Plate', className: 'Desc_IronPlate_C', form: 'Solid', rate: 120 },
  { name: 'Iron Rod', className: 'Desc_IronRod_C', form: 'Solid', rate: 90 },
  { name: 'Screws', className: 'Desc_IronScrew_C', form: 'Solid', rate: 240 },
  { name: 'Copper Ore', className: 'Desc_OreCopper_C', form: 'Solid', rate: 300 },
  { name: 'Copper Ingot', className: 'Desc_CopperIngot_C', form: 'Solid', rate: 150 },
  { name: 'Wire', className: 'Desc_Wire_C', form: 'Solid', rate: 200 },
  { name: 'Cable', className: 'Desc_Cable_C', form: 'Solid', rate: 60 },
  { name: 'Concrete', className: 'Desc_Cement_C', form: 'Solid', rate: 90 },
  { name: 'Coal', className: 'Desc_Coal_C', form: 'Solid', rate: 360 },
  { name: 'Steel Ingot', className: 'Desc_SteelIngot_C', form: 'Solid', rate: 120 },
  { name: 'Steel Pipe', className: 'Desc_SteelPipe_C', form: 'Solid', rate: 60 },
  { name: 'Stator', className: 'Desc_Stator_C', form: 'Solid', rate: 10 },
  { name: 'Water', className: 'Desc_Water_C', form: 'Liquid', rate: 1200 },
  { name: 'Crude Oil', className: 'Desc_LiquidOil_C', form: 'Liquid', rate: 300 },
] as const;

/** Production buildings with a recipe each and their power draw in MW. */
export const BUILDINGS = [
  {
    name: 'Smelter',
    className: 'Build_SmelterMk1_C',
    recipe: 'Iron Ingot',
    recipeClass: 'Recipe_IngotIron_C',
    power: 4,
  },
  {
    name: 'Constructor',
    className: 'Build_ConstructorMk1_C',
    recipe: 'Iron Plate',
    recipeClass: 'Recipe_IronPlate_C',
    power: 4,
  },
  {
    name: 'Constructor',
    className: 'Build_ConstructorMk1_C',
    recipe: 'Screws',
    recipeClass: 'Recipe_Screw_C',
    power: 4,
  },
  { name: 'Constructor', className: 'Build_ConstructorMk1_C', recipe: 'Wire', recipeClass: 'Recipe_Wire_C', power: 4 },
  {
    name: 'Foundry',
    className: 'Build_FoundryMk1_C',
    recipe: 'Steel Ingot',
    recipeClass: 'Recipe_IngotSteel_C',
    power: 16,
  },
  { name: 'Assembler', className: 'Build_AssemblerMk1_C', recipe: 'Stator', recipeClass: 'Recipe_Stator_C', power: 15 },
  {
    name: 'Assembler',
    className: 'Build_AssemblerMk1_C',
    recipe: 'Reinforced Iron Plate',
    recipeClass: 'Recipe_IronPlateReinforced_C',
    power: 15,
  },
] as const;

export const STATIONS = [
  'Iron Works',
  'Copper Hill',
  'Steel Mill',
  'Main Base',
  'Oil Field North',
  'Quartz Cave',
] as const;
