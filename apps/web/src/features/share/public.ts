import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import type { GetAnswer } from '../../lib/api/client';
import { SHARED_KEY } from '../../live/realtime';
import type { DataSource } from '../../live/seed';
import { liveStore } from '../../live/store';

/**
 * What a share link reads without sign-in, shared by the share page and the overlay. This module stays free of
 * the dashboard's panels: the overlay imports it, and its chunk must stay small for streaming software.
 */
export type PublicServer = GetAnswer<'/api/v1/public/{token}'>;

export const shareKeys = { server: (token: string) => ['share', token] as const };

const base = (token: string) => `/api/v1/public/${encodeURIComponent(token)}`;

/** Where the shared dashboard's REST reads go: the public routes of the token, never with the session's token. */
export function shareSource(token: string): DataSource {
  return { key: SHARED_KEY, base: base(token), auth: false };
}

/**
 * The shared server's name and status (a 404 = invalid, revoked or expired link), seeded into the live store so
 * the panels show it before the socket's snapshot. `lib/api` rather than the typed client: the typed client sends
 * the visitor's session, and a share link is read as nobody (the answer's type is still the document's).
 */
export function useShare(token: string) {
  const query = useQuery({
    queryKey: shareKeys.server(token),
    queryFn: () => api<PublicServer>('GET', base(token), undefined, { auth: false }),
  });
  const server = query.data?.server;
  useEffect(() => {
    if (server) liveStore.seedServer(SHARED_KEY, server);
  }, [server]);
  return query;
}
