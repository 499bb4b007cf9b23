import { SteppedWorld } from '../test/stepped-world';
import { patchWorld } from './world-patch';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- FRM JSON as a client reads it
type Row = Record<string, any>;

describe('PATCH /servers/:id/world', () => {
  it('refuses every bad field with one sentence and changes nothing', () => {
    const sim = new SteppedWorld(3);
    const w = sim.world;
    const coal = w.generators.find((g) => g.type.className === 'Build_GeneratorCoal_C')!;
    const port = w.droneStations[0]!;
    const before = JSON.stringify([sim.frm('getGenerators'), sim.frm('getPower'), sim.frm('getDroneStation')]);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ generatorfuel: {} }, /unknown field "generatorfuel"; the fields are tickRate, .*sinkPointsPerMinute/],
      [{ generatorFuel: 5 }, /generatorFuel must be an object/],
      [{ generatorFuel: { amount: -1 } }, /generatorFuel.amount must be a number of at least 0/],
      [{ generatorFuel: { generator: 'nope', amount: 1 } }, /no generator "nope"; GET \/servers\/:id lists them/],
      [{ generatorFuel: { generator: coal.id, amount: 101 } }, /at most 100 for Build_GeneratorCoal_C_\d+ .*Coal/],
      [{ fuelSupply: 'off' }, /fuelSupply must be true or false/],
      [{ extractorPaused: { paused: 'yes' } }, /extractorPaused must be an object/],
      [{ extractorPaused: { extractor: 'x', paused: true } }, /no extractor "x"/],
      [{ droneStation: { station: 'Nowhere', fuel: 1 } }, /no drone station named "Nowhere"/],
      [{ droneStation: { station: port.name } }, /droneStation needs "fuel" or "drone"/],
      [{ droneStation: { station: port.name, fuel: 1000 } }, /droneStation.fuel must be a number between 0 and 100/],
      [{ droneStation: { station: port.name, drone: 'no' } }, /droneStation.drone must be true or false/],
      [{ item: { className: 'Desc_Nothing_C', prod: 1 } }, /item.className must be one of Desc_OreIron_C/],
      [{ item: { className: 'Desc_Coal_C' } }, /item needs "prod" or "cons"/],
      [{ item: { className: 'Desc_Coal_C', cons: -3 } }, /item.cons must be a number of at least 0, or null/],
      [{ circuit: { id: 99, consumed: 1 } }, /circuit.id must be a circuit id between 0 and \d/],
      [{ circuit: { id: 0 } }, /circuit needs one of capacity, consumed, batteryStored, batteryOutput/],
      [{ circuit: { id: 0, capacity: 1e9 } }, /circuit.capacity must be between \d+ and \d+ MW for circuit 0/],
      [{ circuit: { id: 0, consumed: 'lots' } }, /circuit.consumed must be a number of at least 0/],
      [{ circuit: { id: 0, batteryStored: 1e9 } }, /circuit.batteryStored must be between 0 and \d+ MWh/],
      [{ circuit: { id: 0, batteryOutput: -5 } }, /circuit.batteryOutput must be a number of at least 0/],
      [{ derailTrain: 7 }, /derailTrain must be a train id, true \(every train\) or false/],
      [{ derailTrain: 'BP_Train_C_0' }, /derailTrain: no train "BP_Train_C_0"/],
      [{ sessionName: '' }, /sessionName must be a string of 1 to 100 characters/],
      [{ sessionName: 'x'.repeat(101) }, /sessionName must be a string of 1 to 100 characters/],
      [{ sinkPointsPerMinute: -1 }, /sinkPointsPerMinute must be a number of at least 0/],
      // One bad field among good ones: nothing is applied.
      [{ fuelSupply: false, generatorFuel: { amount: 0 }, sinkPointsPerMinute: 'many' }, /sinkPointsPerMinute/],
    ];
    for (const [body, message] of cases) {
      const outcome = patchWorld(w, body);
      expect([JSON.stringify(body), outcome.status]).toEqual([JSON.stringify(body), 400]);
      expect((outcome.body as { error: string }).error).toMatch(message);
    }
    expect(patchWorld(w, null)).toEqual({ status: 400, body: { error: 'body must be a JSON object' } });
    expect(w.fuelSupply).toBe(true);
    expect(JSON.stringify([sim.frm('getGenerators'), sim.frm('getPower'), sim.frm('getDroneStation')])).toBe(before);
  });

  it("lists the world's generators, extractors, drone ports, containers and trains", () => {
    const sim = new SteppedWorld(3);
    const outcome = patchWorld(sim.world, {});
    expect(outcome.status).toBe(200);
    const summary = outcome.body as Row;
    expect(summary.generators.map((g: Row) => g.id)).toEqual(sim.frm('getGenerators').map((g: Row) => g.ID));
    expect(summary.extractors.map((e: Row) => e.id)).toEqual(sim.frm('getExtractor').map((e: Row) => e.ID));
    expect(summary.droneStations.map((s: Row) => s.name)).toEqual(sim.frm('getDroneStation').map((s: Row) => s.Name));
    expect(summary.containers.map((c: Row) => c.id)).toEqual(sim.frm('getStorageInv').map((c: Row) => c.ID));
    expect(summary.trains.map((t: Row) => t.id)).toEqual(sim.frm('getTrains').map((t: Row) => t.ID));
    expect(summary).toMatchObject({
      sessionName: sim.world.sessionName,
      fuelSupply: true,
      tickRate: expect.any(Number),
    });
  });

  it("forces a circuit's capacity, consumption and batteries, its generators following", () => {
    const sim = new SteppedWorld(3);
    const circuit = (): Row => sim.frm('getPower')[0];
    const generators = (): Row[] => sim.frm('getGenerators').filter((g: Row) => g.PowerInfo.CircuitGroupID === 0);
    const range = sim.world.power.capacityRange(sim.world.circuits[0]!);
    const capacity = Math.round((range.min + range.max) / 2);
    const patch = { id: 0, capacity, consumed: capacity * 0.2, batteryStored: 50, batteryOutput: 25 };
    expect(patchWorld(sim.world, { circuit: patch }).status).toBe(200);
    for (let t = 0; t < 3; t++) {
      sim.step(10);
      const c = circuit();
      expect(c).toMatchObject({ PowerConsumed: capacity * 0.2, BatteryOutput: 25, BatteryInput: 0 });
      expect(c.PowerCapacity).toBeCloseTo(capacity, 6);
      // Batteries cover 25 MW of the consumption, the generators the rest.
      expect(c.PowerProduction).toBeCloseTo(capacity * 0.2 - 25, 6);
      expect(generators().reduce((s, g) => s + g.ProductionCapacity, 0)).toBeCloseTo(capacity, 6);
      expect(generators().reduce((s, g) => s + g.RegulatedDemandProd, 0)).toBeCloseTo(c.PowerProduction, 6);
      expect(c.BatteryDifferential).toBe(-25);
      // Time to empty: what is stored at the current drain.
      const [h, m, s] = (c.BatteryTimeEmpty as string).split(':').map(Number);
      expect(
        Math.abs(h! * 3600 + m! * 60 + s! - (c.BatteryPercent / 100) * c.BatteryCapacity * (3600 / 25)),
      ).toBeLessThan(1);
    }
    // One clock for the generators that take power shards (not biomass burners, not geysers).
    const fixed = ['Build_GeneratorBiomass_Automated_C', 'Build_GeneratorGeoThermal_C'];
    const clocks = generators()
      .filter((g) => !fixed.includes(g.ClassName))
      .map((g) => g.CurrentPotential);
    expect(new Set(clocks).size).toBe(1);
    expect(
      patchWorld(sim.world, { circuit: { id: 0, consumed: null, batteryOutput: null, capacity: null } }).status,
    ).toBe(200);
    sim.step(5);
    expect(circuit().PowerConsumed).not.toBe(capacity * 0.2);
  });

  it("holds a getProdStats item's rates until cleared", () => {
    const sim = new SteppedWorld(3);
    const coal = (): Row => sim.frm('getProdStats').find((i: Row) => i.ClassName === 'Desc_Coal_C');
    expect(patchWorld(sim.world, { item: { className: 'Desc_Coal_C', prod: 10, cons: 250 } }).status).toBe(200);
    sim.step(30);
    expect(coal()).toMatchObject({ CurrentProd: 10, CurrentConsumed: 250 });
    expect(coal().MaxConsumed).toBeGreaterThanOrEqual(250);
    expect(patchWorld(sim.world, { item: { className: 'Desc_Coal_C', prod: null, cons: null } }).status).toBe(200);
    sim.step(5);
    expect(coal().CurrentProd).not.toBe(10);
    expect(coal().CurrentConsumed).not.toBe(250);
  });

  it('derails a train, or every train, and puts them back', () => {
    const sim = new SteppedWorld([1, 2, 3, 4, 5, 6, 7].find((s) => new SteppedWorld(s).world.trains.length >= 2)!);
    const trains = (): Row[] => sim.frm('getTrains');
    const [first] = trains();
    expect(patchWorld(sim.world, { derailTrain: first!.ID }).status).toBe(200);
    sim.step(2);
    expect(trains().map((t) => [t.ID === first!.ID, t.Derailed, t.Status === 'Derailed'])).toEqual(
      trains().map((t) => (t.ID === first!.ID ? [true, true, true] : [false, t.Derailed, t.Derailed])),
    );
    expect(patchWorld(sim.world, { derailTrain: true }).status).toBe(200);
    expect(trains().every((t) => t.Derailed && t.ForwardSpeed === 0)).toBe(true);
    expect(patchWorld(sim.world, { derailTrain: false }).status).toBe(200);
    expect(trains().some((t) => t.Derailed)).toBe(false);
  });
});
