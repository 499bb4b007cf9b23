import { z } from 'zod';

/** Names of the game phases (GP_Project_Assembly_Phase_N); community mapping, see the reference 1.8. */
export const GAME_PHASE_NAMES = [
  'Onboarding',
  'Distribution Platform',
  'Construction Dock',
  'Main Body',
  'Propulsion Systems',
  'Assembly',
  'Launch',
  'Completed',
] as const;

/** Parses the raw gamePhase value into its number and name; nulls for "None" or an unknown form. */
export function parseGamePhase(raw: string | null | undefined): { number: number | null; name: string | null } {
  const match = raw ? /GP_Project_Assembly_Phase_(\d+)/.exec(raw) : null;
  if (!match) return { number: null, name: null };
  const number = Number(match[1]);
  return { number, name: GAME_PHASE_NAMES[number] ?? `Phase ${number}` };
}

/** QueryServerState's serverGameState, normalised; fields the game did not send are null. */
export interface ServerGameState {
  sessionName: string | null;
  playerCount: number | null;
  playerLimit: number | null;
  techTier: number | null;
  activeSchematic: string | null;
  gamePhase: string | null;
  gamePhaseNumber: number | null;
  gamePhaseName: string | null;
  isRunning: boolean | null;
  isPaused: boolean | null;
  /** Seconds: the save's cumulative play time. */
  totalDuration: number | null;
  tickRate: number | null;
}

const num = z.number().nullable().catch(null).optional();
const bool = z.boolean().nullable().catch(null).optional();
const str = z.string().nullable().catch(null).optional();

// Keys are matched case-insensitively: the game's docs say PascalCase, the game sends camelCase.
const StateSchema = z.looseObject({
  activesessionname: str,
  numconnectedplayers: num,
  playerlimit: num,
  techtier: num,
  activeschematic: str,
  gamephase: str,
  isgamerunning: bool,
  isgamepaused: bool,
  totalgameduration: num,
  averagetickrate: num,
});

const lower = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v]))
    : {};

/** Parses QueryServerState's `data` leniently; returns null when there is no serverGameState object. */
export function parseServerGameState(data: unknown): ServerGameState | null {
  const outer = lower(data)['servergamestate'];
  if (!outer || typeof outer !== 'object') return null;
  const s = StateSchema.parse(lower(outer));
  const phase = parseGamePhase(s.gamephase);
  const int = (v: number | null | undefined): number | null => (typeof v === 'number' ? Math.round(v) : null);
  return {
    sessionName: s.activesessionname ?? null,
    playerCount: int(s.numconnectedplayers),
    playerLimit: int(s.playerlimit),
    techTier: int(s.techtier),
    activeSchematic: s.activeschematic ?? null,
    gamePhase: s.gamephase ?? null,
    gamePhaseNumber: phase.number,
    gamePhaseName: phase.name,
    isRunning: s.isgamerunning ?? null,
    isPaused: s.isgamepaused ?? null,
    totalDuration: int(s.totalgameduration),
    tickRate: s.averagetickrate ?? null,
  };
}
