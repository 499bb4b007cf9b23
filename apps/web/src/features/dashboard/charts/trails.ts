import type { DataOf } from '../../../live/store';
import type { ChartRow } from './chart-history';
import type { LoggedPoll } from './live-log';

/** Where one player went: stretches of positions (x, y in cm), each drawn as one line. */
export interface Trail {
  playerId: string;
  name: string;
  /** Each stretch has at least two positions; a break is where the player was offline, or the save changed. */
  stretches: [number, number][][];
}

/**
 * The players' trails within [from, to] from the logged player polls. A stretch ends when the player goes offline
 * or dies, when another save is loaded, or when polls are missing for longer than about three intervals (the
 * player may have gone anywhere meanwhile); a lone position is no line and is left out (the pin shows it).
 */
export function trailsOf(
  polls: readonly LoggedPoll<'players'>[],
  from: number,
  to: number,
  intervalSeconds: number,
): Trail[] {
  const maxGap = 3 * intervalSeconds * 1000 + 1000;
  const open = new Map<string, { trail: Trail; stretch: [number, number][]; t: number; session: string | null }>();
  const trails = new Map<string, Trail>();
  const close = (id: string) => {
    const o = open.get(id);
    if (o && o.stretch.length >= 2) o.trail.stretches.push(o.stretch);
    open.delete(id);
  };
  for (const poll of polls) {
    if (poll.t < from || poll.t > to) continue;
    const seen = new Set<string>();
    for (const p of poll.data) {
      if (!p.isOnline || p.isDead) continue;
      seen.add(p.playerId);
      let trail = trails.get(p.playerId);
      if (!trail) trails.set(p.playerId, (trail = { playerId: p.playerId, name: p.name, stretches: [] }));
      trail.name = p.name || trail.name;
      const o = open.get(p.playerId);
      const saveChanged = o?.session != null && poll.session !== null && poll.session !== o.session;
      const broken = o && (poll.t - o.t > maxGap || saveChanged);
      if (!o || broken) {
        close(p.playerId);
        open.set(p.playerId, { trail, stretch: [[p.posX, p.posY]], t: poll.t, session: poll.session });
      } else {
        const last = o.stretch[o.stretch.length - 1]!;
        if (last[0] !== p.posX || last[1] !== p.posY) o.stretch.push([p.posX, p.posY]);
        o.t = poll.t;
        o.session = poll.session ?? o.session;
      }
    }
    for (const id of [...open.keys()]) if (!seen.has(id)) close(id);
  }
  for (const id of [...open.keys()]) close(id);
  return [...trails.values()].filter((t) => t.stretches.length > 0);
}

/**
 * The buckets of `/players/trails` (each online player's average position per bucket) as player polls, one per
 * bucket, so the trails over the chosen range are drawn like the live ones.
 */
export function pollsOfTrailRows(rows: readonly ChartRow[]): LoggedPoll<'players'>[] {
  const polls = new Map<number, LoggedPoll<'players'>>();
  for (const r of rows) {
    let poll = polls.get(r.t);
    if (!poll) polls.set(r.t, (poll = { t: r.t, session: r.session, data: [] }));
    const id = String(r.row.id);
    const player: DataOf<'players'>[number] = {
      playerId: id,
      frmId: id,
      name: typeof r.row.name === 'string' ? r.row.name : '',
      isOnline: true,
      isDead: false,
      health: 100,
      speed: 0,
      posX: Number(r.row.pos_x),
      posY: Number(r.row.pos_y),
      posZ: 0,
    };
    poll.data.push(player);
  }
  return [...polls.values()].sort((a, b) => a.t - b.t);
}
