import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useTransitionStore } from '../lib/hooks';
import { liveClient, type ConnInfo, type LiveClient } from './realtime';
import { liveStore, type ServerLive } from './store';

/** The live client of the page (the session's in the layout, the share token's on share pages). */
export const LiveContext = createContext<LiveClient | null>(null);

export function useSessionLive(): LiveClient {
  return liveClient({ kind: 'session' });
}

export function useShareLive(token: string): LiveClient {
  return liveClient({ kind: 'share', token });
}

export function useLive(): LiveClient | null {
  return useContext(LiveContext);
}

const OFFLINE: ConnInfo = { state: 'connecting', attempt: 0, message: null, connects: 0, notice: null };

export function useConnection(client: LiveClient | null): ConnInfo {
  return useSyncExternalStore(
    (l) => client?.subscribe(l) ?? (() => undefined),
    () => client?.conn ?? OFFLINE,
  );
}

/** Joins the server's room while the component is mounted. */
export function useWatch(client: LiveClient | null, serverIds: string[]): void {
  const key = serverIds.join(',');
  useEffect(() => {
    if (!client || !key) return;
    const releases = key.split(',').map((id) => client.want(id));
    return () => releases.forEach((r) => r());
  }, [client, key]);
}

/** A server's live state; a poll, snapshot or seed renders as a transition (useTransitionStore says why). */
export function useServerLive(key: string): ServerLive {
  return useTransitionStore(
    key,
    (l) => liveStore.subscribe(key, l),
    () => liveStore.get(key),
  );
}
