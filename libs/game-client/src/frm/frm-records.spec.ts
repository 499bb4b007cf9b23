import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FrmParseError,
  parseDroneStations,
  parseDrones,
  parseDuration,
  parseFactory,
  parseModList,
  parsePlayers,
  parsePower,
  parseProduction,
  parseSessionInfo,
  parseTrains,
  type Parsed,
} from './frm-records';

// Fixtures are FRM responses copied verbatim from /work/shared/reference/satisfactory-api.md §2.6: live captures
// (FRM 1.5.3, game 1.2.4.0) except getDrone.json (FRM's documentation example) and getDroneStation.json, which
// is BUILT here from the documented and source-emitted fields (no capture exists); its values are invented.
// getPower-fuse-tripped.json and getFactory-assembler.json were single objects in the reference and are wrapped
// in an array as FRM sends them. There is no full getModList example, so its bodies are inline below.
function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as unknown;
}

function firstOf(name: string): Record<string, unknown> {
  return (fixture(name) as Record<string, unknown>[])[0]!;
}

function parseErrorOf(parse: () => unknown): FrmParseError {
  try {
    parse();
  } catch (error) {
    if (error instanceof FrmParseError) return error;
    throw error;
  }
  throw new Error('expected an FrmParseError');
}

describe('parseDuration', () => {
  it.each([
    ['00:58:35', 3515],
    ['00:00:00', 0],
    ['76:41:36', 276096],
    ['100:00:01', 360001],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([[null], [undefined], [3515], [''], ['58:35'], ['00:60:00'], ['00:00:61'], ['-01:00:00'], ['soon']])(
    'gives null for %p',
    (value) => {
      expect(parseDuration(value)).toBeNull();
    },
  );
});

describe('live captures', () => {
  it('getPower: a charging battery grid', () => {
    expect(parsePower(fixture('getPower-battery-charging.json'))).toEqual({
      records: [
        {
          circuitGroupId: 0,
          powerProduction: 3633.33349609375,
          powerConsumed: 2693.314697265625,
          powerCapacity: 4083.33349609375,
          powerMaxConsumed: 4606.46142578125,
          batteryPercent: 2.3344869613647461,
          batteryCapacity: 100,
          batteryDifferential: 100,
          batteryInput: 100,
          batteryOutput: 0,
          batteryTimeEmptySeconds: 0,
          batteryTimeFullSeconds: 3515,
          fuseTriggered: false,
        },
      ],
      skipped: 0,
    });
  });

  it('getPower: a battery time beyond 68 years (a trickle charge) reads as null, one within it as seconds', () => {
    const circuit = (full: string) => ({
      CircuitGroupID: 3,
      PowerProduction: 10,
      PowerConsumed: 9,
      PowerCapacity: 10,
      PowerMaxConsumed: 9,
      BatteryInput: 0.0001,
      BatteryOutput: 0,
      BatteryDifferential: 0.0001,
      BatteryPercent: 1,
      BatteryCapacity: 100,
      BatteryTimeEmpty: '00:00:00',
      BatteryTimeFull: full,
      FuseTriggered: false,
    });
    const [trickle, long] = parsePower([circuit('2394330:26:57'), circuit('596523:14:07')]).records;
    expect(trickle!.batteryTimeFullSeconds).toBeNull();
    expect(long!.batteryTimeFullSeconds).toBe(2_147_483_647);
  });

  it('getPower: a tripped fuse reads production 0 but keeps PowerMaxConsumed', () => {
    expect(parsePower(fixture('getPower-fuse-tripped.json'))).toEqual({
      records: [
        {
          circuitGroupId: 1,
          powerProduction: 0,
          powerConsumed: 0,
          powerCapacity: 0,
          powerMaxConsumed: 60,
          batteryPercent: 0,
          batteryCapacity: 0,
          batteryDifferential: 0,
          batteryInput: 0,
          batteryOutput: 0,
          batteryTimeEmptySeconds: 0,
          batteryTimeFullSeconds: 0,
          fuseTriggered: true,
        },
      ],
      skipped: 0,
    });
  });

  it('getPlayer: an offline player with full health', () => {
    expect(parsePlayers(fixture('getPlayer.json'))).toEqual({
      records: [
        {
          frmId: 'Char_Player_C_REDACTED',
          name: 'REDACTED-PLAYER-NAME',
          isOnline: false,
          health: 100,
          speed: 0,
          isDead: false,
          posX: -185666.90625,
          posY: -113894.390625,
          posZ: 5225.71142578125,
        },
      ],
      skipped: 0,
    });
  });

  it('getProdStats: per-item numbers, not the ProdPerMin display string', () => {
    expect(parseProduction(fixture('getProdStats.json'))).toEqual({
      records: [
        {
          itemClass: 'Desc_Coal_C',
          itemName: 'Coal',
          itemForm: 'Solid',
          currentProd: 359.9999694824219,
          maxProd: 629.9999389648438,
          currentConsumed: 4.799999713897705,
          maxConsumed: 310.30029296875,
          prodPercent: 57.142860412597656,
          consPercent: 1.5468884706497192,
        },
        {
          itemClass: 'Desc_IronIngot_C',
          itemName: 'Iron Ingot',
          itemForm: 'Solid',
          currentProd: 266.82354736328125,
          maxProd: 2425.75,
          currentConsumed: 267.5801086425781,
          maxConsumed: 2453.03564453125,
          prodPercent: 10.99963092803955,
          consPercent: 10.908122062683105,
        },
      ],
      skipped: 0,
    });
  });

  it('getTrains: station verbatim, power from PowerInfo, position from location (features are 0,0,0)', () => {
    expect(parseTrains(fixture('getTrains.json'))).toEqual({
      records: [
        {
          trainId: 'BP_Train_C_2146471703',
          name: 'Silica/Crystal - Computer Dropoff',
          status: 'Self-Driving',
          station: 'Silica/Crstal Out ',
          forwardSpeed: 14.646246459960937,
          throttlePercent: 0,
          totalMass: 499300,
          payloadMass: 139300,
          maxPayloadMass: 140000,
          derailed: false,
          pendingDerail: false,
          selfDriving: 'SDLE_NoError',
          docking: 'TDS_None',
          path: 'PDE_NoError',
          powerConsumed: 25,
          posX: -102587.95567750931,
          posY: -147300,
          posZ: 4400.01318359375,
        },
      ],
      skipped: 0,
    });
  });

  it('getDrone (documentation example): "None" and "No Destination" become null', () => {
    expect(parseDrones(fixture('getDrone.json'))).toEqual({
      records: [
        {
          droneId: 'BP_DroneTransport_C_2147415346',
          name: 'Drone',
          homeStation: 'Arlanda',
          pairedStation: null,
          destination: null,
          flyingMode: 'None',
          flyingSpeed: 0,
          maxSpeed: 0,
          posX: -48777.9609375,
          posY: 252677.703125,
          posZ: -3190.923583984375,
        },
      ],
      skipped: 0,
    });
  });

  it('getDroneStation (built fixture): paired and unpaired ports', () => {
    expect(parseDroneStations(fixture('getDroneStation.json'))).toEqual({
      records: [
        {
          stationId: 'Build_DroneStation_C_2147000001',
          name: 'Drone Port',
          pairedStation: 'North Outpost',
          droneStatus: 'Docked',
          fuelName: 'Battery',
          fuelAmount: 80,
          fuelRate: 0.8,
          // 80 batteries at 0.8 a minute.
          fuelTimeLeftSeconds: 6000,
          roundTripSeconds: 150,
          avgIncRate: 0,
          avgOutRate: 24,
          transportRate: 0.4,
          powerConsumed: 100,
          circuitGroupId: 0,
          posX: 10000,
          posY: -20000,
          posZ: 3000,
        },
        {
          stationId: 'Build_DroneStation_C_2147000002',
          name: 'Drone Port',
          pairedStation: null,
          droneStatus: 'No Drone',
          fuelName: null,
          fuelAmount: 0,
          fuelRate: 0,
          fuelTimeLeftSeconds: null,
          roundTripSeconds: null,
          avgIncRate: 0,
          avgOutRate: 0,
          transportRate: 0,
          powerConsumed: 0,
          circuitGroupId: null,
          posX: -5000,
          posY: 42000,
          posZ: 1200,
        },
      ],
      skipped: 0,
    });
  });

  it('getFactory: a running Stator assembler', () => {
    expect(parseFactory(fixture('getFactory-assembler.json'))).toEqual({
      records: [
        {
          buildingId: 'Build_AssemblerMk1_C_2146597364',
          className: 'Build_AssemblerMk1_C',
          name: 'Assembler',
          recipe: 'Stator',
          isConfigured: true,
          isProducing: true,
          isPaused: false,
          productivity: 100,
          manuSpeed: 100,
          somersloops: 0,
          powerShards: 0,
          circuitGroupId: 0,
          powerConsumed: 15,
          stall: null,
          posX: 57600,
          posY: -67900,
          posZ: 14000,
        },
      ],
      skipped: 0,
    });
  });

  it('getFactory: tells why a configured machine stopped (output full, input empty), not when paused', () => {
    const running = (fixture('getFactory-assembler.json') as Record<string, unknown>[])[0]!;
    const stopped = { ...running, IsProducing: false };
    const full = {
      ...stopped,
      production: [{ Name: 'Stator', ClassName: 'Desc_Stator_C', Amount: 100, MaxAmount: 100 }],
    };
    const starved = {
      ...stopped,
      ingredients: [{ Name: 'Wire', ClassName: 'Desc_Wire_C', Amount: 0, MaxAmount: 500 }],
    };
    const stall = (b: object) => parseFactory([b]).records[0]!.stall;
    expect(stall(full)).toBe('output_full');
    expect(stall(starved)).toBe('input_starved');
    expect(stall({ ...full, IsPaused: true })).toBeNull();
    expect(stall({ ...full, IsConfigured: false })).toBeNull();
    expect(stall(running)).toBeNull();
  });

  it('getSessionInfo: the single session object', () => {
    expect(parseSessionInfo(fixture('getSessionInfo.json'))).toEqual({
      sessionName: 'REDACTED-SAVE-NAME',
      isPaused: false,
      totalPlaySeconds: 276096,
      passedDays: 77,
      isDay: true,
      dayHours: 11,
      dayMinutes: 28,
    });
  });
});

describe('getModList (inline: the reference has no full example)', () => {
  it('reads name, SMR reference and version, ignoring the rest', () => {
    const body = [
      { Name: 'Satisfactory', SMRName: 'FactoryGame', Version: '415558.0.0', Description: '', RequiredOnRemote: true },
      { Name: 'Ficsit Remote Monitoring', SMRName: 'FicsitRemoteMonitoring', Version: '1.5.3', CreatedBy: 'Porisius' },
      { SMRName: 'SML' },
      { Name: 'no reference', Version: '1.0.0' },
    ];
    expect(parseModList(body)).toEqual({
      records: [
        { name: 'Satisfactory', smrName: 'FactoryGame', version: '415558.0.0' },
        { name: 'Ficsit Remote Monitoring', smrName: 'FicsitRemoteMonitoring', version: '1.5.3' },
        { name: 'SML', smrName: 'SML', version: '' },
      ],
      skipped: 1,
    });
  });
});

describe('lenient reading', () => {
  it('accepts the legacy CircuitID (pre-Oct-2024) and prefers CircuitGroupID when both exist', () => {
    const { CircuitGroupID: _dropped, ...legacy } = firstOf('getPower-battery-charging.json');
    expect(parsePower([{ ...legacy, CircuitID: 7 }]).records[0]?.circuitGroupId).toBe(7);
    expect(parsePower([{ ...legacy, CircuitGroupID: 2, CircuitID: 7 }]).records[0]?.circuitGroupId).toBe(2);
  });

  it('accepts numeric strings from old versions but not boolean strings', () => {
    const circuit = { CircuitGroupID: '4', PowerProduction: '12.5', BatteryPercent: ' 50 ', PowerCapacity: '1e3' };
    expect(parsePower([circuit]).records[0]).toMatchObject({
      circuitGroupId: 4,
      powerProduction: 12.5,
      batteryPercent: 50,
      powerCapacity: 1000,
    });
    expect(parsePower([{ ...circuit, FuseTriggered: 'true' }])).toEqual({ records: [], skipped: 1 });
    expect(parsePower([{ ...circuit, PowerProduction: 'lots' }])).toEqual({ records: [], skipped: 1 });
    expect(parsePower([{ ...circuit, CircuitGroupID: '1.5' }])).toEqual({ records: [], skipped: 1 });
  });

  it('ignores unknown extra fields', () => {
    const extra = { ...firstOf('getTrains.json'), FutureField: { nested: [1, 2] }, Flag: true };
    expect(parseTrains([extra])).toEqual(parseTrains(fixture('getTrains.json')));
  });

  it('gives defaults and nulls for missing optional fields', () => {
    const location = { x: 1, y: 2, z: 3 };
    expect(parsePower([{ CircuitGroupID: 0 }]).records[0]).toMatchObject({
      powerProduction: 0,
      batteryTimeEmptySeconds: null,
      batteryTimeFullSeconds: null,
      fuseTriggered: false,
    });
    expect(parseTrains([{ ID: 'BP_Train_C_1', location }]).records[0]).toEqual({
      ...{ trainId: 'BP_Train_C_1', name: '', status: 'Unknown', station: null, forwardSpeed: 0, throttlePercent: 0 },
      ...{ totalMass: 0, payloadMass: 0, maxPayloadMass: 0, derailed: false, pendingDerail: false },
      ...{ selfDriving: null, docking: null, path: null, powerConsumed: null, posX: 1, posY: 2, posZ: 3 },
    });
    expect(parseFactory([{ ID: 'Build_X_C_1', Recipe: 'Iron Plate', location }]).records[0]).toMatchObject({
      isConfigured: true,
      circuitGroupId: null,
      powerConsumed: null,
    });
  });

  it('wraps a single object where an array is expected', () => {
    expect(parsePlayers(firstOf('getPlayer.json'))).toEqual(parsePlayers(fixture('getPlayer.json')));
    expect(parseFactory(firstOf('getFactory-assembler.json')).records).toHaveLength(1);
  });

  it('unwraps session info sent inside an array', () => {
    const session = fixture('getSessionInfo.json');
    expect(parseSessionInfo([session])).toEqual(parseSessionInfo(session));
  });

  it('falls back to TotalPlayDurationText when TotalPlayDuration is missing', () => {
    const { TotalPlayDuration: _dropped, ...session } = fixture('getSessionInfo.json') as Record<string, unknown>;
    expect(parseSessionInfo(session).totalPlaySeconds).toBe(276096);
    expect(parseSessionInfo({ SessionName: 'bare' })).toEqual({
      ...{ sessionName: 'bare', isPaused: false, totalPlaySeconds: 0, passedDays: null },
      ...{ isDay: null, dayHours: null, dayMinutes: null },
    });
  });

  it('reads an unconfigured machine as recipe null', () => {
    const unconfigured = {
      ...firstOf('getFactory-assembler.json'),
      Recipe: 'Unassigned',
      RecipeClassName: '',
      IsConfigured: false,
      IsProducing: false,
      production: [{ Name: 'Unassigned', ClassName: '', Amount: 0, MaxAmount: 0 }],
    };
    expect(parseFactory([unconfigured]).records[0]).toMatchObject({
      recipe: null,
      isConfigured: false,
      isProducing: false,
    });
  });

  it('reads "No Station" as station null', () => {
    expect(parseTrains([{ ...firstOf('getTrains.json'), TrainStation: 'No Station' }]).records[0]?.station).toBeNull();
  });

  it('reads PowerInfo.CircuitGroupID -1 as not connected', () => {
    const powerInfo = {
      CircuitGroupID: -1,
      CircuitID: -1,
      FuseTriggered: false,
      PowerConsumed: 0,
      MaxPowerConsumed: 0,
    };
    const building = { ...firstOf('getFactory-assembler.json'), PowerInfo: powerInfo };
    expect(parseFactory([building]).records[0]).toMatchObject({ circuitGroupId: null, powerConsumed: 0 });
  });

  it('keeps old raw drone enums as they are', () => {
    const old = { ...firstOf('getDrone.json'), CurrentFlyingMode: 'DFM_Travel', VehicleType: 'Drone' };
    expect(parseDrones([old]).records[0]?.flyingMode).toBe('DFM_Travel');
  });

  it('skips and counts a circuit without any id among good ones', () => {
    const good = firstOf('getPower-battery-charging.json');
    const { CircuitGroupID: _dropped, ...noId } = good;
    const result = parsePower([good, noId, { ...good, CircuitGroupID: 5 }]);
    expect(result.skipped).toBe(1);
    expect(result.records.map((r) => r.circuitGroupId)).toEqual([0, 5]);
  });

  const listParsers: [string, (body: unknown) => Parsed<unknown>, string][] = [
    ['getPower', parsePower, 'getPower-battery-charging.json'],
    ['getPlayer', parsePlayers, 'getPlayer.json'],
    ['getProdStats', parseProduction, 'getProdStats.json'],
    ['getTrains', parseTrains, 'getTrains.json'],
    ['getDrone', parseDrones, 'getDrone.json'],
    ['getDroneStation', parseDroneStations, 'getDroneStation.json'],
    ['getFactory', (body) => parseFactory(body), 'getFactory-assembler.json'],
  ];

  it.each(listParsers)(
    '%s: broken items (no id, wrong types, non-objects) are skipped and counted',
    (_, parse, name) => {
      const good = firstOf(name);
      const result = parse([{}, good, null, 42, 'text', [], { ...good, ID: 17, ClassName: 17, CircuitGroupID: 'x' }]);
      expect(result.records).toHaveLength(1);
      expect(result.skipped).toBe(6);
    },
  );

  it.each(listParsers)(
    '%s: a record without a usable location is skipped where position is stored',
    (_, parse, name) => {
      const { location: _dropped, ...good } = firstOf(name);
      const keepsWithoutPosition = name.startsWith('getPower') || name.startsWith('getProd');
      expect(parse([good]).skipped).toBe(keepsWithoutPosition ? 0 : 1);
      if (!keepsWithoutPosition) expect(parse([{ ...good, location: { x: 'a', y: 0, z: 0 } }]).skipped).toBe(1);
    },
  );

  it.each([...listParsers, ['getModList', parseModList, '']])('%s: [] is an empty, valid answer', (_, parse) => {
    expect(parse([])).toEqual({ records: [], skipped: 0 });
  });
});

describe('unusable bodies', () => {
  const parsers: [string, (body: unknown) => unknown][] = [
    ['getPower', parsePower],
    ['getPlayer', parsePlayers],
    ['getProdStats', parseProduction],
    ['getTrains', parseTrains],
    ['getDrone', parseDrones],
    ['getDroneStation', parseDroneStations],
    ['getFactory', (body) => parseFactory(body)],
    ['getSessionInfo', parseSessionInfo],
    ['getModList', parseModList],
  ];

  it.each(parsers)('%s: FRM error object -> FrmParseError carrying FRM text', (endpoint, parse) => {
    const error = parseErrorOf(() => parse({ error: 'Blocked API call: World not ready.' }));
    expect(error.endpoint).toBe(endpoint);
    expect(error.message).toContain('FRM answered: Blocked API call: World not ready.');
    expect(error.frmError).toBe('Blocked API call: World not ready.');
    expect(error.name).toBe('FrmParseError');
  });

  it.each(parsers)('%s: "<html>", null, 42, undefined, true -> FrmParseError', (endpoint, parse) => {
    for (const body of ['<html>', null, 42, undefined, true]) {
      const error = parseErrorOf(() => parse(body));
      expect(error.endpoint).toBe(endpoint);
      expect(error.frmError).toBeNull();
      expect(error.message).toContain('expected a JSON array or object');
    }
    expect(parseErrorOf(() => parse('<html>')).message).toContain('"<html>"');
  });

  it('names the per-type endpoint a factory body came from', () => {
    expect(parseErrorOf(() => parseFactory('<html>', 'getAssembler')).endpoint).toBe('getAssembler');
  });

  it('getSessionInfo: [] (no session) and an object without SessionName are errors', () => {
    expect(parseErrorOf(() => parseSessionInfo([])).message).toContain('no session');
    expect(parseErrorOf(() => parseSessionInfo({ IsPaused: false })).message).toContain('SessionName');
    expect(parseErrorOf(() => parseSessionInfo([null])).endpoint).toBe('getSessionInfo');
  });
});
