import { createHash } from 'node:crypto';

/** A session still open (no `left_at`) on one server. */
export interface OpenSession {
  playerId: string;
  joinedAt: Date;
  anonymous: boolean;
  slot: number | null;
}

/** Where the derivation of one server stands: the newest input of each source it applied. */
export interface SessionCursor {
  playersAt: Date | null;
  healthAt: Date | null;
  statusAt: Date | null;
  sessionAt: Date | null;
  addonAt: Date | null;
  sessionName: string | null;
  /** Sessions are named (the add-on's players), not counted from the health's player count. */
  named: boolean;
}

/** Why a session ended. */
export type CloseReason = 'left' | 'offline' | 'save_changed' | 'source_changed';

/** A session to open. */
export interface SessionOpen {
  playerId: string;
  playerName: string | null;
  anonymous: boolean;
  slot: number | null;
  joinedAt: Date;
  sessionName: string | null;
}

/** A session to close. */
export interface SessionClose {
  playerId: string;
  joinedAt: Date;
  leftAt: Date;
  reason: CloseReason;
  /** An anonymous slot's session (no player: no last-seen time kept). */
  anonymous: boolean;
}

/** What one input changes: `null` when it is a replay or older than what was applied (nothing changes). */
export interface SessionPlan {
  opens: SessionOpen[];
  closes: SessionClose[];
  /** Sessions that never were: anonymous slots the add-on's names replace moments after they opened. */
  drops: { playerId: string; joinedAt: Date }[];
  cursor: SessionCursor;
}

/** One input of the derivation, read from a poll result or a status change. */
export type SessionInput =
  | { source: 'players'; time: Date; players: { playerId: string; name: string; isOnline: boolean }[] | null }
  | { source: 'health'; time: Date; playerCount: number | null; sessionName: string | null; ok: boolean }
  | { source: 'session'; time: Date; sessionName: string | null }
  | { source: 'addon'; time: Date; available: boolean | null }
  | { source: 'status'; time: Date; up: boolean };

/** The cursor of a server never seen. */
export const EMPTY_CURSOR: SessionCursor = {
  playersAt: null,
  healthAt: null,
  statusAt: null,
  sessionAt: null,
  addonAt: null,
  sessionName: null,
  named: false,
};

/** Anonymous slots opened this recently before the first named players poll are replaced, not kept. */
export const REPLACED_WITHIN_MS = 5 * 60_000;

const CURSOR_FIELD = {
  players: 'playersAt',
  health: 'healthAt',
  status: 'statusAt',
  session: 'sessionAt',
  addon: 'addonAt',
} as const;

/** The stable id of an anonymous slot on a server (UUID version 5 layout, like the players' ids). */
export function slotPlayerId(serverId: string, slot: number): string {
  const hash = createHash('sha1').update(`${serverId}/anonymous-slot/${slot}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Plans what one input changes. Idempotent on replays: an input not newer than the last one applied from its source
 * (or older than the last status change, which may have closed everything) changes nothing, so a redelivered or
 * replayed poll result never opens or closes a session twice.
 */
export function planSessions(
  serverId: string,
  cursor: SessionCursor,
  open: readonly OpenSession[],
  input: SessionInput,
): SessionPlan | null {
  const last = cursor[CURSOR_FIELD[input.source]];
  if (last && input.time.getTime() <= last.getTime()) return null;
  if (cursor.statusAt && input.time.getTime() < cursor.statusAt.getTime()) return null;
  const plan = new PlanBuilder(serverId, { ...cursor, [CURSOR_FIELD[input.source]]: input.time }, open, input.time);
  switch (input.source) {
    case 'status':
      if (!input.up) plan.closeAll(() => true, 'offline');
      break;
    case 'session':
      plan.seeSave(input.sessionName);
      break;
    case 'addon':
      // Without the add-on nobody can be named any more: the named sessions end and the count takes over.
      if (input.available === false && plan.cursor.named) {
        plan.closeAll((s) => !s.anonymous, 'source_changed');
        plan.cursor.named = false;
      }
      break;
    case 'health':
      if (!input.ok) break;
      plan.seeSave(input.sessionName);
      if (!plan.cursor.named && input.playerCount !== null) plan.count(input.playerCount);
      break;
    case 'players':
      if (input.players) plan.name(input.players);
      break;
  }
  return { opens: plan.opens, closes: plan.closes, drops: plan.drops, cursor: plan.cursor };
}

class PlanBuilder {
  readonly opens: SessionOpen[] = [];
  readonly closes: SessionClose[] = [];
  readonly drops: { playerId: string; joinedAt: Date }[] = [];
  private open: OpenSession[];

  constructor(
    private readonly serverId: string,
    readonly cursor: SessionCursor,
    open: readonly OpenSession[],
    private readonly time: Date,
  ) {
    this.open = [...open];
  }

  closeAll(which: (s: OpenSession) => boolean, reason: CloseReason): void {
    for (const s of this.open.filter(which)) {
      this.closes.push({
        playerId: s.playerId,
        joinedAt: s.joinedAt,
        leftAt: this.time,
        reason,
        anonymous: s.anonymous,
      });
    }
    this.open = this.open.filter((s) => !which(s));
  }

  /** Another save loaded: every session of the old one ends. */
  seeSave(name: string | null): void {
    if (name === null) return;
    if (this.cursor.sessionName !== null && this.cursor.sessionName !== name) this.closeAll(() => true, 'save_changed');
    this.cursor.sessionName = name;
  }

  /** Without the add-on: as many anonymous slots open as the count says (lowest free slots first, highest leave). */
  count(playerCount: number): void {
    const slots = this.open.filter((s) => s.anonymous).sort((a, b) => (a.slot ?? 0) - (b.slot ?? 0));
    if (playerCount < slots.length) {
      const leaving = new Set(slots.slice(playerCount));
      this.closeAll((s) => leaving.has(s), 'left');
      return;
    }
    const taken = new Set(slots.map((s) => s.slot));
    let slot = 1;
    for (let i = slots.length; i < playerCount; i++) {
      while (taken.has(slot)) slot++;
      taken.add(slot);
      this.add({ playerId: slotPlayerId(this.serverId, slot), playerName: null, anonymous: true, slot });
    }
  }

  /** With the add-on: the online players' sessions open, the others close; counted slots end. */
  name(players: readonly { playerId: string; name: string; isOnline: boolean }[]): void {
    if (!this.cursor.named) {
      // A server with the add-on is counted by its health polls until its first players poll: those slots were
      // the same people, so they go; slots of a server that ran without the add-on for a while stay in history.
      const fresh = (s: OpenSession) => s.anonymous && this.time.getTime() - s.joinedAt.getTime() <= REPLACED_WITHIN_MS;
      for (const s of this.open.filter(fresh)) this.drops.push({ playerId: s.playerId, joinedAt: s.joinedAt });
      this.open = this.open.filter((s) => !fresh(s));
      this.closeAll((s) => s.anonymous, 'source_changed');
      this.cursor.named = true;
    }
    const online = new Map(players.filter((p) => p.isOnline).map((p) => [p.playerId, p]));
    this.closeAll((s) => !s.anonymous && !online.has(s.playerId), 'left');
    const present = new Set(this.open.map((s) => s.playerId));
    for (const p of online.values()) {
      if (!present.has(p.playerId))
        this.add({ playerId: p.playerId, playerName: p.name, anonymous: false, slot: null });
    }
  }

  private add(s: Omit<SessionOpen, 'joinedAt' | 'sessionName'>): void {
    this.opens.push({ ...s, joinedAt: this.time, sessionName: this.cursor.sessionName });
    this.open.push({ playerId: s.playerId, joinedAt: this.time, anonymous: s.anonymous, slot: s.slot });
  }
}
