import { useEffect, useSyncExternalStore } from 'react';
import { liveStore, type DataOf, type Kind, type ServerLive } from '../../../live/store';

/** The kinds whose live polls the charts and the player trails keep. */
export const LOGGED_KINDS = ['power', 'production', 'generators', 'resource_sink', 'players'] as const;
export type LoggedKind = (typeof LOGGED_KINDS)[number];

/** One live poll: its time (ms), the save loaded then (the newest session poll's), its data. */
export interface LoggedPoll<K extends Kind = Kind> {
  t: number;
  session: string | null;
  data: DataOf<K>;
}

/**
 * The live polls of one server kept since the dashboard opened it. The live store holds only the newest poll of
 * each kind; the charts draw the polls after their history's last bucket, and the player map draws trails from the
 * players' positions (no REST route serves positions over time).
 */
export interface LiveLog {
  /** When the log began (ms). */
  since: number;
  polls: { [K in LoggedKind]: LoggedPoll<K>[] };
}

/** Polls kept per kind: six hours at 30 s intervals, three at 15 s. */
const MAX_POLLS = 720;

const logs = new Map<string, { log: LiveLog; users: number; stop: () => void }>();
const listeners = new Map<string, Set<() => void>>();
const EMPTY: LiveLog = Object.freeze({
  since: 0,
  polls: { power: [], production: [], generators: [], resource_sink: [], players: [] },
});

/**
 * The save loaded now, as the poller tags the samples: from the newer of the health poll (the game's own API) and
 * the add-on's session poll.
 */
export function currentSession(live: ServerLive): string | null {
  const health = live.kinds.health;
  const session = live.kinds.session;
  const fromHealth = health?.data?.sessionName ? { t: health.dataTime ?? 0, name: health.data.sessionName } : null;
  const fromAddon = session?.data?.sessionName ? { t: session.dataTime ?? 0, name: session.data.sessionName } : null;
  if (fromHealth && fromAddon) return fromAddon.t >= fromHealth.t ? fromAddon.name : fromHealth.name;
  return (fromAddon ?? fromHealth)?.name ?? null;
}

/** The log with every logged kind's newest poll added, when it is newer than the one kept (the same log otherwise). */
export function record(log: LiveLog, live: ServerLive): LiveLog {
  const session = currentSession(live);
  let polls: LiveLog['polls'] | null = null;
  for (const kind of LOGGED_KINDS) {
    const entry = live.kinds[kind];
    if (!entry?.data || entry.dataTime === null) continue;
    const kept = log.polls[kind] as LoggedPoll[];
    if (kept.length > 0 && kept[kept.length - 1]!.t >= entry.dataTime) continue;
    polls ??= { ...log.polls };
    const next = [...kept, { t: entry.dataTime, session, data: entry.data }];
    (polls as Record<LoggedKind, LoggedPoll[]>)[kind] = next.length > MAX_POLLS ? next.slice(-MAX_POLLS) : next;
  }
  return polls ? { ...log, polls } : log;
}

function start(key: string): void {
  const held = logs.get(key);
  if (held) {
    held.users++;
    return;
  }
  const entry = {
    log: record({ ...EMPTY, since: Date.now() }, liveStore.get(key)),
    users: 1,
    stop: (): void => undefined,
  };
  entry.stop = liveStore.subscribe(key, () => {
    const next = record(entry.log, liveStore.get(key));
    if (next === entry.log) return;
    entry.log = next;
    listeners.get(key)?.forEach((l) => l());
  });
  logs.set(key, entry);
  listeners.get(key)?.forEach((l) => l());
}

function release(key: string): void {
  const held = logs.get(key);
  if (!held || --held.users > 0) return;
  held.stop();
  logs.delete(key);
}

/** The live log of a server while the component is mounted (it begins with the first component that asks). */
export function useLiveLog(key: string): LiveLog {
  useEffect(() => {
    start(key);
    return () => release(key);
  }, [key]);
  return useSyncExternalStore(
    (l) => {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(l);
      return () => set.delete(l);
    },
    () => logs.get(key)?.log ?? EMPTY,
  );
}
