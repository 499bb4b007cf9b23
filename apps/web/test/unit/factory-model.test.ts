import { describe, expect, it } from 'vitest';
import {
  buildingOf,
  facetsOf,
  filterBuildings,
  NO_FILTERS,
  sortBuildings,
  stateOf,
  type Building,
} from '../../src/features/dashboard/factory/model';
import { apiBuilding } from './panels-fixtures';

/**
 * The factory view's logic: a REST row becomes the row a reader sees (with the one state that explains it), and
 * sorting, filtering and the filters' counts give what the reader asked for.
 */

const b = (id: string, over: Partial<Building> = {}): Building => ({
  id,
  type: 'Assembler',
  className: 'Build_AssemblerMk1_C',
  recipe: 'Rotor',
  clock: 100,
  shards: 0,
  somersloops: 0,
  productivity: 100,
  state: 'producing',
  stall: null,
  powerMw: 15,
  circuit: 1,
  ...over,
});

describe('a building row', () => {
  it('reads the API row: type, recipe, clock, shards, somersloops, power and circuit', () => {
    const row = buildingOf(
      apiBuilding({ manu_speed: 250, power_shards: 3, somersloops: 2, power_consumed: 61.5, circuit_group_id: 7 }),
    );
    expect(row).toEqual({
      id: 'Build_AssemblerMk1_C_1',
      type: 'Assembler',
      className: 'Build_AssemblerMk1_C',
      recipe: 'Reinforced Iron Plate',
      clock: 250,
      shards: 3,
      somersloops: 2,
      productivity: 100,
      state: 'producing',
      stall: null,
      powerMw: 61.5,
      circuit: 7,
    });
  });

  it('keeps what the API does not know as unknown (no circuit, no power figure, no recipe)', () => {
    const row = buildingOf(
      apiBuilding({ circuit_group_id: null, power_consumed: null, recipe: null, is_configured: false }),
    );
    expect([row.circuit, row.powerMw, row.recipe, row.state]).toEqual([null, null, null, 'unconfigured']);
  });

  it('a stalled machine says why; paused and unconfigured win over a stale stall flag', () => {
    expect(buildingOf(apiBuilding({ is_producing: false, stall: 'output_full' }))).toMatchObject({
      state: 'stalled',
      stall: 'output_full',
    });
    expect(stateOf({ isPaused: false, isConfigured: true, isProducing: false, stall: null })).toBe('idle');
    expect(stateOf({ isPaused: true, isConfigured: true, isProducing: false, stall: 'input_starved' })).toBe('paused');
    expect(stateOf({ isPaused: false, isConfigured: false, isProducing: false, stall: null })).toBe('unconfigured');
    expect(stateOf({ isPaused: false, isConfigured: true, isProducing: true, stall: null })).toBe('producing');
  });
});

describe('sorting', () => {
  const rows = [
    b('a', { clock: 50, powerMw: 4, type: 'Constructor', recipe: 'Screw' }),
    b('b', { clock: 250, powerMw: null, type: 'assembler', recipe: null }),
    b('c', { clock: 100, powerMw: 30, type: 'Manufacturer', recipe: 'Motor' }),
  ];
  const ids = (r: Building[]) => r.map((x) => x.id).join('');

  it('sorts numbers both ways, with unknown values last either way', () => {
    expect(ids(sortBuildings(rows, { column: 'clock', desc: false }))).toBe('acb');
    expect(ids(sortBuildings(rows, { column: 'clock', desc: true }))).toBe('bca');
    expect(ids(sortBuildings(rows, { column: 'power', desc: false }))).toBe('acb');
    expect(ids(sortBuildings(rows, { column: 'power', desc: true }))).toBe('cab');
  });

  it('sorts text without regard to case; machines without a recipe go last', () => {
    expect(ids(sortBuildings(rows, { column: 'type', desc: false }))).toBe('bac');
    expect(ids(sortBuildings(rows, { column: 'recipe', desc: false }))).toBe('cab');
    expect(ids(sortBuildings(rows, { column: 'recipe', desc: true }))).toBe('acb');
  });

  it('by state: output full first, then input starved, idle, paused, unconfigured, producing', () => {
    const mixed = [
      b('p'),
      b('u', { state: 'unconfigured' }),
      b('s', { state: 'stalled', stall: 'input_starved' }),
      b('i', { state: 'idle' }),
      b('f', { state: 'stalled', stall: 'output_full' }),
      b('z', { state: 'paused' }),
    ];
    expect(ids(sortBuildings(mixed, { column: 'state', desc: false }))).toBe('fsizup');
  });

  it('keeps ties in building id order and does not change its input', () => {
    const same = [b('c'), b('a'), b('b')];
    expect(ids(sortBuildings(same, { column: 'clock', desc: true }))).toBe('abc');
    expect(ids(same)).toBe('cab');
  });
});

describe('filters and their counts', () => {
  const rows = [
    b('1', { recipe: 'Iron Plate', type: 'Constructor', className: 'Build_ConstructorMk1_C' }),
    b('2', { recipe: 'Reinforced Iron Plate', state: 'stalled', stall: 'output_full' }),
    b('3', { recipe: 'Rotor', state: 'idle' }),
    b('4', { recipe: null, state: 'unconfigured', type: 'Constructor', className: 'Build_ConstructorMk1_C' }),
    b('5', {
      recipe: 'Iron Rod',
      state: 'stalled',
      stall: 'input_starved',
      type: 'Constructor',
      className: 'Build_ConstructorMk1_C',
    }),
  ];
  const ids = (r: Building[]) => r.map((x) => x.id).join('');

  it('filters by type, state and part of the recipe (any case), together', () => {
    expect(ids(filterBuildings(rows, NO_FILTERS))).toBe('12345');
    expect(ids(filterBuildings(rows, { ...NO_FILTERS, type: 'Build_ConstructorMk1_C' }))).toBe('145');
    expect(ids(filterBuildings(rows, { ...NO_FILTERS, state: 'stalled' }))).toBe('25');
    expect(ids(filterBuildings(rows, { ...NO_FILTERS, recipe: '  iron PLATE ' }))).toBe('12');
    expect(ids(filterBuildings(rows, { type: 'Build_AssemblerMk1_C', state: 'stalled', recipe: 'plate' }))).toBe('2');
  });

  it('counts types, states and stall reasons over every row; lists the recipes in use', () => {
    const f = facetsOf(rows);
    expect(f.types).toEqual([
      { className: 'Build_AssemblerMk1_C', type: 'Assembler', count: 2 },
      { className: 'Build_ConstructorMk1_C', type: 'Constructor', count: 3 },
    ]);
    expect(f.recipes).toEqual(['Iron Plate', 'Iron Rod', 'Reinforced Iron Plate', 'Rotor']);
    expect(f.states).toEqual({ producing: 1, idle: 1, stalled: 2, paused: 0, unconfigured: 1 });
    expect(f.stalls).toEqual({ output_full: 1, input_starved: 1 });
  });
});
