import type { AddonStatus, IncidentEvent, PollResult, ServerSnapshot, ServerStatusChanged } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { keys, queryClient } from '../lib/query';
import { liveKeys, SHARED_KEY } from './source';
import { liveStore, type ServerLive } from './store';

/** Every socket event the page handles, as one union (the gateway's names: libs/contracts/src/realtime.ts). */
export type LiveEvent =
  | { type: 'snapshot'; snapshot: ServerSnapshot }
  | { type: 'poll'; result: PollResult }
  | { type: 'status'; event: ServerStatusChanged }
  | { type: 'addon'; status: AddonStatus; reason: string | null }
  | { type: 'removed' }
  | { type: 'incident'; event: IncidentEvent; fired: boolean }
  | { type: 'joinError'; error: string | null };

/** The fields of a server row (GET /api/v1/servers, /servers/{id}) that the socket keeps current. */
interface ServerRow {
  id: string;
  name: string;
  status: string;
  addon_status: string;
}

const isRow = (v: unknown): v is ServerRow =>
  typeof v === 'object' && v !== null && typeof (v as ServerRow).id === 'string' && 'status' in v;

function patched<T extends ServerRow>(row: T, live: ServerLive): T {
  const next = {
    ...row,
    name: live.name ?? row.name,
    status: live.status ?? row.status,
    addon_status: live.addonStatus ?? row.addon_status,
  };
  return next.name === row.name && next.status === row.status && next.addon_status === row.addon_status ? row : next;
}

/** Writes what the live store now knows of a server into the cached server list and server details. */
function syncServerQueries(qc: QueryClient, id: string, live: ServerLive, removed: boolean): void {
  qc.setQueryData(keys.servers, (old: unknown) => {
    if (!Array.isArray(old)) return old;
    if (removed) return old.some((s) => isRow(s) && s.id === id) ? old.filter((s) => !isRow(s) || s.id !== id) : old;
    let changed = false;
    const next = old.map((s: unknown) => {
      if (!isRow(s) || s.id !== id) return s;
      const p = patched(s, live);
      changed ||= p !== s;
      return p;
    });
    return changed ? next : old;
  });
  if (!removed) qc.setQueryData(keys.server(id), (old: unknown) => (isRow(old) ? patched(old, live) : old));
}

/**
 * The one door from the socket into the page's state: applies a delta (or snapshot) to the live store, then brings
 * the query cache in line where the delta changes something a query holds: a server's name, status or add-on
 * status in the servers list and its details; a removed server leaves the list (and the plan usage is read again);
 * an alert fired or resolved refreshes the alert pages; a snapshot after a reconnect refreshes the history, to
 * fill what was missed while away.
 */
export function applyLive(key: string, ev: LiveEvent, qc: QueryClient = queryClient): void {
  const rejoined = ev.type === 'snapshot' && liveStore.get(key).snapshotAt !== null;
  switch (ev.type) {
    case 'snapshot':
      liveStore.applySnapshot(key, ev.snapshot);
      break;
    case 'poll':
      liveStore.applyPoll(key, ev.result);
      break;
    case 'status':
      liveStore.applyStatus(key, ev.event);
      break;
    case 'addon':
      liveStore.applyAddon(key, ev.status, ev.reason);
      break;
    case 'removed':
      liveStore.markRemoved(key);
      break;
    case 'incident':
      liveStore.applyIncident(key, ev.event, ev.fired);
      break;
    case 'joinError':
      liveStore.setJoinError(key, ev.error);
      break;
  }
  if (rejoined) void qc.invalidateQueries({ queryKey: liveKeys.historyOf(key) });
  if (ev.type === 'incident') void qc.invalidateQueries({ queryKey: keys.alerts });
  if (key === SHARED_KEY) return; // a share page has no server list or details to keep
  if (ev.type === 'removed') void qc.invalidateQueries({ queryKey: keys.subscription });
  if (ev.type !== 'joinError' && ev.type !== 'incident')
    syncServerQueries(qc, key, liveStore.get(key), ev.type === 'removed');
}
