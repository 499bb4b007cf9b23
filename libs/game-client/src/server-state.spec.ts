import { describeChangelist } from './game-version';
import { parseGamePhase, parseServerGameState } from './server-state';

// Live capture, game 1.2.4.0, tier-6 save (reference 1.7, QueryServerState).
const LIVE = {
  serverGameState: {
    activeSessionName: 'ExampleSession',
    numConnectedPlayers: 0,
    playerLimit: 4,
    techTier: 6,
    activeSchematic:
      "/Script/Engine.BlueprintGeneratedClass'/Game/FactoryGame/Schematics/Progression/Schematic_6-6.Schematic_6-6_C'",
    gamePhase:
      "/Script/FactoryGame.FGGamePhase'/Game/FactoryGame/GamePhases/GP_Project_Assembly_Phase_2.GP_Project_Assembly_Phase_2'",
    isGameRunning: true,
    totalGameDuration: 96654,
    isGamePaused: false,
    averageTickRate: 21.415126800537109,
    autoLoadSessionName: 'ExampleSession',
    agreeToCrashUploadRequested: false,
  },
};

describe('parseServerGameState', () => {
  it('reads the live capture into the fields the platform stores', () => {
    expect(parseServerGameState(LIVE)).toEqual({
      sessionName: 'ExampleSession',
      playerCount: 0,
      playerLimit: 4,
      techTier: 6,
      activeSchematic: LIVE.serverGameState.activeSchematic,
      gamePhase: LIVE.serverGameState.gamePhase,
      gamePhaseNumber: 2,
      gamePhaseName: 'Construction Dock',
      isRunning: true,
      isPaused: false,
      totalDuration: 96654,
      tickRate: 21.415126800537109,
    });
  });

  it('accepts the documented PascalCase keys and turns values of the wrong type into null', () => {
    const state = parseServerGameState({
      ServerGameState: { NumConnectedPlayers: 3, TechTier: 'six', AverageTickRate: null },
    });
    expect(state).toMatchObject({ playerCount: 3, techTier: null, tickRate: null, sessionName: null });
  });

  it('returns null without a serverGameState object', () => {
    expect(parseServerGameState(undefined)).toBeNull();
    expect(parseServerGameState({ serverGameState: 'x' })).toBeNull();
  });
});

describe('parseGamePhase and describeChangelist', () => {
  it('parses phase numbers and names; "None" has neither', () => {
    expect(parseGamePhase(LIVE.serverGameState.gamePhase)).toEqual({ number: 2, name: 'Construction Dock' });
    expect(parseGamePhase('GP_Project_Assembly_Phase_0')).toEqual({ number: 0, name: 'Onboarding' });
    expect(parseGamePhase('GP_Project_Assembly_Phase_12')).toEqual({ number: 12, name: 'Phase 12' });
    expect(parseGamePhase('None')).toEqual({ number: null, name: null });
  });

  it('names game versions by changelist', () => {
    expect(describeChangelist(366202)).toBe('1.0 (CL 366202)');
    expect(describeChangelist(415558)).toBe('1.1 (CL 415558)');
    expect(describeChangelist(502094)).toBe('1.2.4 (CL 502094)');
    expect(describeChangelist(420000)).toBe('1.1 or later (CL 420000)');
    expect(describeChangelist(211839)).toBe('before 1.0 (CL 211839)');
  });
});
