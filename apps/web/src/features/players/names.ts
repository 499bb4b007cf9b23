import type { TFunction } from 'i18next';

/** How a session's player is named: the add-on's name, or the anonymous slot. */
export function playerLabel(
  t: TFunction<'players'>,
  p: { player_name: string | null; anonymous: boolean; slot: number | null },
): string {
  return p.player_name ?? t('players:anonymousSlot', { slot: p.slot ?? '?' });
}

/** Lanes of a timeline: one per player, in order of first join, each with its sessions as [start, end] ms. */
export interface Lane {
  playerId: string;
  label: string;
  anonymous: boolean;
  spans: { from: number; to: number; open: boolean }[];
  seconds: number;
}

/** Groups sessions into lanes, clipped to from..to. */
export function lanesOf(
  sessions: readonly {
    player_id: string;
    player_name: string | null;
    anonymous: boolean;
    slot: number | null;
    joined_at: string;
    left_at: string | null;
    duration_seconds: number;
  }[],
  from: number,
  to: number,
  label: (s: { player_name: string | null; anonymous: boolean; slot: number | null }) => string,
): Lane[] {
  const lanes = new Map<string, Lane>();
  const ordered = [...sessions].sort((a, b) => Date.parse(a.joined_at) - Date.parse(b.joined_at));
  for (const s of ordered) {
    let lane = lanes.get(s.player_id);
    if (!lane) {
      lane = { playerId: s.player_id, label: label(s), anonymous: s.anonymous, spans: [], seconds: 0 };
      lanes.set(s.player_id, lane);
    }
    const start = Math.max(from, Date.parse(s.joined_at));
    const end = Math.min(to, s.left_at ? Date.parse(s.left_at) : to);
    if (end < start) continue;
    lane.spans.push({ from: start, to: end, open: s.left_at === null });
    lane.seconds += s.duration_seconds;
  }
  return [...lanes.values()];
}
