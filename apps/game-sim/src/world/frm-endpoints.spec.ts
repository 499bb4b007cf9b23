import { FRM_FIELDS, FRM_NESTED_FIELDS, GENERATOR_ENDPOINT_CLASSES, keysOf, sorted } from '../../test/frm-fields';
import { SteppedWorld } from '../../test/stepped-world';
import { patchWorld } from '../world-patch';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- FRM JSON as a client reads it
type Row = Record<string, any>;

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const close = (a: number, b: number): boolean => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/** Per circuit group: the generators' sums next to getPower's figures. */
function powerSums(sim: SteppedWorld): { power: Row; regulated: number; capacity: number }[] {
  const generators: Row[] = sim.frm('getGenerators');
  return (sim.frm('getPower') as Row[]).map((power) => {
    const mine = generators.filter((g) => g.PowerInfo.CircuitGroupID === power.CircuitGroupID);
    return {
      power,
      regulated: mine.reduce((s, g) => s + g.RegulatedDemandProd, 0),
      capacity: mine.reduce((s, g) => s + g.ProductionCapacity, 0),
    };
  });
}

describe('the simulated FRM endpoints of issue 20', () => {
  it('answer with exactly the fields the reference gives for the current FRM code', () => {
    const seen = { generators: new Set<string>(), extractors: new Set<string>(), statuses: new Set<string>() };
    for (const seed of SEEDS) {
      const sim = new SteppedWorld(seed);
      sim.step(30);
      for (const [endpoint, fields] of Object.entries(FRM_FIELDS)) {
        const body = sim.frm(endpoint);
        const rows: Row[] = Array.isArray(body) ? body : [body];
        for (const row of rows) expect([endpoint, keysOf(row)]).toEqual([endpoint, sorted(fields)]);
      }
      for (const g of sim.frm('getGenerators') as Row[]) {
        seen.generators.add(g.ClassName);
        expect(keysOf(g.PowerInfo)).toEqual(sorted(FRM_NESTED_FIELDS.powerInfo));
        for (const f of g.AvailableFuel) expect(keysOf(f)).toEqual(sorted(FRM_NESTED_FIELDS.availableFuel));
        for (const i of [...g.FuelInventory, ...g.WasteInventory])
          expect(keysOf(i)).toEqual(sorted(FRM_NESTED_FIELDS.item));
        const supplement = g.ClassName === 'Build_GeneratorGeoThermal_C' ? [] : FRM_NESTED_FIELDS.generatorSupplement;
        expect(keysOf(g.Supplement)).toEqual(sorted(supplement));
      }
      for (const e of sim.frm('getExtractor') as Row[]) {
        seen.extractors.add(e.ClassName);
        expect(e.production).toHaveLength(1);
        expect(keysOf(e.production[0])).toEqual(sorted(FRM_NESTED_FIELDS.extractorProduction));
      }
      for (const s of sim.frm('getDroneStation') as Row[]) {
        seen.statuses.add(s.DroneStatus);
        expect(keysOf(s.ActiveFuel)).toEqual(sorted(FRM_NESTED_FIELDS.droneFuel));
        for (const f of s.FuelInfo) expect(keysOf(f)).toEqual(sorted(FRM_NESTED_FIELDS.droneFuel));
        expect(s.AvgRndTrip).toMatch(/^\d\d:\d\d:\d\d$/);
        expect(typeof s.LatestRndTrip).toBe('number');
      }
      for (const s of sim.frm('getTrainStation') as Row[]) {
        for (const p of s.CargoInventory) expect(keysOf(p)).toEqual(sorted(FRM_NESTED_FIELDS.platform));
        expect(s.features.geometry.coordinates).toEqual({ x: 0, y: 0, z: 0 });
      }
      for (const v of sim.frm('getVehicles') as Row[]) expect(v.PathName).toBe('PathName');
      const [sink] = sim.frm('getResourceSink') as Row[];
      expect(keysOf(sink!.CouponType)).toEqual(sorted(FRM_NESTED_FIELDS.sinkCouponType));
      expect(sim.frm('getExplorationSink')[0].Name).toBe('Exploration');
      // The per-type variants are getGenerators restricted to one class, together all of it.
      const all: Row[] = sim.frm('getGenerators');
      const perType = Object.entries(GENERATOR_ENDPOINT_CLASSES).flatMap(([endpoint, className]) => {
        const rows: Row[] = sim.frm(endpoint);
        for (const row of rows) expect(row.ClassName).toBe(className);
        return rows.map((r) => r.ID as string);
      });
      expect(perType.sort()).toEqual(all.map((g) => g.ID as string).sort());
    }
    // The seeds between them show every generator and extractor type.
    expect([...seen.generators].sort()).toEqual(Object.values(GENERATOR_ENDPOINT_CLASSES).sort());
    expect([...seen.extractors].sort()).toEqual(
      [
        'Build_FrackingExtractor_C',
        'Build_MinerMk1_C',
        'Build_MinerMk2_C',
        'Build_MinerMk3_C',
        'Build_OilPump_C',
        'Build_WaterPump_C',
      ].sort(),
    );
    expect(seen.statuses.size).toBeGreaterThan(2);
  });

  it('adds the generators of a circuit up to its getPower production and capacity, second after second', () => {
    let tripped = 0;
    for (const seed of SEEDS.slice(0, 6)) {
      const sim = new SteppedWorld(seed);
      for (let t = 0; t < 900; t += 15) {
        sim.step(15);
        for (const { power, regulated, capacity } of powerSums(sim)) {
          expect([seed, t, power.CircuitGroupID, close(regulated, power.PowerProduction)]).toEqual([
            seed,
            t,
            power.CircuitGroupID,
            true,
          ]);
          expect(close(capacity, power.PowerCapacity)).toBe(true);
          if (power.FuseTriggered) {
            tripped++;
            expect([regulated, capacity]).toEqual([0, 0]);
          }
        }
      }
    }
    // Fuses trip on their own now and then, and the sums hold then too.
    expect(tripped).toBeGreaterThan(0);
  });

  it('stops a generator whose fuel runs out and takes its capacity from its circuit', () => {
    const sim = new SteppedWorld(3);
    const w = sim.world;
    const coal = w.generators.find((g) => g.type.className === 'Build_GeneratorCoal_C')!;
    const others = w.generators.filter((g) => g.circuit === coal.circuit && g !== coal);
    // A steady load: the circuit draws a fixed 10 MW, no battery in or out; the belts stop bringing fuel.
    const patch = { fuelSupply: false, circuit: { id: coal.circuit, consumed: 10, batteryOutput: 0 } };
    expect(patchWorld(w, { ...patch, generatorFuel: { generator: coal.id, amount: 40 } }).status).toBe(200);
    const row = (): Row => (sim.frm('getGenerators') as Row[]).find((g) => g.ID === coal.id)!;
    const circuit = (): Row => (sim.frm('getPower') as Row[])[coal.circuit]!;
    const before = row();
    const capacityBefore = circuit().PowerCapacity;
    expect(before).toMatchObject({ CanStart: true, FuelInventory: [{ ClassName: 'Desc_Coal_C', Amount: 39 }] });
    expect(before.AvailableFuel).toContainEqual({ Name: 'Coal', ClassName: 'Desc_Coal_C', Amount: 300 });
    // It burns what it delivers: RegulatedDemandProd MW for 60 s at 300 MJ per coal.
    sim.step(60);
    const burnt = (row().RegulatedDemandProd * 60) / 300;
    expect(burnt).toBeGreaterThan(0);
    expect(Math.abs(39 - row().FuelInventory[0].Amount - burnt)).toBeLessThanOrEqual(1);
    expect(patchWorld(w, { generatorFuel: { generator: coal.id, amount: 0.5 } }).status).toBe(200);
    sim.step(120);
    expect(row()).toMatchObject({
      CanStart: false,
      RegulatedDemandProd: 0,
      ProductionCapacity: 0,
      FuelInventory: [],
      FuelAmount: 0,
    });
    const othersNow = others.reduce((s, g) => s + g.capacity, 0);
    expect(close(circuit().PowerCapacity, othersNow)).toBe(true);
    if (!others.some((g) => g.geyser))
      expect(close(circuit().PowerCapacity, capacityBefore - before.ProductionCapacity)).toBe(true);
    // The belts run again: it starts.
    expect(patchWorld(w, { fuelSupply: true }).status).toBe(200);
    sim.step(2);
    expect(row()).toMatchObject({ CanStart: true, ProductionCapacity: before.ProductionCapacity });
  });

  it('reports generator types as FRM does: supplements, geysers, nuclear waste, fluid fuels', () => {
    const rows: Row[] = SEEDS.flatMap((seed) => {
      const sim = new SteppedWorld(seed);
      sim.step(5);
      return sim.frm('getGenerators') as Row[];
    });
    const byClass = (c: string): Row => rows.find((g) => g.ClassName === c)!;
    expect(byClass('Build_GeneratorCoal_C')).toMatchObject({
      FuelResource: 'Solid',
      NuclearWarning: '',
      Supplement: { Name: 'Water', ClassName: 'Desc_Water_C', PercentFull: 100 },
    });
    const coal = byClass('Build_GeneratorCoal_C');
    expect(coal.Supplement.MaxConsumed).toBe(coal.Supplement.CurrentConsumed);
    expect(byClass('Build_GeneratorFuel_C')).toMatchObject({
      FuelResource: 'Liquid',
      Supplement: { Name: '', ClassName: 'None', CurrentConsumed: 0, MaxConsumed: 0 },
      AvailableFuel: expect.arrayContaining([{ Name: 'Fuel', ClassName: 'Desc_LiquidFuel_C', Amount: 0 }]),
    });
    expect(byClass('Build_GeneratorBiomass_Automated_C').AvailableFuel).toContainEqual({
      Name: 'Biomass',
      ClassName: 'Desc_GenericBiomass_C',
      Amount: 180,
    });
    const geo = byClass('Build_GeneratorGeoThermal_C');
    expect(geo).toMatchObject({ FuelResource: 'Geothermal', Supplement: {}, AvailableFuel: [], FuelInventory: [] });
    expect(geo.GeoMaxPower).toBeGreaterThan(geo.GeoMinPower);
    expect(geo.ProductionCapacity).toBeGreaterThanOrEqual(geo.GeoMinPower);
    expect(geo.ProductionCapacity).toBeLessThanOrEqual(geo.GeoMaxPower);
    const nuclear = byClass('Build_GeneratorNuclear_C');
    expect(nuclear.NuclearWarning).toBe('None');
    expect(nuclear.AvailableFuel).toContainEqual({
      Name: 'Uranium Fuel Rod',
      ClassName: 'Desc_NuclearFuelRod_C',
      Amount: 750000,
    });
    for (const g of rows) {
      expect(g.CurrentPotential).toBeGreaterThan(0);
      expect(g.LoadPercentage).toBeLessThanOrEqual(100.0001);
      expect(g.FuelAmount).toBeGreaterThanOrEqual(0);
      expect(g.FuelAmount).toBeLessThanOrEqual(1);
    }
  });

  it('extracts the tier rate × purity × clock, and not while paused or with a full output buffer', () => {
    const tier: Record<string, number> = {
      Build_MinerMk1_C: 60,
      Build_MinerMk2_C: 120,
      Build_MinerMk3_C: 240,
      Build_OilPump_C: 120,
      Build_FrackingExtractor_C: 60,
    };
    for (const seed of SEEDS) {
      const sim = new SteppedWorld(seed);
      sim.step(10);
      for (const e of sim.frm('getExtractor') as Row[]) {
        const [p] = e.production;
        const base = (e.ClassName === 'Build_WaterPump_C' ? 120 : tier[e.ClassName]!) * (e.ManuSpeed / 100);
        const purity = p.MaxProd / base;
        expect(e.ClassName === 'Build_WaterPump_C' ? [1] : [0.5, 1, 2]).toContainEqual(purity);
        expect(p.CurrentProd).toBe(e.IsProducing ? p.MaxProd : 0);
        expect(p.ProdPercent).toBe(e.IsProducing ? 100 : 0);
        expect([p.Name, p.ClassName]).toEqual([e.Recipe, e.RecipeClassName]);
      }
    }
    const sim = new SteppedWorld(4);
    const [first, second] = sim.world.extractors;
    expect(patchWorld(sim.world, { extractorPaused: { extractor: first!.id, paused: true } }).status).toBe(200);
    for (let t = 0; t < 400; t++) {
      second!.blocked = true; // its belt stays backed up
      sim.step(1);
    }
    const rows: Row[] = sim.frm('getExtractor');
    expect(rows.find((e) => e.ID === first!.id)).toMatchObject({ IsPaused: true, IsProducing: false });
    const full = rows.find((e) => e.ID === second!.id)!;
    expect(full.production[0].Amount).toBe(full.production[0].MaxAmount);
    expect(full).toMatchObject({ IsPaused: false, IsProducing: false, production: [{ CurrentProd: 0 }] });
    expect(patchWorld(sim.world, { extractorPaused: { paused: false } }).status).toBe(200);
    sim.step(1);
    expect((sim.frm('getExtractor') as Row[]).find((e) => e.ID === first!.id)!.IsPaused).toBe(false);
  });

  it('names drone ports as getDrone does, and says when a port has no drone or not enough fuel', () => {
    for (const seed of SEEDS) {
      const sim = new SteppedWorld(seed);
      sim.step(100);
      const stations: Row[] = sim.frm('getDroneStation');
      const names = stations.map((s) => s.Name);
      for (const d of sim.frm('getDrone') as Row[]) {
        const home = stations.find((s) => s.Name === d.HomeStation)!;
        expect(home).toBeDefined();
        expect(d.PairedStation).toBe(home.PairedStation);
        if (d.PairedStation !== 'None') expect(names).toContain(d.PairedStation);
      }
      for (const s of stations) {
        const fuel = s.ActiveFuel;
        expect(close(fuel.EstimatedFuelCostRate, (fuel.SingleTripFuelCost * 60) / fuel.EstimatedRoundTripTime)).toBe(
          true,
        );
      }
    }
    const sim = new SteppedWorld(2);
    const [port] = sim.world.droneStations.filter((s) => s.paired);
    const status = (): Row => (sim.frm('getDroneStation') as Row[]).find((s) => s.Name === port!.name)!;
    expect(patchWorld(sim.world, { fuelSupply: false, droneStation: { station: port!.name, fuel: 0 } }).status).toBe(
      200,
    );
    sim.step(Math.ceil(port!.tripLength) + 5); // the drone comes home and cannot take off again
    expect(status()).toMatchObject({ DroneStatus: 'Not Enough Fuel', FuelInventory: [] });
    expect(patchWorld(sim.world, { droneStation: { station: port!.name, fuel: 50, drone: false } }).status).toBe(200);
    sim.step(1);
    expect(status()).toMatchObject({ DroneStatus: 'No Drone', FuelInventory: [{ Amount: 50 }] });
    expect((sim.frm('getDrone') as Row[]).map((d) => d.HomeStation)).not.toContain(port!.name);
    expect(patchWorld(sim.world, { droneStation: { station: port!.name, drone: true } }).status).toBe(200);
    sim.step(3);
    expect(status().DroneStatus).not.toMatch(/No Drone|Not Enough Fuel/);
    expect((sim.frm('getDrone') as Row[]).map((d) => d.HomeStation)).toContain(port!.name);
  });

  it('sums getStorageInv per item into getWorldInv, as storage fills and empties', () => {
    for (const seed of SEEDS) {
      const sim = new SteppedWorld(seed);
      for (let i = 0; i < 3; i++) {
        sim.step(200);
        const totals = new Map<string, number>();
        for (const c of sim.frm('getStorageInv') as Row[]) {
          expect(c.features.properties.type).toBe('Storage Container');
          for (const i of c.Inventory) totals.set(i.ClassName, (totals.get(i.ClassName) ?? 0) + i.Amount);
        }
        const world = new Map((sim.frm('getWorldInv') as Row[]).map((i) => [i.ClassName as string, i.Amount]));
        expect(world).toEqual(totals);
      }
      for (const i of sim.frm('getCloudInv') as Row[]) expect(i.Amount).toBeGreaterThan(0);
    }
  });

  it('grows the sink points by the points per minute and prints coupons on the way', () => {
    const sim = new SteppedWorld(5);
    expect(patchWorld(sim.world, { sinkPointsPerMinute: 6000 }).status).toBe(200);
    const [before] = sim.frm('getResourceSink') as Row[];
    expect(before!.GraphPoints.at(-1)).toBe(6000);
    sim.step(30);
    const [after] = sim.frm('getResourceSink') as Row[];
    const rate = after!.GraphPoints.at(-1) as number;
    // 30 s at a rate that may have moved by up to 10 % at a minute's turn.
    expect(after!.TotalPoints - before!.TotalPoints).toBeGreaterThanOrEqual(2700 - 1);
    expect(after!.TotalPoints - before!.TotalPoints).toBeLessThanOrEqual(Math.max(3000, rate / 2) + 1);
    for (const sink of [before!, after!]) {
      expect(sink.Percent).toBeGreaterThanOrEqual(0);
      expect(sink.Percent).toBeLessThan(1);
      expect(sink.GraphPoints).toHaveLength(10);
      expect(Number.isInteger(sink.TotalPoints) && Number.isInteger(sink.PointsToCoupon)).toBe(true);
    }
    // A coupon costs PointsToCoupon / (1 - Percent) points: earning that many prints one.
    const cost = before!.PointsToCoupon / (1 - before!.Percent);
    expect(patchWorld(sim.world, { sinkPointsPerMinute: Math.ceil(cost) * 60 }).status).toBe(200);
    const coupons = sim.frm('getResourceSink')[0].NumCoupon;
    sim.step(1);
    expect(sim.frm('getResourceSink')[0].NumCoupon).toBeGreaterThan(coupons);
    expect(sim.frm('getExplorationSink')[0].NumCoupon).toBe(sim.frm('getResourceSink')[0].NumCoupon);
  });

  it("reports the world's session: its name, clock and play time", () => {
    const sim = new SteppedWorld(8);
    sim.step(90);
    const session = sim.frm('getSessionInfo');
    expect(session.SessionName).toBe(sim.world.sessionName);
    expect(session.TotalPlayDuration).toBe(sim.world.totalDuration);
    const t = session.TotalPlayDuration as number;
    const pad = (n: number): string => String(n).padStart(2, '0');
    expect(session.TotalPlayDurationText).toBe(
      `${pad(Math.floor(t / 3600))}:${pad(Math.floor(t / 60) % 60)}:${pad(t % 60)}`,
    );
    expect(session.Hours * 60 + session.Minutes).toBe(sim.world.dayMinutes);
    expect(session.NumberOfDaysSinceLastDeath).toBeLessThanOrEqual(session.PassedDays);
    expect(['Default', 'Random', 'Basic Rich', 'Fossil Fuel Rich', 'Advanced Rich', 'Unknown']).toContain(
      session.NodeRando,
    );
    const saves = sim.world.subStates.get(3)!;
    expect(patchWorld(sim.world, { sessionName: 'Another Save' }).status).toBe(200);
    expect(sim.frm('getSessionInfo').SessionName).toBe('Another Save');
    expect(sim.world.subStates.get(3)).toBe(saves + 1);
  });

  it('freezes every new endpoint while the world is paused', () => {
    const sim = new SteppedWorld(6, { autoPause: true });
    for (const p of sim.world.players) p.online = false;
    sim.step(1);
    const endpoints = [...Object.keys(FRM_FIELDS), 'getExplorationSink', 'getDrone', 'getPower'];
    const snapshot = (): string => JSON.stringify(endpoints.map((e) => sim.frm(e)));
    const before = snapshot();
    sim.step(20);
    expect(sim.world.paused).toBe(true);
    expect(snapshot()).toBe(before);
  });

  it('gives the same world for the same seed', () => {
    const [a, b] = [new SteppedWorld(42), new SteppedWorld(42)];
    a.step(500);
    b.step(500);
    for (const endpoint of [...Object.keys(FRM_FIELDS), 'getGenerators', 'getDrone', 'getPower']) {
      expect(a.frm(endpoint)).toEqual(b.frm(endpoint));
    }
    expect(new SteppedWorld(43).frm('getGenerators')).not.toEqual(new SteppedWorld(42).frm('getGenerators'));
  });
});

describe('getFactory stalls', () => {
  it('a configured, powered machine that stopped shows why in its slots (output full or input empty), as the parser reads it', async () => {
    const { parseFactory } = await import('@app/game-client');
    const reasons = new Set<string>();
    for (const seed of SEEDS) {
      const sim = new SteppedWorld(seed);
      sim.step(120);
      for (const b of parseFactory(sim.frm('getFactory')).records) {
        if (b.isConfigured && !b.isProducing && !b.isPaused && b.powerConsumed === 0 && b.stall === null) {
          // Not producing without a stall reason: only when its circuit's fuse is out.
          const power = (sim.frm('getPower') as Row[]).find((c) => c.CircuitGroupID === b.circuitGroupId);
          expect(power?.FuseTriggered).toBe(true);
        }
        if (b.stall) reasons.add(b.stall);
        if (b.isProducing) expect(b.stall).toBeNull();
      }
    }
    expect([...reasons].sort()).toEqual(['input_starved', 'output_full']);
  });
});
