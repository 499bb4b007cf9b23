/** Game changelists of known releases (reference, section 0). */
const RELEASES: readonly [number, string][] = [
  [502094, '1.2.4'],
  [415558, '1.1'],
  [366202, '1.0'],
];

/** The first changelist of game 1.0, which introduced the HTTPS API the platform uses. */
export const GAME_1_0_CHANGELIST = 366202;

/** A readable version for a changelist, e.g. "1.1 (CL 415558)" or "before 1.0 (CL 211839)". */
export function describeChangelist(changelist: number): string {
  const release = RELEASES.find(([cl]) => changelist >= cl);
  return release
    ? `${release[1]}${changelist === release[0] ? '' : ' or later'} (CL ${changelist})`
    : `before 1.0 (CL ${changelist})`;
}
