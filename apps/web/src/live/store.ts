import type {
  AddonStatus,
  IncidentEvent,
  PollResult,
  ServerSnapshot,
  ServerStatus,
  ServerStatusChanged,
} from '@app/contracts';
import { ms, statusLabel } from '../lib/format';
import { i18n } from '../lib/i18n';

/** The store's own texts (the `live` namespace), in the language in use when they are announced. */
const t = i18n.getFixedT(null, 'live');

/** What a poll of each kind carries. */
export type Kind = PollResult['kind'];
export type DataOf<K extends Kind> = NonNullable<Extract<PollResult, { kind: K }>['data']>;

/** The newest poll of one kind: when it ran, whether it failed, and the newest data that arrived. */
export interface KindEntry<K extends Kind = Kind> {
  /** Time of the newest poll (successful or not), ms. */
  time: number;
  /** The newest data (kept when a later poll failed). */
  data: DataOf<K> | null;
  /** Time of that data, ms. */
  dataTime: number | null;
  /** The newest poll's error, null when it succeeded. */
  error: { code: string; message: string } | null;
}

/** One point of the live tick-rate / players series (null = that poll failed: a gap). */
export interface LivePoint {
  t: number;
  tick: number | null;
  players: number | null;
}

export interface ServerLive {
  name: string | null;
  status: ServerStatus | null;
  statusReason: string | null;
  addonStatus: AddonStatus | null;
  addonReason: string | null;
  lastSeenAt: number | null;
  kinds: { [K in Kind]?: KindEntry<K> };
  /** Recent health points, oldest first (live deltas, seeded from history). */
  points: LivePoint[];
  /** When each player was last seen online (ms), by player id. */
  lastOnline: Record<string, number>;
  /** Alerts fired and not yet resolved. */
  incidents: IncidentEvent[];
  /** The room join was refused (e.g. not allowed to see this server). */
  joinError: string | null;
  removed: boolean;
  snapshotAt: number | null;
}

/** A server the page knows nothing of yet (also the base of a panel's view of the store). */
export const EMPTY_LIVE: ServerLive = Object.freeze({
  name: null,
  status: null,
  statusReason: null,
  addonStatus: null,
  addonReason: null,
  lastSeenAt: null,
  kinds: {},
  points: [],
  lastOnline: {},
  incidents: [],
  joinError: null,
  removed: false,
  snapshotAt: null,
}) as ServerLive;

const MAX_POINTS = 2000;

/** Announces status changes to screen readers (set by the layout's live region). */
let announcer: ((message: string) => void) | null = null;
export function setAnnouncer(fn: ((message: string) => void) | null): void {
  announcer = fn;
}

/**
 * The live state of every server the page watches, keyed by server id (or "shared" on share pages). Fed by the
 * socket (snapshots and deltas) and seeded from the REST API; components read it with `useServerLive`.
 */
class LiveStore {
  private readonly servers = new Map<string, ServerLive>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly any = new Set<() => void>();

  get(key: string): ServerLive {
    return this.servers.get(key) ?? EMPTY_LIVE;
  }

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll(listener: () => void): () => void {
    this.any.add(listener);
    return () => this.any.delete(listener);
  }

  forget(key: string): void {
    this.servers.delete(key);
  }

  private update(key: string, fn: (s: ServerLive) => ServerLive): void {
    const before = this.get(key);
    const after = fn(before);
    if (after === before) return;
    this.servers.set(key, after);
    if (after.status && before.status && after.status !== before.status && announcer)
      announcer(
        t(after.statusReason ? 'announce.statusWithReason' : 'announce.status', {
          name: after.name ?? t('announce.server'),
          status: statusLabel(after.status),
          reason: after.statusReason,
        }),
      );
    this.listeners.get(key)?.forEach((l) => l());
    this.any.forEach((l) => l());
  }

  setName(key: string, name: string): void {
    this.update(key, (s) => (s.name === name ? s : { ...s, name }));
  }

  applySnapshot(key: string, snap: ServerSnapshot): void {
    this.update(key, (s) => {
      let next: ServerLive = {
        ...s,
        name: snap.name || s.name,
        status: snap.status,
        statusReason: snap.status === 'online' ? null : (snap.lastError ?? s.statusReason),
        addonStatus: snap.addonStatus,
        addonReason: snap.addonReason ?? (snap.addonStatus === s.addonStatus ? s.addonReason : null),
        lastSeenAt: ms(snap.lastSeenAt) ?? s.lastSeenAt,
        removed: false,
        joinError: null,
        snapshotAt: Date.now(),
      };
      for (const r of snap.latest) next = withPoll(next, r);
      // The snapshot's status is the confirmed one; a stored sample may predate it.
      return { ...next, status: snap.status, addonStatus: snap.addonStatus };
    });
  }

  applyPoll(key: string, result: PollResult): void {
    this.update(key, (s) => withPoll(s, result));
  }

  applyStatus(key: string, ev: ServerStatusChanged): void {
    this.update(key, (s) => ({ ...s, status: ev.status, statusReason: ev.reason }));
  }

  applyAddon(key: string, status: AddonStatus, reason: string | null): void {
    this.update(key, (s) =>
      s.addonStatus === status && s.addonReason === reason ? s : { ...s, addonStatus: status, addonReason: reason },
    );
  }

  applyIncident(key: string, ev: IncidentEvent, fired: boolean): void {
    this.update(key, (s) => {
      const rest = s.incidents.filter((i) => i.incidentId !== ev.incidentId);
      return { ...s, incidents: fired ? [...rest, ev] : rest };
    });
  }

  markRemoved(key: string): void {
    this.update(key, (s) => ({ ...s, removed: true }));
  }

  setJoinError(key: string, error: string | null): void {
    this.update(key, (s) => (s.joinError === error ? s : { ...s, joinError: error }));
  }

  /** REST seed of the server row: only fills what the socket has not told yet. */
  seedServer(
    key: string,
    v: { name?: string; status: string; addon_status: string; last_seen_at: string | null },
    addonReason?: string | null,
  ): void {
    this.update(key, (s) => ({
      ...s,
      name: v.name ?? s.name,
      status: s.status ?? (v.status as ServerStatus),
      addonStatus: s.addonStatus ?? (v.addon_status as AddonStatus),
      addonReason: s.addonReason ?? addonReason ?? null,
      lastSeenAt: s.lastSeenAt ?? ms(v.last_seen_at),
    }));
  }

  /** REST said the add-on is unavailable (409 AddonUnavailable): only when the socket has not said otherwise. */
  seedAddonUnavailable(key: string, reason: string): void {
    this.update(key, (s) =>
      s.addonStatus === null || s.addonStatus === 'unknown'
        ? { ...s, addonStatus: 'unavailable', addonReason: s.addonReason ?? reason }
        : s.addonStatus === 'unavailable' && !s.addonReason
          ? { ...s, addonReason: reason }
          : s,
    );
  }

  /** REST seed of one kind's newest data: ignored when the socket already brought something as new. */
  seedKind<K extends Kind>(key: string, kind: K, time: number, data: DataOf<K>): void {
    this.update(key, (s) => {
      const cur = s.kinds[kind];
      if (cur && cur.time >= time) return s;
      const entry = { time, data, dataTime: time, error: null } as unknown as KindEntry<K>;
      const next: ServerLive = { ...s, kinds: { ...s.kinds, [kind]: entry } };
      if (kind === 'health') {
        const h = data as DataOf<'health'>;
        next.points = mergePoints(s.points, [{ t: time, tick: h.tickRate, players: h.playerCount }]);
      }
      return next;
    });
  }

  /** Seeds the live series from history (older points only: live ones win). */
  seedPoints(key: string, points: LivePoint[]): void {
    this.update(key, (s) => ({ ...s, points: mergePoints(points, s.points) }));
  }

  seedLastOnline(key: string, byPlayer: Record<string, number>): void {
    this.update(key, (s) => {
      const lastOnline = { ...s.lastOnline };
      for (const [id, t] of Object.entries(byPlayer)) lastOnline[id] = Math.max(lastOnline[id] ?? 0, t);
      return { ...s, lastOnline };
    });
  }
}

/** Merges two point lists by time (b wins on equal times), sorted, bounded. */
function mergePoints(a: LivePoint[], b: LivePoint[]): LivePoint[] {
  const byTime = new Map<number, LivePoint>();
  for (const p of a) byTime.set(p.t, p);
  for (const p of b) byTime.set(p.t, p);
  const all = [...byTime.values()].sort((x, y) => x.t - y.t);
  return all.length > MAX_POINTS ? all.slice(all.length - MAX_POINTS) : all;
}

function withPoll(s: ServerLive, r: PollResult): ServerLive {
  const time = ms(r.time) ?? Date.now();
  const cur = s.kinds[r.kind] as KindEntry | undefined;
  if (cur && cur.time > time) return s;
  const entry: KindEntry = {
    time,
    data: r.data ?? cur?.data ?? null,
    dataTime: r.data ? time : (cur?.dataTime ?? null),
    error: r.error,
  };
  const next: ServerLive = { ...s, kinds: { ...s.kinds, [r.kind]: entry } };
  switch (r.kind) {
    case 'health': {
      const h = r.data;
      if (h) {
        if (h.status !== 'unknown') next.status = h.status;
        next.lastSeenAt = Math.max(s.lastSeenAt ?? 0, time);
      }
      // A failed poll is a gap in the series, not a zero.
      next.points = mergePoints(s.points, [{ t: time, tick: h?.tickRate ?? null, players: h?.playerCount ?? null }]);
      break;
    }
    case 'addon':
      if (r.data) {
        next.addonStatus = r.data.status;
        next.addonReason = r.data.reason;
      }
      break;
    case 'players':
      if (r.data) {
        const lastOnline = { ...s.lastOnline };
        for (const p of r.data) if (p.isOnline) lastOnline[p.playerId] = Math.max(lastOnline[p.playerId] ?? 0, time);
        next.lastOnline = lastOnline;
      }
      break;
    default:
      break;
  }
  if (r.kind !== 'health' && r.kind !== 'addon' && r.error?.code === 'addon_unavailable') {
    next.addonStatus = 'unavailable';
    next.addonReason = r.error.message;
  }
  return next;
}

export const liveStore = new LiveStore();
