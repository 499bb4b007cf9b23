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
  // A digit run too long to be a phase (e.g. 400 nines reads as Infinity) is an unknown form too.
  if (!Number.isSafeInteger(number)) return { number: null, name: null };
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

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Keys are matched case-insensitively (the game's docs say PascalCase, the game sends camelCase); values of the
 * wrong type become null instead of failing the whole poll. Hand-written: this runs on every health poll.
 */
function lower(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  // No prototype: a `__proto__` key in the body is then plain data, not the prototype of what we read from.
  const out = Object.create(null) as Record<string, unknown>;
  for (const k in value) out[k.toLowerCase()] = (value as Record<string, unknown>)[k];
  return out;
}

/** Parses QueryServerState's `data` leniently; returns null when there is no serverGameState object. */
export function parseServerGameState(data: unknown): ServerGameState | null {
  const s = lower(lower(data)?.['servergamestate']);
  if (!s) return null;
  const gamePhase = str(s['gamephase']);
  const phase = parseGamePhase(gamePhase);
  return {
    sessionName: str(s['activesessionname']),
    playerCount: int(s['numconnectedplayers']),
    playerLimit: int(s['playerlimit']),
    techTier: int(s['techtier']),
    activeSchematic: str(s['activeschematic']),
    gamePhase,
    gamePhaseNumber: phase.number,
    gamePhaseName: phase.name,
    isRunning: bool(s['isgamerunning']),
    isPaused: bool(s['isgamepaused']),
    totalDuration: int(s['totalgameduration']),
    tickRate: num(s['averagetickrate']),
  };
}
